import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { FILTER_YEAR_MESSAGE, type MissingReport } from '@encuestas/core/api/missing';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { answer, apiError, renderScreen, sentTo, signInAdmin } from '../../../test-support/dom-harness';
import { MissingPage } from './missing-page';

const REPORT_PATH = 'GET /ciclo/3/missing/students';
const VALUES_PATH = 'GET /ciclo/3/missing/students/values';

function report(people: MissingReport['missingList'] extends infer L ? (L extends { people: infer P } ? P : never) : never): MissingReport {
  return {
    scope: {
      cycle: { id: 3, name: 'Evaluación docente', surveyKind: 'alumnos/evaluacionDocente' },
      periodo: { id: 5, nombre: '2026B' },
      campusId: null,
      campuses: [{ id: 1, nombre: 'Centro' }],
      from: null,
      to: null,
      empty: false,
      emptyMessage: null,
    },
    audience: 'students',
    respondentType: 'student',
    targetAmmount: 10,
    answered: 10 - people.length,
    evaluations: null,
    breakdown: [],
    missing: people.length,
    missingChartData: [
      { key: 'answered', label: 'Respondieron', value: 10 - people.length },
      { key: 'missing', label: 'Faltan por responder', value: people.length },
    ],
    missingList: { people, total: people.length, page: 1, perPage: 25 },
    missingListMessage: null,
    deadline: '2026-11-30',
    notListed: 0,
    notListedNote: '',
  };
}

const ana = { id: 1, pcId: 'A001', fullName: 'Ana López Ruiz', email: 'ana@example.mx', campus: 'Centro', plan: 'ING', grupo: '3A', puesto: null, subjects: null };

beforeEach(() => {
  signInAdmin([PERMISSIONS.viewCycleReports, PERMISSIONS.sendReminders]);
  answer(REPORT_PATH, report([ana]));
  answer(VALUES_PATH, { campuses: [{ id: 1, nombre: 'Centro' }, { id: 2, nombre: 'Norte' }], plans: ['ADM', 'ING'], groups: ['1A', '3A'], sessions: ['M', 'V'] });
});

const renderPage = () =>
  renderScreen(<MissingPage />, { path: '/admin/pendientes/alumnos/3?periodoId=5', route: '/admin/pendientes/:audience/:cicleId' });

