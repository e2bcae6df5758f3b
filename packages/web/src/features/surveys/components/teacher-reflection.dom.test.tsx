import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AvailableSurvey } from '@encuestas/core/api/surveys';
import { answer, renderRespondentAt } from '../../../test-support/dom-harness';

const reflection = { text: 'Daré más ejemplos prácticos.\nRevisaré las tareas en una semana.', periodo: { id: 9, nombre: '2026A' } };
const teacher = (index: number, extra: Partial<AvailableSurvey> = {}): AvailableSurvey => ({
  activeId: 1,
  endActive: '2026-12-18',
  done: false,
  estimatedMinutes: 3,
  cicleId: 3,
  cicleName: 'Evaluación Docente 2026B',
  kind: 'alumnos/evaluacionDocente',
  subject: String(20 + index),
  index,
  className: `Cálculo ${index + 1}`,
  teacher: { id: 40 + index, full_name: `Marta Ríos ${index + 1}` },
  ...extra,
});

function serve(encuestasDocente: AvailableSurvey[]) {
  answer('GET /respondents/availability', { encuestasDocente });
  answer('GET /suggestions/avalible', { avalible: false });
  answer('GET /catalogs', { catalogs: {} });
}

const HEADING = 'Lo que tu docente hará con los resultados anteriores';

describe('a teacher’s reflection before the student evaluates them', () => {
  it('on a later class: the class, the teacher’s words and the term they wrote them for, then «Comenzar» opens the form', async () => {
    serve([teacher(0, { done: true }), teacher(1, { reflection })]);
    const { user } = renderRespondentAt('/alumnos/evaluacionDocente/1');
    const card = await screen.findByRole('region', { name: HEADING });
    expect(within(card).getByText('Marta Ríos 2 lo escribió tras su evaluación del periodo 2026A.')).toBeTruthy();
    expect(within(card).getByText(/Daré más ejemplos prácticos\./).textContent).toBe(reflection.text);
    expect(screen.getByText('Cálculo 2')).toBeTruthy();
    // Nothing to answer yet: the form starts on «Comenzar».
    expect(screen.queryByRole('button', { name: 'Siguiente' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Comenzar' }));
    expect(await screen.findByRole('button', { name: 'Siguiente' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: HEADING })).toBeNull();
  });

  it('on the first class: beside the instructions, one «Comenzar» for both', async () => {
    serve([teacher(0, { reflection }), teacher(1)]);
    const { user } = renderRespondentAt('/alumnos/evaluacionDocente/0');
    expect(await screen.findByRole('heading', { name: 'Antes de comenzar' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: HEADING })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Comenzar' }));
    expect(await screen.findByRole('button', { name: 'Siguiente' })).toBeTruthy();
    expect(screen.getByText('Materia 1 de 2')).toBeTruthy();
  });

  it('a class whose teacher wrote nothing opens straight on its form', async () => {
    serve([teacher(0, { done: true }), teacher(1)]);
    renderRespondentAt('/alumnos/evaluacionDocente/1');
    expect(await screen.findByRole('button', { name: 'Siguiente' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: HEADING })).toBeNull();
  });
});
