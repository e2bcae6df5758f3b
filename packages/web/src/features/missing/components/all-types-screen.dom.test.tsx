import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MISSING_LIST_NOT_PERMITTED, NO_OPEN_SURVEY_TYPES, type PeriodMissingPerson, type PeriodMissingReport } from '@encuestas/core/api/missing';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { answer, apiError, renderAdminAt, sentTo } from '../../../test-support/dom-harness';

const LIST = 'GET /periodos/5/missing/students';
const VALUES = 'GET /periodos/5/missing/students/values';
const PERMISSIONS_ALL = [PERMISSIONS.viewCycleReports, PERMISSIONS.viewMissingRespondents, PERMISSIONS.sendReminders];

const EVALUATION = { cycleId: 3, surveyKind: 'alumnos/evaluacionDocente', title: 'Evaluación docente', deadline: '2026-11-30' };
const SERVICES = { cycleId: 1, surveyKind: 'alumnos/serviciosA', title: 'Encuesta de satisfacción con los servicios', deadline: '2026-12-02' };

const person = (id: number, fullName: string, owed: PeriodMissingPerson['owed']): PeriodMissingPerson => ({
  id,
  pcId: `10000000${id}`,
  fullName,
  email: `p${id}@example.mx`,
  campus: 'Centro',
  plan: 'ING',
  grupo: '3A',
  puesto: null,
  subjects: null,
  respondentType: 'student',
  owed,
});
const sofia = person(1, 'Sofía Ramos Díaz', [
  { ...SERVICES, subjects: null },
  { ...EVALUATION, subjects: { done: 1, total: 4 } },
]);
const beto = person(2, 'Beto Mora Gil', [{ ...SERVICES, subjects: null }]);

function report(people: PeriodMissingPerson[], over: Partial<PeriodMissingReport> = {}): PeriodMissingReport {
  return {
    periodo: { id: 5, nombre: '2026B' },
    campusId: null,
    campuses: [{ id: 1, nombre: 'Centro' }],
    audience: 'students',
    types: [
      { cycle: { id: 1, name: 'SERVICIOS A' }, surveyKind: SERVICES.surveyKind, title: SERVICES.title, respondentType: 'student', expected: 3, answered: 1, deadline: SERVICES.deadline },
      { cycle: { id: 3, name: 'EVALUACIÓN DOCENTE' }, surveyKind: EVALUATION.surveyKind, title: EVALUATION.title, respondentType: 'student', expected: 3, answered: 2, deadline: EVALUATION.deadline },
    ],
    targetAmmount: 3,
    answered: 3 - people.length,
    missing: people.length,
    missingList: { people, total: people.length, page: 1, perPage: 10 },
    missingListMessage: null,
    empty: false,
    emptyMessage: null,
    ...over,
  };
}

const job = { id: 'job-1', status: 'done', total: 2, processed: 2, sent: 2, alreadyReminded: 0, failed: 0, createdAt: '2026-11-27T08:00:00.000Z', finishedAt: null };

beforeEach(() => {
  answer(LIST, report([sofia, beto]));
  answer(VALUES, {
    campuses: [{ id: 1, nombre: 'Centro' }],
    plans: ['ING'],
    groups: ['3A'],
    sessions: [],
    types: [
      { cycleId: 1, title: SERVICES.title },
      { cycleId: 3, title: EVALUATION.title },
    ],
  });
});

const open = (permissions: readonly string[] = PERMISSIONS_ALL) => renderAdminAt('/admin/pendientes/alumnos?periodoId=5', permissions);

