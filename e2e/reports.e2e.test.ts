/**
 * The report screens in the browser (issue 9, spec §2): an administrator
 * opens a report from the periods table's link and reads its charts over the
 * demo data; a user with only 'Ver Reportes por Campus' cannot reach the
 * report by cycle, nor another campus's report by changing the id in the URL.
 * Every report screen passes axe-core with no serious or critical violation.
 * The teachers' ranking is searched by name and sorted by a column (issue 20).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampusReportSummary, ReportOverview } from '../packages/core/src/api/reports';
import type { TeacherCommentsReport, TeachersReport } from '../packages/core/src/survey-kinds/alumnos-evaluacion-docente/report-contract';
import type { InstituteOpinionReport } from '../packages/core/src/survey-kinds/alumnos-nuevo-ingreso/report-contract';
import { formatAverage, formatChange } from '../packages/core/src/format';
import { PERMISSIONS } from '../packages/core/src/permissions';
import { addDays, mexicoCityDay } from '../packages/core/src/dates';
import { formatCount, formatPercent } from '../packages/core/src/format';
import { CAMPUS_NOT_GRANTED } from '../packages/server/src/http/grants';
import { periodForDay } from '../packages/server/src/db/seed/demo';
import { waitUntil } from '../packages/server/test/helpers/timeouts';
import { AdminApi, adminPageLogin } from './harness/admin-api';
import { seriousAxeViolations } from './harness/axe';
import { launchBrowser, newPage } from './harness/browser';
import { choose } from './harness/select';
import { STEP_TIMEOUT_MS } from './harness/timeouts';
import { sidewaysOverflowOnPhone } from './harness/touch';
import { startServer, type RunningServer } from './harness/server';

let server: RunningServer;
let browser: Browser;
let adminToken: string;
const currentPeriod = periodForDay(mexicoCityDay()).nombre;
/** The back office's API as the admin (and the users this file sets up) calls it beside the browser. */
const adminApi = () => new AdminApi(server.baseUrl);
const apiLogin = (email: string, password: string) => adminApi().login(email, password);
const apiGet = <T>(path: string, token: string) => adminApi().get<T>(path, token);
const apiSend = (method: 'POST' | 'PUT', path: string, body: object) => adminApi().send(method, path, adminToken, body);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminToken = await apiLogin('admin@encuestas.mx', 'Encuestas2026!');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function login(page: Page, email: string, password: string): Promise<void> {
  await adminPageLogin(page, server.baseUrl, email, password);
  await page.getByRole('heading', { name: 'Te damos la bienvenida' }).waitFor();
}

const count = (n: number) => new Intl.NumberFormat('es-MX').format(n);

