/**
 * The back-office screens issue 20 measures on the demo, shared by
 * `npm run lighthouse` (the page's own work) and `npm run bench:reports --
 * --screens` (the API calls a screen makes on open): who signs in, and the
 * address of each screen, read from the demo through the API.
 */
import type { Page } from 'playwright-core';
import { mexicoCityDay } from '../packages/core/src/dates';
import { PERMISSIONS } from '../packages/core/src/permissions';
import { DEMO_ADMIN, periodForDay } from '../packages/server/src/db/seed/demo';

export interface AdminAccount {
  email: string;
  password: string;
}

/** A dean: one campus (Puebla), its reports and its missing lists, every cycle (as e2e/start-page.e2e.test.ts makes one). */
export const BENCH_DEAN: AdminAccount = { email: 'decana.bench@encuestas.mx', password: 'Decana-Bench-2026' };

export type BackOfficeSession = 'admin' | 'dean';
export const ACCOUNTS: Record<BackOfficeSession, AdminAccount> = { admin: DEMO_ADMIN, dean: BENCH_DEAN };

export type ScreenId = 'admin-home' | 'dean-home' | 'report-index' | 'report' | 'report-teachers' | 'periods' | 'missing';

export interface Screen {
  id: ScreenId;
  label: string;
  session: BackOfficeSession;
  /** Path under the app's base (/encuestas). */
  path: string;
}

async function apiLogin(api: string, account: AdminAccount): Promise<string> {
  const response = await fetch(`${api}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (response.status !== 200) throw new Error(`login of ${account.email} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Creates the dean (once per database) and returns the screens with their
 * addresses: Puebla, the current period, Servicios A and the teacher
 * evaluation (the demo's answers).
 */
export async function prepareBackOffice(baseUrl: string): Promise<Screen[]> {
  const api = `${baseUrl}/api`;
  const token = await apiLogin(api, DEMO_ADMIN);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const get = async <T>(p: string): Promise<T> => {
    const response = await fetch(`${api}${p}`, { headers });
    if (response.status !== 200) throw new Error(`GET ${p} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const { campuses } = await get<{ campuses: { id: number; nombre: string }[] }>('/campus');
  const { cicles } = await get<{ cicles: { id: number; name: string }[] }>('/ciclos');
  const { periodos } = await get<{ periodos: { id: number; nombre: string }[] }>('/periodos');
  const campus = campuses.find((c) => c.nombre === 'Puebla')?.id;
  const services = cicles.find((c) => c.name === 'Encuesta de Servicios A')?.id;
  const evaluation = cicles.find((c) => c.name === 'Evaluación Docente')?.id;
  const period = periodos.find((p) => p.nombre === periodForDay(mexicoCityDay()).nombre)?.id;
  if (!campus || !services || !evaluation || !period) throw new Error('the demo data has no Puebla, Servicios A, teacher evaluation or current period');

  const created = await fetch(`${api}/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Decana', email: BENCH_DEAN.email, password: BENCH_DEAN.password, password_confirmation: BENCH_DEAN.password }),
  });
  // 201 on a fresh database; a kept one has the dean already.
  if (created.status === 201) {
    const userId = ((await created.json()) as { user: { id: number } }).user.id;
    const access = await fetch(`${api}/users/${userId}/access`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        permissions: [PERMISSIONS.viewCampusReports, PERMISSIONS.viewMissingRespondents, PERMISSIONS.sendReminders],
        groups: [],
        campusIds: [campus],
        cicleIds: cicles.map((c) => c.id),
      }),
    });
    if (access.status !== 200) throw new Error(`granting the dean answered ${access.status}: ${await access.text()}`);
  }

  const report = (cycle: number) => `/admin/report/campus/${campus}/students?cicleId=${cycle}&periodoId=${period}&campusId=${campus}`;
  return [
    { id: 'admin-home', label: 'start page (administrator)', session: 'admin', path: '/admin' },
    { id: 'dean-home', label: 'start page (one-campus dean)', session: 'dean', path: '/admin' },
    { id: 'report-index', label: 'report index (Puebla)', session: 'dean', path: `/admin/report/campus/${campus}/cicle` },
    { id: 'report', label: 'campus report (Servicios A)', session: 'admin', path: report(services) },
    { id: 'report-teachers', label: 'campus report (teacher evaluation)', session: 'admin', path: report(evaluation) },
    { id: 'periods', label: 'periods (/admin/periodosCiclos)', session: 'admin', path: '/admin/periodosCiclos' },
    { id: 'missing', label: 'missing list (teacher evaluation, Puebla)', session: 'admin', path: `/admin/pendientes/alumnos/${evaluation}?periodoId=${period}&campusId=${campus}` },
  ];
}

/** Signs a tab in through the sign-in page (the session lives in the tab's sessionStorage). */
export async function signInTab(page: Page, baseUrl: string, account: AdminAccount): Promise<void> {
  await page.goto(`${baseUrl}/admin-login`);
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('heading', { name: 'Te damos la bienvenida' }).waitFor();
}
