import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Nom035CampusFile } from '@encuestas/core/api/nom035-file';
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