describe('report screens in the browser', () => {
  it('an administrator opens a report from the periods table and reads its response count, charts and their tables', async () => {
    const { page } = await newPage(browser, 'report-from-periods');
    await login(page, 'admin@encuestas.mx', 'Encuestas2026!');
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Periodos y ciclos' }).click();
    await choose(page, 'Encuestas Campus', 'Puebla');
    await choose(page, 'Periodo', currentPeriod);
    const row = page.getByRole('table', { name: 'Periodos de encuestas' }).getByRole('row').filter({ hasText: 'En aplicación' }).first();
    await row.getByRole('link', { name: 'Encuesta de Servicios A' }).click();

    // With both report permissions the link lands on the report by campus.
    await page.waitForURL(/\/admin\/report\/campus\/\d+\/students\?/);
    await page.getByRole('heading', { name: 'Reporte por campus', level: 1 }).waitFor();
    const url = new URL(page.url());
    const [cicleId, periodoId, campusId] = ['cicleId', 'periodoId', 'campusId'].map((key) => url.searchParams.get(key));
    expect(url.pathname).toContain(`/report/campus/${campusId}/students`);

    // The figure, computed here from the API's day-by-day counts (the test sums them itself).
    const overview = await apiGet<ReportOverview>(`/reports/overview?cicleId=${cicleId}&periodoId=${periodoId}&campusId=${campusId}`, adminToken);
    const responses = overview.daily.reduce((sum, day) => sum + day.n, 0);
    expect(responses).toBeGreaterThan(0);
    expect(overview.scope.campuses.map((c) => c.nombre)).toEqual(['Puebla']);

    const summary = page.getByRole('region', { name: 'Resumen' });
    await summary.getByText(count(responses), { exact: true }).waitFor();
    await summary.getByText('Tasa de respuesta', { exact: true }).waitFor();

    // The daily chart draws, and its table one click away holds the same figures.
    const daily = page.getByRole('figure', { name: 'Respuestas por día' });
    await daily.locator('svg').first().waitFor();
    await daily.getByText('No. Respuestas').first().waitFor();
    await daily.getByRole('button', { name: 'Ver tabla' }).click();
    const table = daily.getByRole('table', { name: 'Respuestas por día' });
    await table.waitFor();
    await table.getByRole('row').nth(1).waitFor();
    // Show every day on one page, then add the cells up.
    const pager = daily.getByRole('combobox', { name: /Registros por página/ });
    if (await pager.count()) {
      await pager.click();
      await page.getByRole('option', { name: '100', exact: true }).click();
    }
    const cells = await table.locator('tbody tr td').allTextContents();
    expect(cells.reduce((sum, cell) => sum + Number(cell.replace(/\D/g, '')), 0)).toBe(responses);

    // Results per section: the first section's diverging bars, each question whole with its shares, and their table.
    const firstSection = overview.questionnaires[0]!.sections[0]!;
    const scaleIndex = firstSection.items.findIndex((item) => item.type === 'rating');
    const sectionFigure = page.getByRole('figure', { name: firstSection.title });
    await sectionFigure.getByText(`${scaleIndex + 1}. ${firstSection.items[scaleIndex]!.text}`, { exact: true }).waitFor();
    await sectionFigure.getByText(/^Favorable \d+% \([\d,]+\) · Neutral/).first().waitFor();
    await sectionFigure.getByRole('button', { name: 'Ver tabla' }).click();
    await sectionFigure.getByRole('table', { name: firstSection.title }).waitFor();

    // The index takes the reader, and the focus, to a section.
    await page.getByRole('navigation', { name: 'Índice del reporte' }).getByRole('link', { name: firstSection.title, exact: true }).click();
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe(`seccion-${overview.questionnaires[0]!.id}-v${overview.questionnaires[0]!.version}-${firstSection.id}`);

    // Accessible as drawn: no serious or critical axe-core violation, the open table included.
    expect(await seriousAxeViolations(page)).toEqual([]);

    // On a 390 px phone the page itself never scrolls sideways.
    expect(await sidewaysOverflowOnPhone(page)).toBe(0);
    await page.getByRole('figure', { name: 'Respuestas por día' }).locator('svg').first().waitFor();
  });

  it("'Resultados' opens the report by cycle over every campus: campuses in a chart and the teachers' ranking 12 a page", async () => {
    const { page } = await newPage(browser, 'results-teacher-evaluation');
    await openTeacherReport(page);
    await page.getByRole('heading', { name: 'Reporte por ciclo', level: 1 }).waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get('campusId')).toBeNull();

    // Each campus's responses beside their share of the report's, as the API counts them.
    const query = `cicleId=${url.searchParams.get('cicleId')}&periodoId=${url.searchParams.get('periodoId')}`;
    const byCampus = (await apiGet<ReportOverview>(`/reports/overview?${query}`, adminToken)).campuses!;
    const allResponses = byCampus.reduce((sum, c) => sum + c.responses, 0);
    const campuses = page.getByRole('figure', { name: 'Respuestas por campus' });
    const bars = campuses.getByRole('listitem');
    await bars.first().waitFor();
    await expect(bars.count()).resolves.toBe(7);
    const [campus] = byCampus;
    await bars.filter({ hasText: campus!.campus.nombre }).getByText(`${formatCount(campus!.responses)} · ${formatPercent(campus!.responses / allResponses)}`).waitFor();
    await campuses.getByRole('button', { name: 'Ver tabla' }).click();
    await expect(campuses.getByRole('table').locator('tbody tr').count()).resolves.toBe(7);

    const teachers = await apiGet<{ total: number; perPage: number }>(`/reports/teachers?${query}`, adminToken);
    expect(teachers.perPage).toBe(12);
    const panel = page.getByRole('region', { name: 'Resultados por docente' });
    await panel.getByText(`${count(teachers.total)} docentes · 12 por página`).waitFor();
    const ranking = panel.getByRole('table', { name: 'Docentes' }).locator('tbody tr');
    await expect(ranking.count()).resolves.toBe(Math.min(12, teachers.total));
    // The teachers' comments under the ranking: 12 teachers a page, each opening its comments.
    const commented = await apiGet<TeacherCommentsReport>(`/reports/teacher-comments?${query}`, adminToken);
    expect(commented.perPage).toBe(12);
    expect(commented.teachers.length).toBeGreaterThan(0);
    const commentsSection = page.getByRole('region', { name: 'Comentarios por docente' });
    await commentsSection.getByText(`${count(commented.total)} docentes · 12 por página`).waitFor();
    const commentedList = commentsSection.getByRole('list', { name: 'Docentes con comentarios' }).getByRole('listitem');
    await expect(commentedList.count()).resolves.toBe(commented.teachers.length);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await ranking.first().getByRole('button').click();
    const dialog = page.getByRole('dialog');
    // The teacher's mean as differences from the norms, with their n, and on an axis near the means.
    await dialog.getByText(/^\d\.\d\d · [+−]?\d\.\d\d (sobre|bajo) el campus \(n = [\d,]+\)|igual que el campus \(n = /).first().waitFor();
    await dialog.getByRole('figure', { name: 'Promedio frente al campus y la institución' }).getByText('Promedio general', { exact: true }).waitFor();
    // Beside the norms, the same teacher in the previous term (the demo has it for all but each campus's newest teacher).
    await dialog.getByText(/^Periodo anterior \(\d{4}[AB]\): (\d\.\d\d · cambio ([+\u2212]\d\.\d\d|0\.00)|sin promedio; .+)$/).waitFor();
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await dialog.waitFor({ state: 'detached' });

    const first = commented.teachers[0]!;
    await commentedList.first().getByRole('button', { name: new RegExp(first.teacher.name) }).click();
    const comments = page.getByRole('dialog', { name: `Comentarios sobre ${first.teacher.name} (${count(first.comments)})` });
    const commentItems = comments.getByRole('list', { name: `Comentarios de ${first.teacher.name}` }).getByRole('listitem');
    await commentItems.first().waitFor();
    await expect(commentItems.count()).resolves.toBe(
      Math.min(12, first.comments),
    );
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
  });

  it("new intake's opinion by institute and its 'Otro' lists, the NOM-035 panel and the campus's survey types, all accessible", async () => {
    const { page } = await newPage(browser, 'new-intake-nom035-campus-cycles');
    await login(page, 'admin@encuestas.mx', 'Encuestas2026!');
    const { campuses } = await apiGet<{ campuses: { id: number; nombre: string }[] }>('/campus', adminToken);
    const { cicles } = await apiGet<{ cicles: { id: number; name: string }[] }>('/ciclos', adminToken);
    const { periodos } = await apiGet<{ periodos: { id: number; nombre: string }[] }>('/periodos', adminToken);
    const puebla = campuses.find((c) => c.nombre === 'Puebla')!.id;
    const periodo = periodos.find((p) => p.nombre === currentPeriod)!.id;
    const cycleId = (name: string) => cicles.find((c) => c.name === name)!.id;

    // New intake by cycle (every campus): the table of spec §2 with the API's rows, 10 a page.
    const intake = `cicleId=${cycleId('Nuevo Ingreso')}&periodoId=${periodo}`;
    const institutes = await apiGet<InstituteOpinionReport>(`/reports/new-intake/institutes?${intake}`, adminToken);
    expect(institutes.rows.length).toBeGreaterThan(0);
    await page.goto(`${server.baseUrl}/admin/report/students?${intake}`);
    const table = page
      .getByRole('region', { name: 'Opinión de los alumnos por institución de procedencia' })
      .getByRole('table', { name: 'Opinión de los alumnos por institución de procedencia' });
    await table.locator('tbody tr').first().waitFor();
    await expect(table.locator('tbody tr').count()).resolves.toBe(Math.min(10, institutes.rows.length));
    const top = institutes.rows[0]!;
    await expect(table.locator('tbody tr').first().locator('th').textContent()).resolves.toBe(top.name);

    // The school catalogue is charted by count, and its 'Otro' leads to the schools the students wrote.
    // While an application is open each small group's latest answers wait for its close, and no campus
    // has yet published the 5 written schools a list needs. Puebla's application closes (it ended the day
    // before yesterday): the mover publishes what it held, and its written schools can be read.
    const writtenSchools = async () =>
      (await apiGet<ReportOverview>(`/reports/overview?${intake}`, adminToken)).texts.find((t) => t.id === 'schoolName')!;
    expect((await writtenSchools()).total).toBe(0);
    const { actives } = await apiGet<{ actives: { id: number; start_active: string; cicles: { id: number }[] }[] }>(
      `/actives?campusId=${puebla}&periodoId=${periodo}`,
      adminToken,
    );
    const application = actives.find((a) => a.cicles.some((c) => c.id === cycleId('Nuevo Ingreso')))!;
    const ended = addDays(mexicoCityDay(), -2);
    const closing = await apiSend('PUT', `/actives/${application.id}`, {
      startDate: application.start_active < ended ? application.start_active : ended,
      endDate: ended,
      cicles: application.cicles.map((c) => c.id),
    });
    expect(closing.status).toBe(200);
    const written = await waitUntil('the closed application to be published', async () => {
      const list = await writtenSchools();
      return list.total > 0 && list;
    }, STEP_TIMEOUT_MS);
    await page.reload();
    const schools = page.getByRole('figure', { name: /¿En qué escuela estudiaste el bachillerato\?/ });
    // The longest school name among the 15 drawn, whole (never cut at 25 characters), its count beside its
    // share of the students who answered the question.
    const institute = (await apiGet<ReportOverview>(`/reports/overview?${intake}`, adminToken)).questionnaires[0]!.sections
      .flatMap((s) => s.items)
      .find((item) => item.id === 'institute')!;
    const drawn = [...institute.distribution].sort((a, b) => b.n - a.n).slice(0, 15);
    const longest = drawn.reduce((a, b) => (b.label.length > a.label.length ? b : a));
    expect(longest.label.length).toBeGreaterThan(25);
    const bar = schools.getByRole('listitem').filter({ has: page.getByText(longest.label, { exact: true }) });
    await bar.getByText(`${formatCount(longest.n)} · ${formatPercent(longest.n / institute.shareBase)}`, { exact: true }).waitFor();
    await schools.getByRole('button', { name: new RegExp(`lo escrito en «Otro» \\(${count(written.total)}\\)`, 'i') }).click();
    const commentsRegion = page.getByRole('region', { name: 'Comentarios' });
    await expect(commentsRegion.getByRole('combobox', { name: 'Lista' }).textContent()).resolves.toContain(written.text);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // NOM-035 at one campus: its single application opens with the final score and its level, then the workers per risk level.
    await page.goto(`${server.baseUrl}/admin/report/campus/${puebla}/students?cicleId=${cycleId('NOM-035')}&periodoId=${periodo}&campusId=${puebla}`);
    await page.getByRole('table', { name: 'Aplicaciones de la NOM-035' }).waitFor();
    await page.getByText(/^Calificación final \d+\.\d\d · (Nulo o despreciable|Bajo|Medio|Alto|Muy alto)$/).first().waitFor();
    await page.getByRole('figure', { name: 'Calificación final: trabajadores por nivel de riesgo' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The campus's survey types: one card per granted type with the summary's figures.
    const summary = await apiGet<CampusReportSummary>(`/reports/summary?periodoId=${periodo}&campusId=${puebla}`, adminToken);
    await page.goto(`${server.baseUrl}/admin/report/campus/${puebla}/cicle?periodoId=${periodo}`);
    const cards = page.getByRole('list', { name: 'Tipos de encuesta' }).getByRole('listitem');
    await cards.first().waitFor();
    await expect(cards.count()).resolves.toBe(summary.cycles.length);
    const services = summary.cycles.find((c) => c.cycle.name === 'Encuesta de Servicios A')!;
    await cards.filter({ hasText: 'Encuesta de Servicios A' }).getByText(new RegExp(`^${count(services.published)} respuestas`)).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("a user with only 'Ver Reportes por Campus' cannot reach the report by cycle nor another campus's report", async () => {
    const password = 'Segura-Tilo-2026';
    const email = 'reportes.puebla@encuestas.mx';
    const created = await apiSend('POST', '/users', { name: 'Reportes', email, password, password_confirmation: password });
    expect(created.status).toBe(201);
    const userId = ((await created.json()) as { user: { id: number } }).user.id;
    const { campuses } = await apiGet<{ campuses: { id: number; nombre: string }[] }>('/campus', adminToken);
    const { cicles } = await apiGet<{ cicles: { id: number; name: string }[] }>('/ciclos', adminToken);
    const { periodos } = await apiGet<{ periodos: { id: number; nombre: string }[] }>('/periodos', adminToken);
    const puebla = campuses.find((c) => c.nombre === 'Puebla')!.id;
    const guadalajara = campuses.find((c) => c.nombre === 'Guadalajara')!.id;
    const cycle = cicles.find((c) => c.name === 'Encuesta de Servicios A')!.id;
    const periodo = periodos.find((p) => p.nombre === currentPeriod)!.id;
    const access = await apiSend('PUT', `/users/${userId}/access`, {
      permissions: [PERMISSIONS.viewCampusReports],
      groups: [],
      campusIds: [puebla],
      cicleIds: cicles.map((c) => c.id),
    });
    expect(access.status).toBe(200);

    const { page } = await newPage(browser, 'campus-reports-only');
    await login(page, email, password);
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Resultados' }).waitFor();

    // The report by cycle needs 'Ver Reportes por Ciclo': the user is sent back to the start page.
    await page.goto(`${server.baseUrl}/admin/report/students?cicleId=${cycle}&periodoId=${periodo}&campusId=${puebla}`);
    await page.waitForURL((u) => u.pathname.endsWith('/encuestas/admin'));
    await page.getByRole('heading', { name: 'Te damos la bienvenida' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Reporte por ciclo' }).count()).resolves.toBe(0);

    // Their own campus's report opens.
    await page.goto(`${server.baseUrl}/admin/report/campus/${puebla}/students?cicleId=${cycle}&periodoId=${periodo}&campusId=${puebla}`);
    await page.getByRole('region', { name: 'Resumen' }).getByText('Tasa de respuesta', { exact: true }).waitFor();

    // Another campus's id in the URL reads nothing: the server's Spanish refusal is shown.
    await page.goto(`${server.baseUrl}/admin/report/campus/${guadalajara}/students?cicleId=${cycle}&periodoId=${periodo}&campusId=${guadalajara}`);
    await page.getByRole('alert').filter({ hasText: CAMPUS_NOT_GRANTED }).waitFor();
    await expect(page.getByRole('region', { name: 'Resumen' }).count()).resolves.toBe(0);
  });
});

// The ranking search (issue 20): a teacher typed without accents, with the campus and the change from the previous
// term as the API gives it; sorting by a column header, by keyboard too; on a phone the table scrolls in its box.
function ranking(query: string): Promise<TeachersReport> {
  return apiGet<TeachersReport>(`/reports/teachers?${query}`, adminToken);
}

/** Lower case, without accents: what someone types in a hurry. */
const typed = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Signs the administrator in and opens, from «Resultados», the teacher evaluation's report by cycle of the current period. */
async function openTeacherReport(page: Page): Promise<URL> {
  await login(page, 'admin@encuestas.mx', 'Encuestas2026!');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Resultados' }).click();
  await page.getByRole('heading', { name: 'Resultados', level: 1 }).waitFor();
  await choose(page, 'Tipo de encuesta', 'Evaluación Docente');
  await choose(page, 'Periodo', currentPeriod);
  await page.getByRole('button', { name: 'Ver reporte' }).click();
  await page.waitForURL(/\/admin\/report\/students\?/);
  return new URL(page.url());
}

describe('the ranking search', () => {
  it('finds a teacher typed without accents, with the campus and the change from the previous term; sorts by a column; scrolls on a phone', async () => {
    const { page } = await newPage(browser, 'ranking-search');
    const url = await openTeacherReport(page);
    const scope = `cicleId=${url.searchParams.get('cicleId')}&periodoId=${url.searchParams.get('periodoId')}`;
    // A teacher with a change from the previous term (the demo's newest teacher of each campus has none),
    // with an accent in the name if the first page has one (typed without it).
    const first = await ranking(scope);
    const compared = first.teachers.filter((row) => row.change !== null);
    expect(compared.length).toBeGreaterThan(first.teachers.length / 2);
    const target = compared.find((row) => typed(row.teacher.name) !== row.teacher.name.toLowerCase()) ?? compared[0]!;
    expect(first.previousPeriodo).not.toBeNull();
    const previous = first.previousPeriodo!.nombre;

    const panel = page.getByRole('region', { name: 'Resultados por docente' });
    const table = panel.getByRole('table', { name: 'Docentes' });
    await table.locator('tbody tr').first().waitFor();
    const search = typed(target.teacher.name.split(' ').slice(0, 2).join(' '));
    await panel.getByRole('searchbox', { name: 'Buscar docente por nombre' }).fill(search);
    const expected = await ranking(`${scope}&search=${encodeURIComponent(search)}`);
    await panel.getByText(expected.total === 1 ? '1 docente · 12 por página' : `${expected.total} docentes · 12 por página`).waitFor();
    const found = table.getByRole('row', { name: new RegExp(target.teacher.name) });
    await found.waitFor();
    await expect(table.locator('tbody tr').count()).resolves.toBe(expected.teachers.length);
    const cells = await found.getByRole('cell').allTextContents();
    // Place, campus, ..., the previous term's mean and the change: figures, not «—».
    expect([cells[0], cells[1], ...cells.slice(-2)]).toEqual([String(target.rank), target.campus.nombre, formatAverage(target.previousMean), formatChange(target.change)]);
    expect(cells.at(-1)).toMatch(/^([+\u2212]\d\.\d\d|0\.00)$/);
    await table.getByRole('columnheader', { name: `Cambio desde ${previous}` }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Back to every teacher, then by mean from the keyboard: highest first, then lowest.
    await panel.getByRole('searchbox', { name: 'Buscar docente por nombre' }).fill('');
    const everyone = await ranking(scope);
    await panel.getByText(`${everyone.total} docentes · 12 por página`).waitFor();
    const meanHeader = table.getByRole('columnheader', { name: 'Promedio', exact: true });
    const sortedBy = (order: 'ascending' | 'descending') => table.locator(`th[aria-sort="${order}"]`).filter({ hasText: /^Promedio$/ });
    await meanHeader.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await sortedBy('descending').waitFor();
    const [highest, lowest] = [(await ranking(`${scope}&sort=mean&order=desc`)).teachers[0]!, (await ranking(`${scope}&sort=mean&order=asc`)).teachers[0]!];
    await table.locator('tbody tr').first().getByRole('rowheader', { name: highest.teacher.name }).waitFor();
    await page.keyboard.press('Enter');
    await sortedBy('ascending').waitFor();
    await table.locator('tbody tr').first().getByRole('rowheader', { name: lowest.teacher.name }).waitFor();

    // A phone: the table scrolls inside its box; the page never scrolls sideways.
    expect(await sidewaysOverflowOnPhone(page)).toBe(0);
    await table.locator('tbody tr').first().waitFor();
    const box = await table.evaluate((element) => ({ inner: element.scrollWidth, outer: element.parentElement!.clientWidth }));
    expect(box.inner).toBeGreaterThan(box.outer);
  });
});
