import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Nom035Action, Nom035CampusFile, Nom035FileApplication } from '@encuestas/core/api/nom035-file';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { answer, apiError, renderScreen, sentTo, signInAdmin } from '../../../test-support/dom-harness';
import { Nom035FilePage } from './nom035-file-page';

const obligation = (numeral: string, title: string, state: Nom035CampusFile['obligations'][number]['state'], detail: string) => ({ numeral, title, applies: true, state, detail, evidence: [] });

const FILE: Nom035CampusFile = {
  campus: { id: 1, nombre: 'Centro' },
  today: '2026-11-27',
  headcount: 30,
  band: 'from16To50',
  obligations: [
    obligation('5.1', 'Política de prevención de riesgos psicosociales', 'pendiente', 'Falta registrar la fecha en que se difundió.'),
    obligation('7.9', 'Evaluación al menos cada dos años', 'vencido', 'La siguiente evaluación debió hacerse a más tardar el 01/05/2026.'),
    { ...obligation('8.1 b)', 'Mecanismo seguro y confidencial de quejas y denuncias', 'cumplido', 'El buzón está abierto.'), evidence: [{ label: 'Cerrados', value: '3', link: '/admin/buzon' }] },
  ],
  policy: null,
  notices: [],
  applications: [],
  referrals: { total: 0, attended: 0, names: null },
};

beforeEach(() => {
  signInAdmin([PERMISSIONS.manageNom035]);
  answer('GET /campus/permissions', { campuses: [{ id: 1, nombre: 'Centro' }], allCampuses: false });
  answer('GET /nom035/campus/1/file', FILE);
});

const renderPage = () => renderScreen(<Nom035FilePage />, { path: '/admin/nom035/expediente' });