// Over 80 lines because it is a describe block: short tests in a row, sharing the file's set-up.
describe('the missing list over every survey type', () => {
  it('lists each person once with the surveys they owe and the classes left, and the figures of the period', async () => {
    open();
    expect(await screen.findByText('Todas las encuestas · 2026B · Todos tus campus')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Personas que faltan por responder' });
    const owedBySofia = within(table).getByRole('list', { name: 'Encuestas que le faltan a Sofía Ramos Díaz' });
    expect(within(owedBySofia).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Encuesta de satisfacción con los servicios',
      'Evaluación docente (evaluó 1 de 4 materias)',
    ]);
    expect(within(table).getAllByText('Beto Mora Gil')).toHaveLength(1);
    const summary = screen.getByRole('region', { name: 'Encuestas del periodo' });
    expect(within(summary).getByText('Les falta algo').nextSibling?.textContent).toBe('2');
    expect(within(summary).getByText(/respondieron 2 de 3 \(66\.7%\) · hasta el 30\/11\/2026/)).toBeTruthy();
    // The period is the path's: not sent again as a filter.
    expect(sentTo(LIST)[0]!.path).not.toContain('periodoId');
  });

  it('«Encuesta» opens one survey type’s list, and «Todas las encuestas» comes back', async () => {
    answer('GET /ciclo/3/missing/students', apiError(403, 'FORBIDDEN', 'Lista de un solo tipo'));
    const { user } = open();
    await screen.findByRole('table', { name: 'Personas que faltan por responder' });
    await user.click(screen.getByRole('combobox', { name: 'Encuesta' }));
    await user.click(await screen.findByRole('option', { name: 'Evaluación docente' }));
    expect(await screen.findByText('Lista de un solo tipo')).toBeTruthy();
    expect(sentTo('GET /ciclo/3/missing/students')[0]!.path).toContain('periodoId=5');

    await user.click(screen.getByRole('combobox', { name: 'Encuesta' }));
    await user.click(await screen.findByRole('option', { name: 'Todas las encuestas' }));
    expect(await screen.findByText('Todas las encuestas · 2026B · Todos tus campus')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Encuestas que le faltan a Sofía Ramos Díaz' })).toBeTruthy();
  });

  it('one reminder per person: the preview names every survey owed with its last day; the sending goes to the period', async () => {
    answer('GET /periodos/5/missing/students/reminders/recipients', { recipients: 2, alreadyReminded: 0, withoutEmail: 0 });
    answer('POST /periodos/5/missing/students/reminders', { job });
    answer('GET /reminders/job-1', { job });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Enviar recordatorio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar recordatorio' });
    expect(await within(dialog).findByText('Se enviará a 2 personas.')).toBeTruthy();
    const preview = within(dialog).getByRole('region', { name: 'Vista previa' });
    expect(within(preview).getByText('Recordatorio: tienes encuestas pendientes, la primera cierra el 30/11/2026')).toBeTruthy();
    expect(preview.textContent).toContain('• «Encuesta de satisfacción con los servicios», hasta el 02/12/2026.');
    expect(preview.textContent).toContain('• «Evaluación docente», hasta el 30/11/2026. Te faltan 3 materias por evaluar.');

    await user.click(within(dialog).getByRole('button', { name: 'Enviar a 2 personas' }));
    expect(await within(dialog).findByText(/^Se enviaron 2 recordatorios/)).toBeTruthy();
    const body = sentTo('POST /periodos/5/missing/students/reminders')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ subject: expect.stringContaining('Recordatorio'), text: expect.stringContaining('{pendientes}') });
    expect(body).not.toHaveProperty('periodoId');
  });

  it('no survey open to the audience: says so, with no list and no reminder', async () => {
    answer(LIST, report([], { types: [], targetAmmount: 0, answered: 0, missing: 0, empty: true, emptyMessage: NO_OPEN_SURVEY_TYPES }));
    open();
    expect(await screen.findByText(NO_OPEN_SURVEY_TYPES)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Lista de pendientes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enviar recordatorio' })).toBeNull();
  });

  it('without «Ver Pendientes por Responder»: the figures, and why there are no names', async () => {
    answer(LIST, report([sofia, beto], { missingList: null, missingListMessage: MISSING_LIST_NOT_PERMITTED }));
    open([PERMISSIONS.viewCycleReports]);
    expect(await screen.findByText(MISSING_LIST_NOT_PERMITTED)).toBeTruthy();
    expect(screen.queryByText('Sofía Ramos Díaz')).toBeNull();
    expect(screen.getByText('Les falta algo')).toBeTruthy();
  });

  it('a list the server refuses shows its Spanish message', async () => {
    answer(LIST, apiError(404, 'NOT_FOUND', 'No se encontró el periodo.'));
    open();
    expect(await screen.findByText('No se encontró el periodo.')).toBeTruthy();
  });

  describe('on a phone', () => {
    const wide = window.matchMedia;
    beforeEach(() => {
      window.matchMedia = ((query: string) => ({
        matches: /max-width/.test(query),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      })) as typeof window.matchMedia;
    });
    afterEach(() => {
      window.matchMedia = wide;
    });

    it('shows each person as a card with what they owe', async () => {
      open();
      const cards = await screen.findByRole('list', { name: 'Personas que faltan por responder' });
      const owed = within(cards).getByRole('list', { name: 'Encuestas que le faltan a Sofía Ramos Díaz' });
      expect(within(owed).getAllByRole('listitem')).toHaveLength(2);
    });
  });
});
