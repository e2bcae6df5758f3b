import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AvailableSurvey } from '@encuestas/core/api/surveys';
import { appQueryClient } from '../../../app/query-client';
import { answer, apiError, renderRespondentAt, sent } from '../../../test-support/dom-harness';
import { suggestionBoxAvailableQuery } from '../respondent-queries';

const base = { activeId: 1, endActive: '2026-12-18', subject: '', done: false, estimatedMinutes: 3 } as const;
const servicios: AvailableSurvey = { ...base, cicleId: 1, cicleName: 'Servicios 2026A', kind: 'alumnos/serviciosA' };
const teacher = (index: number, done = false): AvailableSurvey => ({
  ...base,
  cicleId: 3,
  cicleName: 'Evaluación Docente 2026A',
  kind: 'alumnos/evaluacionDocente',
  subject: String(20 + index),
  index,
  className: `Cálculo ${index + 1}`,
  teacher: { id: 40 + index, full_name: `Marta Ríos ${index + 1}` },
  done,
});

function serve(availability: { encuestas?: AvailableSurvey[]; encuestasDocente?: AvailableSurvey[] }) {
  answer('GET /respondents/availability', availability);
  answer('GET /suggestions/avalible', { avalible: false });
  answer('GET /catalogs', { catalogs: {} });
}

describe('Mis encuestas (/evaluated-list)', () => {
  it('greets the respondent and shows a card per survey, classes to evaluate with their links', async () => {
    serve({ encuestas: [servicios], encuestasDocente: [teacher(0, true), teacher(1)] });
    answer('GET /suggestions/avalible', { avalible: true });
    renderRespondentAt('/evaluated-list');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Luis' })).toBeTruthy();
    expect(screen.getByText('Campus Puebla · Plan LAE · Grupo 3A')).toBeTruthy();
    const cards = await screen.findAllByRole('article');
    const teachers = cards.find((c) => within(c).queryByText('Te falta 1 materia'))!;
    expect(within(teachers).getByText('Cálculo 1')).toBeTruthy();
    const evaluate = within(teachers).getByRole('link', { name: 'Evaluar Cálculo 2, Marta Ríos 2' });
    expect(evaluate.getAttribute('href')).toBe('/encuestas/alumnos/evaluacionDocente/1');
    const services = cards.find((c) => within(c).queryByText('Servicios 2026A · Responder hasta el 18/12/2026'))!;
    expect(within(services).getByRole('link', { name: 'Responder' }).getAttribute('href')).toBe('/encuestas/alumnos/serviciosA');
    expect(await screen.findByRole('link', { name: 'Escribir un comentario' })).toBeTruthy();
  });

  it('with nothing to answer, says so', async () => {
    serve({});
    renderRespondentAt('/evaluated-list');
    expect(await screen.findByRole('heading', { name: 'Sin encuestas por ahora' })).toBeTruthy();
    expect(
      screen.getByText('No tienes encuestas por responder en este momento. Vuelve cuando tu campus abra un nuevo periodo de encuestas.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Escribir un comentario' })).toBeNull();
  });

  it('everything answered: thanks instead of the invitation', async () => {
    serve({ encuestas: [{ ...servicios, done: true }] });
    renderRespondentAt('/evaluated-list');
    expect(await screen.findByText('¡Listo! Respondiste todas tus encuestas. Gracias por tu participación.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Responder' })).toBeNull();
  });

  it('shows the server’s failure in Spanish, and «Reintentar» asks again', async () => {
    serve({});
    answer('GET /respondents/availability', apiError(403, 'FORBIDDEN', 'Tu campus no tiene encuestas abiertas.'));
    const { user } = renderRespondentAt('/evaluated-list');
    expect(await screen.findByText('Tu campus no tiene encuestas abiertas.')).toBeTruthy();
    answer('GET /respondents/availability', { encuestas: [servicios] });
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Estas son tus encuestas de este periodo. Tu opinión nos ayuda a mejorar.')).toBeTruthy();
  });
});