// Over 80 lines because it is a describe block: short tests in a row, sharing the file's set-up.
describe('MissingPage', () => {
  it('shows who is missing in the report’s scope; a filter applied asks the server again', async () => {
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Alumnos pendientes de responder' })).toBeTruthy();
    expect(await screen.findByText('Evaluación docente · 2026B · Todos tus campus')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Lista de pendientes' })).getByText('Ana López Ruiz')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Matrícula o número de empleado (pc_id)' }), '100000001');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    await waitFor(() => expect(sentTo(REPORT_PATH).at(-1)!.path).toContain('pc_id=100000001'));
    expect(sentTo(REPORT_PATH).at(-1)!.path).toContain('periodoId=5');
  });

  it('picks plan, group and session from the directory’s values, and narrows the list to a campus', async () => {
    const { user } = renderPage();
    await screen.findByText('Ana López Ruiz');
    expect(sentTo(VALUES_PATH)[0]!.path).toContain('periodoId=5');

    await user.click(screen.getByRole('combobox', { name: 'Grupo' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['1A', '3A']);
    await user.click(screen.getByRole('option', { name: '3A' }));
    await user.click(screen.getByRole('combobox', { name: 'Plan' }));
    await user.click(await screen.findByRole('option', { name: 'ING' }));
    // A value not in the directory is no choice: typing it and leaving the field keeps nothing.
    await user.type(screen.getByRole('combobox', { name: 'Sesión' }), 'Z');
    expect(await screen.findByText('Sin coincidencias en el directorio')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    await waitFor(() => expect(sentTo(REPORT_PATH).at(-1)!.path).toContain('grupo=3A'));
    expect(sentTo(REPORT_PATH).at(-1)!.path).toContain('plan=ING');
    expect(sentTo(REPORT_PATH).at(-1)!.path).not.toContain('sesion');

    await user.click(screen.getByRole('combobox', { name: 'Campus' }));
    await user.click(await screen.findByRole('option', { name: 'Norte' }));
    await waitFor(() => expect(sentTo(REPORT_PATH).at(-1)!.path).toContain('campusId=2'));
  });

  it('breaks the list down by group, furthest behind first; «Ver este grupo» narrows the list to it', async () => {
    const centro = { id: 1, nombre: 'Centro' };
    answer(REPORT_PATH, {
      ...report([ana]),
      breakdown: [
        { campus: centro, plan: 'ING', grupo: '3A', expected: 4, answered: 1, rate: 0.25 },
        { campus: centro, plan: 'ADM', grupo: '1A', expected: 6, answered: 6, rate: 1 },
      ],
    });
    const { user } = renderPage();
    const breakdown = await screen.findByRole('region', { name: 'Avance por grupo' });
    const rows = within(breakdown).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['ING 3A · Centro', 'ADM 1A · Centro']);
    expect(within(rows[0]!).getByRole('progressbar', { name: 'Avance de ING 3A · Centro' }).getAttribute('aria-valuetext')).toBe('25%');
    await user.click(within(rows[0]!).getByRole('button', { name: 'Ver este grupo: ING 3A · Centro' }));
    await waitFor(() => expect(sentTo(REPORT_PATH).at(-1)!.path).toContain('grupo=3A'));
    expect(sentTo(REPORT_PATH).at(-1)!.path).toContain('plan=ING');
    expect(sentTo(REPORT_PATH).at(-1)!.path).toContain('campusId=1');
  });

  it('a filter value the rules refuse shows its message at the field and asks nothing', async () => {
    const { user } = renderPage();
    await screen.findByText('Ana López Ruiz');
    const asked = sentTo(REPORT_PATH).length;
    await user.type(screen.getByRole('textbox', { name: 'Año de ingreso' }), '1800');
    await user.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    expect(screen.getByText(FILTER_YEAR_MESSAGE)).toBeTruthy();
    expect(sentTo(REPORT_PATH)).toHaveLength(asked);
  });

  it('nobody missing: the empty list says so, and there is no reminder to send', async () => {
    answer(REPORT_PATH, report([]));
    renderPage();
    expect(await screen.findByText('Nadie falta por responder')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar recordatorio' })).toBeNull();
  });

  it('a report the server refuses shows its Spanish message', async () => {
    answer(REPORT_PATH, apiError(403, 'FORBIDDEN', 'No tienes acceso a los reportes de este campus.'));
    renderPage();
    expect(await screen.findByText('No tienes acceso a los reportes de este campus.')).toBeTruthy();
  });

  it('an address without its period says where to open the list from', async () => {
    renderScreen(<MissingPage />, { path: '/admin/pendientes/alumnos/3', route: '/admin/pendientes/:audience/:cicleId' });
    expect(await screen.findByText('La dirección no indica qué lista mostrar. Ábrela desde un reporte.')).toBeTruthy();
  });

  it('the reminder: its preview and recipients, then the sending; a text the server refuses shows at its field', async () => {
    answer('GET /ciclo/3/missing/students/reminders/recipients', { recipients: 1, alreadyReminded: 0, withoutEmail: 0 });
    answer(
      'POST /ciclo/3/missing/students/reminders',
      apiError(422, 'VALIDATION_FAILED', 'Revisa el texto.', { text: ['El texto solo puede llevar enlaces a la plataforma'] }),
      { job: { id: 'job-1', status: 'done', total: 1, processed: 1, sent: 1, alreadyReminded: 0, failed: 0, createdAt: '2026-11-27T08:00:00.000Z' } },
    );
    answer('GET /reminders/job-1', { job: { id: 'job-1', status: 'done', total: 1, processed: 1, sent: 1, alreadyReminded: 0, failed: 0, createdAt: '2026-11-27T08:00:00.000Z' } });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Enviar recordatorio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar recordatorio' });
    expect(await within(dialog).findByText('Se enviará a 1 persona.')).toBeTruthy();
    expect(within(within(dialog).getByRole('region', { name: 'Vista previa' })).getByText('Recordatorio: responde «Evaluación docente» antes del 30/11/2026')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Enviar a 1 persona' }));
    expect(await within(dialog).findByText('El texto solo puede llevar enlaces a la plataforma')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar a 1 persona' }));
    expect(await within(dialog).findByText(/^Se envió 1 recordatorio/)).toBeTruthy();
    expect(sentTo('POST /ciclo/3/missing/students/reminders')[1]!.body).toMatchObject({ periodoId: 5, subject: expect.stringContaining('Recordatorio') });
  });
});