describe('Nom035FilePage', () => {
  it('lists the campus’s obligations with their state and evidence links', async () => {
    renderPage();
    const policy = (await screen.findByRole('heading', { name: '5.1 · Política de prevención de riesgos psicosociales' })).closest('li')!;
    expect(within(policy).getByText('Pendiente')).toBeTruthy();
    const clock = screen.getByRole('heading', { name: '7.9 · Evaluación al menos cada dos años' }).closest('li')!;
    expect(within(clock).getByText('Vencido')).toBeTruthy();
    expect(screen.getByRole('link', { name: '3' }).getAttribute('href')).toContain('/admin/buzon');
    expect(screen.getByText('Este campus aún no tiene aplicaciones de la NOM-035.')).toBeTruthy();
  });

  it('saves the policy and shows the file the server answers; a refusal shows its Spanish message', async () => {
    answer('PUT /nom035/campus/1/policy', apiError(422, 'VALIDATION_FAILED', 'Escribe una fecha válida con el formato AAAA-MM-DD'), {
      ...FILE,
      obligations: [obligation('5.1', 'Política de prevención de riesgos psicosociales', 'cumplido', 'La política está escrita, adoptada y difundida.')],
    });
    const { user } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Texto de la política' }), 'Nuestra política');
    await user.click(screen.getByRole('button', { name: 'Guardar política' }));
    expect(await screen.findByText('Escribe una fecha válida con el formato AAAA-MM-DD')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Guardar política' }));
    expect(await screen.findByText('La política está escrita, adoptada y difundida.')).toBeTruthy();
    expect(sentTo('PUT /nom035/campus/1/policy')[1]!.body).toEqual({ text: 'Nuestra política', documentRef: '', adoptedOn: null, madeKnownOn: null });
  });

  it('says so when the file cannot be read', async () => {
    answer('GET /nom035/campus/1/file', apiError(403, 'FORBIDDEN', 'No tienes acceso a ese campus. Solicítalo a tu administrador.'));
    renderPage();
    expect(await screen.findByText('No tienes acceso a ese campus. Solicítalo a tu administrador.')).toBeTruthy();
  });
});

const ACTION: Nom035Action = {
  id: 3,
  guide: 'II',
  scope: 'domain',
  key: 'workload',
  groupName: 'Cargas de trabajo',
  area: 'Servicios escolares',
  measure: 'Redistribuir las tareas',
  level: 'organizational',
  dueOn: '2026-12-15',
  responsible: 'Recursos Humanos',
  state: 'pending',
  followUp: '',
  overdue: false,
  notes: [],
};

const APPLICATION: Nom035FileApplication = {
  id: 9,
  periodo: '2026A',
  startActive: '2026-03-01',
  endActive: '2026-03-31',
  headcount: { workers: 30, takenOn: null },
  guides: [{ guide: 'II', respondents: 30, withheld: false }],
  groups: [
    { guide: 'II', scope: 'final', key: '', name: 'Calificación final', score: 80, level: 'alto', needsAction: false, covered: false },
    { guide: 'II', scope: 'domain', key: 'workload', name: 'Cargas de trabajo', score: 20, level: 'alto', needsAction: true, covered: true },
    { guide: 'II', scope: 'domain', key: 'leadership', name: 'Liderazgo', score: 5, level: 'bajo', needsAction: false, covered: false },
  ],
  report: null,
  missingReportFields: [],
  actions: [ACTION],
  publication: null,
};

const WITH_RECORDS: Nom035CampusFile = {
  ...FILE,
  notices: [{ id: 7, item: 'policy', how: 'Correo a todo el personal', givenOn: '2026-02-01' }],
  applications: [APPLICATION],
};

describe('Nom035FilePage: editing what was recorded', () => {
  it('corrects a made-known record in a dialog, saved with Enter; Escape closes another without sending', async () => {
    answer('GET /nom035/campus/1/file', WITH_RECORDS);
    answer('PUT /nom035/campus/1/notices/7', { ...WITH_RECORDS, notices: [{ id: 7, item: 'policy', how: 'Carteles en cada edificio', givenOn: '2026-02-01' }] });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Editar la difusión del 01\/02\/2026/ }));
    const dialog = screen.getByRole('dialog', { name: 'Editar difusión (5.7)' });
    const how = within(dialog).getByRole('textbox', { name: 'Cómo se informó' });
    await user.clear(how);
    await user.type(how, 'Carteles en cada edificio{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentTo('PUT /nom035/campus/1/notices/7')[0]!.body).toEqual({ item: 'policy', how: 'Carteles en cada edificio', givenOn: '2026-02-01' });
    expect(screen.getByText(/Carteles en cada edificio/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /^Editar la difusión/ }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentTo('PUT /nom035/campus/1/notices/7')).toHaveLength(1);
  });

  it('edits an action whole (state and follow-up included); a refusal stays in the dialog with its Spanish message', async () => {
    answer('GET /nom035/campus/1/file', WITH_RECORDS);
    const saved = { ...ACTION, measure: 'Redistribuir las tareas del área', state: 'done' as const, followUp: 'Se medirá en 2028.' };
    answer(
      'PUT /nom035/campus/1/actions/3',
      apiError(422, 'VALIDATION_FAILED', 'Describe la medida (al menos 3 caracteres)'),
      { ...WITH_RECORDS, applications: [{ ...APPLICATION, actions: [saved] }] },
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editar la acción «Redistribuir las tareas»' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar acción del programa (8.4)' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Medida' }), ' del área');
    await user.click(within(dialog).getByRole('combobox', { name: 'Estado' }));
    await user.click(screen.getByRole('option', { name: 'Hecha' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Evaluación posterior' }), 'Se medirá en 2028.');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('Describe la medida (al menos 3 caracteres)')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentTo('PUT /nom035/campus/1/actions/3')[1]!.body).toEqual({
      guide: 'II',
      scope: 'domain',
      key: 'workload',
      area: 'Servicios escolares',
      measure: 'Redistribuir las tareas del área',
      level: 'organizational',
      dueOn: '2026-12-15',
      responsible: 'Recursos Humanos',
      state: 'done',
      followUp: 'Se medirá en 2028.',
    });
    expect(screen.getByText('Evaluación posterior: Se medirá en 2028.')).toBeTruthy();
  });

  it('downloads the file as PDF from its button; a refusal shows the server’s Spanish message', async () => {
    answer('GET /nom035/campus/1/file/pdf', apiError(429, 'TOO_MANY_REQUESTS', 'Ya tienes 3 archivos en preparación. Espera a que termine alguno y vuelve a intentarlo.'));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Descargar expediente (PDF)' }));
    expect(await screen.findByText('Ya tienes 3 archivos en preparación. Espera a que termine alguno y vuelve a intentarlo.')).toBeTruthy();
    expect(sentTo('GET /nom035/campus/1/file/pdf')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Programa de acción (XLSX)' })).toBeTruthy();
  });
});
