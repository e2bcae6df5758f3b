import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Respondent } from '@encuestas/core/api/respondents';
import type { StaffResults } from '@encuestas/core/api/nom035-results';
import { answer, apiError, renderRespondentAt, sentTo, student } from '../../../test-support/dom-harness';

const { plan: _plan, grupo: _grupo, ...person } = student;
const worker: Respondent = { ...person, id: 31, type: 'staff', name: 'Rosa', full_name: 'Rosa Gil', puesto: 'Servicios escolares' };
const LONG_DOMAIN = 'Interferencia en la relación trabajo-familia y otras jornadas que se alargan más de lo previsto';
const alto = { key: 'alto', label: 'Alto', color: 'orange' };
const medio = { key: 'medio', label: 'Medio', color: 'yellow' };

const RESULTS: StaffResults = {
  campus: 'Puebla',
  periodo: '2026A',
  startActive: '2026-03-01',
  endActive: '2026-03-31',
  publishedOn: '2026-04-10',
  minGroupSize: 5,
  guides: [
    {
      title: 'Guía de referencia II',
      workers: 24,
      final: alto,
      categories: [{ name: 'Factores propios de la actividad', level: alto }],
      domains: [{ name: LONG_DOMAIN, level: medio }],
    },
  ],
  actions: [{ measure: 'Redistribuir las cargas de trabajo', area: 'Servicios escolares', answers: 'Carga de trabajo', dueOn: '2026-06-01', state: 'En curso' }],
};

function serveList() {
  answer('GET /respondents/availability', {});
  answer('GET /suggestions/avalible', { avalible: false });
}

describe('NOM-035 results published to the campus’s staff (7.8)', () => {
  it('a worker’s list shows the card, and its page the campus’s level, categories and domains by full name, and the program', async () => {
    serveList();
    answer('GET /respondents/nom035/results', { publications: [{ activeId: 9, periodo: '2026A', publishedOn: '2026-04-10' }] });
    answer('GET /respondents/nom035/results/9', RESULTS);
    const { user } = renderRespondentAt('/evaluated-list', worker);

    const card = await screen.findByRole('region', { name: 'Resultados de la NOM-035' });
    await user.click(within(card).getByRole('link', { name: 'Ver resultados del periodo 2026A' }));

    expect(await screen.findByText('Nivel de riesgo del campus: Alto')).toBeTruthy();
    expect(screen.getByText('Guía de referencia II · 24 trabajadores respondieron')).toBeTruthy();
    expect(screen.getByText(/publicados el 10\/04\/2026/)).toBeTruthy();
    const domains = screen.getByRole('region', { name: 'Por dominio' });
    const row = within(domains).getByText(LONG_DOMAIN).closest('li')!;
    expect(within(row).getByText('Medio')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Por categoría' })).getByText('Factores propios de la actividad')).toBeTruthy();
    const actions = screen.getByRole('region', { name: 'Lo que el campus está haciendo' });
    expect(within(actions).getByText('Redistribuir las cargas de trabajo')).toBeTruthy();
    expect(within(actions).getByText('Servicios escolares · atiende: Carga de trabajo · En curso · para el 01/06/2026')).toBeTruthy();
  });

  it('nothing published: no card on the list', async () => {
    serveList();
    answer('GET /respondents/nom035/results', { publications: [] });
    renderRespondentAt('/evaluated-list', worker);
    expect(await screen.findByRole('heading', { name: 'Sin encuestas por ahora' })).toBeTruthy();
    await waitFor(() => expect(sentTo('GET /respondents/nom035/results')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Resultados de la NOM-035' })).toBeNull();
  });

  it('a student’s list never asks for them', async () => {
    serveList();
    renderRespondentAt('/evaluated-list');
    expect(await screen.findByRole('heading', { name: 'Sin encuestas por ahora' })).toBeTruthy();
    expect(sentTo('GET /respondents/nom035/results')).toEqual([]);
  });

  it('the page tells a student it is for staff, and asks nothing', async () => {
    renderRespondentAt('/resultados-nom035?id=9');
    expect(await screen.findByText('Esta sección es solo para el personal y los docentes del campus.')).toBeTruthy();
    expect(sentTo('GET /respondents/nom035/results/9')).toEqual([]);
  });

  it('a summary withdrawn or of another campus: the server’s message', async () => {
    answer('GET /respondents/nom035/results/9', apiError(404, 'NOT_FOUND', 'El campus no ha publicado estos resultados de la NOM-035.'));
    renderRespondentAt('/resultados-nom035?id=9', worker);
    expect(await screen.findByText('El campus no ha publicado estos resultados de la NOM-035.')).toBeTruthy();
    expect(screen.queryByText(/Nivel de riesgo del campus/)).toBeNull();
  });
});