describe('Mis encuestas while the list loads', () => {
  it('shows nothing below the cards before they come, so that nothing about to be tapped moves down', async () => {
    serve({});
    answer('GET /suggestions/avalible', { avalible: true });
    let release: (body: unknown) => void = () => {};
    answer('GET /respondents/availability', () => new Promise((resolve) => (release = resolve)));
    renderRespondentAt('/evaluated-list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Luis' })).toBeTruthy();
    // The suggestion box's answer is in, the list's is not: its card waits under the placeholders.
    await waitFor(() => expect(appQueryClient.getQueryState(suggestionBoxAvailableQuery.queryKey)?.status).toBe('success'));
    expect(screen.queryByRole('link', { name: 'Escribir un comentario' })).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
    release({ encuestas: [servicios] });
    expect(await screen.findByRole('link', { name: 'Responder' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Escribir un comentario' })).toBeTruthy();
  });
});

describe('a survey’s index page', () => {
  it('shows the instructions, the classes and «Comenzar» towards the first pending one', async () => {
    serve({ encuestasDocente: [teacher(0, true), teacher(1)] });
    renderRespondentAt('/alumnos/evaluacionDocente');
    expect(await screen.findByRole('heading', { name: 'Antes de comenzar' })).toBeTruthy();
    expect(screen.getByText('Evaluación Docente 2026A · Responder hasta el 18/12/2026')).toBeTruthy();
    expect(screen.getAllByText(/minutos?\b/).map((element) => element.textContent)).toEqual(['Unos 3 minutos por materia']);
    // The classes are listed below the instructions, and each form opens with its class and teacher: nothing is «arriba».
    expect(screen.queryByText(/aparece arriba/)).toBeNull();
    const classes = screen.getByRole('region', { name: 'Tus materias' });
    expect(within(classes).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Cálculo 1'),
      expect.stringContaining('Cálculo 2'),
    ]);
    expect(screen.getByRole('link', { name: 'Comenzar' }).getAttribute('href')).toBe('/encuestas/alumnos/evaluacionDocente/1');
  });

  it('gives one time estimate, the list’s, and instructions that point only at what the page shows', async () => {
    serve({ encuestas: [servicios] });
    renderRespondentAt('/alumnos/serviciosA');
    expect(await screen.findByRole('heading', { name: 'Antes de comenzar' })).toBeTruthy();
    expect(screen.getAllByText(/minutos?\b/).map((element) => element.textContent)).toEqual(['Unos 3 minutos']);
  });

  it('answered already: thanks, and back to the list', async () => {
    serve({ encuestas: [{ ...servicios, done: true }] });
    renderRespondentAt('/alumnos/serviciosA');
    expect(await screen.findByText('Ya respondiste esta encuesta. ¡Gracias por tu participación!')).toBeTruthy();
  });

  it('not open to this respondent: not available', async () => {
    serve({ encuestas: [servicios] });
    renderRespondentAt('/alumnos/serviciosB');
    expect(await screen.findByText('Esta encuesta no está disponible en este momento.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Comenzar' })).toBeNull();
  });

  it('shows the server’s failure in Spanish', async () => {
    serve({});
    answer('GET /respondents/availability', apiError(403, 'FORBIDDEN', 'Tu sesión no permite responder encuestas.'));
    renderRespondentAt('/alumnos/serviciosA');
    expect(await screen.findByText('Tu sesión no permite responder encuestas.')).toBeTruthy();
  });
});

describe('a survey’s form page', () => {
  it('the first class shows the instructions once; «Comenzar» opens the form with the class and teacher', async () => {
    serve({ encuestasDocente: [teacher(0), teacher(1)] });
    const { user } = renderRespondentAt('/alumnos/evaluacionDocente/1');
    expect(await screen.findByRole('heading', { name: 'Antes de comenzar' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Comenzar' }));
    expect(await screen.findByText('Materia 2 de 2')).toBeTruthy();
    expect(screen.getByText('Cálculo 2')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Siguiente' })).toBeTruthy();
  });

  it('a step left unanswered keeps the respondent there with the runner’s message', async () => {
    serve({ encuestas: [servicios] });
    const { user } = renderRespondentAt('/alumnos/serviciosA/doing');
    await user.click(await screen.findByRole('button', { name: 'Siguiente' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Faltan \d+ respuestas en este paso/);
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });

  it('a class evaluated already, or an index past the list, is not offered again', async () => {
    serve({ encuestasDocente: [teacher(0, true), teacher(1)] });
    renderRespondentAt('/alumnos/evaluacionDocente/0');
    expect(await screen.findByText('Ya evaluaste esta materia. ¡Gracias por tu participación!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Siguiente' })).toBeNull());
  });

  it('shows the catalogues’ failure in Spanish', async () => {
    serve({ encuestas: [servicios] });
    answer('GET /catalogs', apiError(403, 'FORBIDDEN', 'No se pudieron cargar los catálogos.'));
    renderRespondentAt('/alumnos/serviciosA/doing');
    expect(await screen.findByText('No se pudieron cargar los catálogos.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
