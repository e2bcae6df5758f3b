import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Nom035CampusFile, Nom035FileApplication } from '@encuestas/core/api/nom035-file';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { answer, apiError, renderAdminAt, renderScreen, sentTo, signInAdmin } from '../../../test-support/dom-harness';
import { Nom035FilePage } from './nom035-file-page';

const APPLICATION: Nom035FileApplication = {
  id: 9,
  periodo: '2026A',
  startActive: '2026-03-01',
  endActive: '2026-03-31',
  headcount: { workers: 30, takenOn: null },
  guides: [{ guide: 'II', respondents: 24, withheld: false }],
  groups: [],
  report: null,
  missingReportFields: [],
  actions: [],
  publication: null,
};
const FILE: Nom035CampusFile = {
  campus: { id: 1, nombre: 'Centro' },
  today: '2026-11-27',
  headcount: 30,
  band: 'from16To50',
  obligations: [],
  policy: null,
  notices: [],
  applications: [APPLICATION],
  referrals: { total: 0, attended: 0, names: null },
};

describe('publishing an application’s results to the campus’s staff (7.8)', () => {
  beforeEach(() => {
    signInAdmin([PERMISSIONS.manageNom035]);
    answer('GET /campus/permissions', { campuses: [{ id: 1, nombre: 'Centro' }], allCampuses: false });
    answer('GET /nom035/campus/1/file', FILE);
  });

  it('publishes, shows the day and who, and withdraws; a refusal shows its Spanish message', async () => {
    answer(
      'PUT /nom035/campus/1/applications/9/publication',
      apiError(409, 'CONFLICT', 'No se pueden publicar: respondieron menos de 5 trabajadores y la regla de grupos pequeños oculta los resultados.'),
      { ...FILE, applications: [{ ...APPLICATION, publication: { publishedOn: '2026-11-27', publishedBy: 'Laura Méndez Soto' } }] },
    );
    answer('DELETE /nom035/campus/1/applications/9/publication', FILE);
    const { user } = renderScreen(<Nom035FilePage />, { path: '/admin/nom035/expediente' });
    const section = await screen.findByRole('region', { name: 'Resultados a disposición de los trabajadores (7.8)' });
    await user.click(within(section).getByRole('button', { name: 'Publicar resultados al personal' }));
    expect(await within(section).findByText(/regla de grupos pequeños oculta los resultados/)).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Publicar resultados al personal' }));
    expect(await within(section).findByText(/Publicados al personal del campus el 27\/11\/2026 por Laura Méndez Soto/)).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Retirar la publicación' }));
    expect(await within(section).findByRole('button', { name: 'Publicar resultados al personal' })).toBeTruthy();
    expect(sentTo('DELETE /nom035/campus/1/applications/9/publication')).toHaveLength(1);
  });

  it('opens the campus a link names (?campus=)', async () => {
    answer('GET /campus/permissions', { campuses: [{ id: 1, nombre: 'Centro' }, { id: 2, nombre: 'Norte' }], allCampuses: false });
    answer('GET /nom035/campus/2/file', { ...FILE, campus: { id: 2, nombre: 'Norte' } });
    renderScreen(<Nom035FilePage />, { path: '/admin/nom035/expediente?campus=2', route: '/admin/nom035/expediente' });
    expect(await screen.findByText(/^Norte: 30 trabajadores activos/)).toBeTruthy();
    expect(sentTo('GET /nom035/campus/1/file')).toEqual([]);
  });
});

describe('the start page’s warning before the next NOM-035 evaluation (7.9)', () => {
  it('warns of a campus due soon and of one overdue, each with the way to its file', async () => {
    answer('GET /nom035/next-evaluations', {
      today: '2026-11-27',
      warnDays: 90,
      campuses: [
        { campus: { id: 3, nombre: 'León' }, dueOn: '2026-10-01', overdue: true },
        { campus: { id: 1, nombre: 'Puebla' }, dueOn: '2027-02-12', overdue: false },
      ],
    });
    renderAdminAt('/admin', [PERMISSIONS.manageNom035]);
    expect(await screen.findByText('La siguiente evaluación NOM-035 de León venció el 1 de octubre de 2026.')).toBeTruthy();
    const puebla = screen.getByText('La siguiente evaluación NOM-035 de Puebla vence el 12 de febrero de 2027.').closest('[role="alert"]') as HTMLElement;
    expect(within(puebla).getByRole('link', { name: 'Ver el expediente NOM-035 de Puebla' }).getAttribute('href')).toBe('/encuestas/admin/nom035/expediente?campus=1');
  });

  it('shows nothing when no evaluation is near', async () => {
    answer('GET /nom035/next-evaluations', { today: '2026-11-27', warnDays: 90, campuses: [] });
    renderAdminAt('/admin', [PERMISSIONS.manageNom035]);
    expect(await screen.findByRole('list', { name: 'Secciones disponibles' })).toBeTruthy();
    await waitFor(() => expect(sentTo('GET /nom035/next-evaluations')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/La siguiente evaluación NOM-035/)).toBeNull();
  });

  it('asks nothing for a user without «Gestionar NOM-035»', async () => {
    renderAdminAt('/admin', [PERMISSIONS.attendCommentAlerts]);
    expect(await screen.findByRole('list', { name: 'Secciones disponibles' })).toBeTruthy();
    expect(sentTo('GET /nom035/next-evaluations')).toEqual([]);
  });
});
