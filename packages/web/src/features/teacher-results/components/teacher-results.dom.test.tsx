import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Respondent } from '@encuestas/core/api/respondents';
import { commentsInReviewNote, RESULTS_AWAIT_REVIEW_MESSAGE, resultsNotReleasedMessage, type TeacherOwnResults, type TeacherProgressAnswer, type TeacherTerm } from '@encuestas/core/api/teacher-results';
import { withheldExplanation } from '@encuestas/core/api/reports';
import { answer, apiError, renderRespondentAt, student } from '../../../test-support/dom-harness';

const teacher: Respondent = { ...student, id: 40, type: 'teacher', name: 'Marta', plan: undefined, grupo: undefined };
const campus = { id: 1, nombre: 'Puebla' };
const cycle = { id: 3, name: 'Evaluación Docente' };
const periodo = { id: 10, nombre: '2026B' };

function serveList(progress: TeacherProgressAnswer | ReturnType<typeof apiError>) {
  answer('GET /respondents/availability', {});
  answer('GET /suggestions/avalible', { avalible: false });
  answer('GET /respondents/teachers/40/classes', progress);
}

const progress: TeacherProgressAnswer = {
  minGroupSize: 5,
  withheldExplanation: withheldExplanation(5),
  applications: [
    {
      activeId: 5,
      cycle,
      periodo,
      campus,
      end_active: '2026-12-18',
      results_release_day: '2026-12-19',
      classes: [
        { classId: 1, name: 'Cálculo', plan: 'ING', grupo: '3A', expected: 30, answered: 12, withheld: false },
        { classId: 2, name: 'Seminario', plan: 'ING', grupo: '5A', expected: null, answered: null, withheld: true },
      ],
    },
  ],
};

const released: TeacherTerm = { activeId: 2, cycle, periodo: { id: 9, nombre: '2026A' }, campus, results_release_day: '2026-07-01', released: true };
const waiting: TeacherTerm = { activeId: 5, cycle, periodo, campus, results_release_day: '2026-12-19', released: false };

const item = {
  id: 'q1',
  text: 'Explica con claridad',
  distribution: [
    { value: 'excelente', label: 'Excelente', n: 6 },
    { value: 'muyBuena', label: 'Muy buena', n: 2 },
  ],
  average: 4.75,
  campusAverage: 4.1,
  institutionAverage: 4.02,
};
const results: TeacherOwnResults = {
  term: released,
  report: {
    scope: { cycle: { ...cycle, surveyKind: 'alumnos/evaluacionDocente' }, periodo: released.periodo, campusId: 1, campuses: [campus], from: null, to: null, empty: false, emptyMessage: null },
    setting: { outstandingMin: 4.5, sufficientMin: 3.5, rule: 'Destacados: promedio de 4.50 o más' },
    minGroupSize: 5,
    withheldExplanation: withheldExplanation(5),
    teacher: { id: 40, name: 'Marta Pérez Soto', campusId: 1 },
    withheld: false,
    previousPeriodo: null,
    previousMean: null,
    change: null,
    n: 8,
    mean: 4.75,
    sd: 0.46,
    group: 'destacados',
    approved: true,
    campusMean: 4.1,
    institutionMean: 4.02,
    campusN: 40,
    institutionN: 400,
    items: [item] as TeacherOwnResults['report']['items'],
    classes: [{ classId: 1, name: 'Cálculo', plan: 'ING', grupo: '3A', n: null, mean: null, sd: null, group: null, withheld: true }],
  },
  trend: [
    { periodo: { id: 8, nombre: '2025B' }, n: 5, mean: 3.2, group: 'insuficientes', withheld: false },
    { periodo: released.periodo, n: 8, mean: 4.75, group: 'destacados', withheld: false },
  ],
  comments: [
    { text: 'Explica con mucha claridad', copies: 3, redacted: false },
    { text: 'Buen maestro, pero el ayudante […]', copies: 1, redacted: true },
  ],
  commentsInReview: 2,
  commentsNote: commentsInReviewNote(2),
};

describe('«Mis grupos» on a teacher’s list', () => {
  it('shows per class how many students answered, and no figure for a small class', async () => {
    serveList(progress);
    renderRespondentAt('/evaluated-list', teacher);
    const section = await screen.findByRole('region', { name: 'Mis grupos' });
    expect(await within(section).findByText('12 de 30 alumnos han respondido')).toBeTruthy();
    expect(within(section).getByRole('progressbar', { name: 'Avance de Cálculo (ING 3A)' }).getAttribute('aria-valuenow')).toBe('40');
    expect(within(section).getByText('Grupo de menos de 5 alumnos: no se muestran cifras para cuidar el anonimato.')).toBeTruthy();
    expect(within(section).getByText('Resultados para docentes: 19/12/2026')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Mis resultados' }).getAttribute('href')).toBe('/encuestas/mis-resultados');
  });

  it('says when nothing is running', async () => {
    serveList({ ...progress, applications: [] });
    renderRespondentAt('/evaluated-list', teacher);
    expect(await screen.findByText('No hay una evaluación docente en curso para tus grupos.')).toBeTruthy();
  });

  it('shows the server’s message with a retry when the counts fail', async () => {
    serveList(apiError(500, 'INTERNAL', 'No se pudo cargar. Intenta de nuevo.'));
    renderRespondentAt('/evaluated-list', teacher);
    expect(await screen.findByText('No se pudo cargar. Intenta de nuevo.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('is not shown to a student', async () => {
    serveList(progress);
    renderRespondentAt('/evaluated-list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Luis' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Mis grupos' })).toBeNull();
  });
});

describe('«Mis resultados»', () => {
  it('lists the terms: a released one opens its results, the other says when it will', async () => {
    answer('GET /respondents/teachers/40/results', { terms: [waiting, released] });
    renderRespondentAt('/mis-resultados', teacher);
    expect(await screen.findByText(resultsNotReleasedMessage('2026-12-19'))).toBeTruthy();
    expect(screen.getByText('Tus resultados estarán disponibles el 19/12/2026.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver resultados del periodo 2026A' }).getAttribute('href')).toBe('/encuestas/mis-resultados?id=2');
  });

  it('shows a term’s results: mean beside the norms, group, trend, items, classes withheld, and the reviewed comments', async () => {
    answer('GET /respondents/teachers/40/results/2', results);
    renderRespondentAt('/mis-resultados?id=2', teacher);
    const general = await screen.findByRole('region', { name: 'Resultado general' });
    expect(within(general).getByText('Tu promedio').nextSibling?.textContent).toBe('4.75');
    expect(within(general).getByText('Destacado')).toBeTruthy();
    expect(within(general).getByText('Promedio del campus').nextSibling?.textContent).toBe('4.10');
    const trend = screen.getByRole('region', { name: 'Tendencia por periodo' });
    expect(within(trend).getByText(/promedio 3\.20 · Insuficiente · 5 evaluaciones/)).toBeTruthy();
    const items = screen.getByRole('region', { name: 'Preguntas' });
    expect(within(items).getByText('6 (75%)')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Por clase' })).getByText(withheldExplanation(5))).toBeTruthy();
    const comments = screen.getByRole('region', { name: 'Comentarios' });
    expect(within(comments).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Explica con mucha claridadlo escribieron 3 estudiantes',
      'Buen maestro, pero el ayudante […]con partes ocultas por la revisión',
    ]);
    expect(within(comments).getByText('2 comentarios siguen en revisión: se mostrarán aquí cuando se revisen.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeTruthy();
  });

  it('before release: the server’s message with the day', async () => {
    answer('GET /respondents/teachers/40/results/5', apiError(403, 'FORBIDDEN', resultsNotReleasedMessage('2026-12-19')));
    renderRespondentAt('/mis-resultados?id=5', teacher);
    expect(await screen.findByText('Tus resultados estarán disponibles el 19/12/2026.')).toBeTruthy();
  });

  it('while their comments are being reviewed: the server’s message', async () => {
    answer('GET /respondents/teachers/40/results/5', apiError(403, 'FORBIDDEN', RESULTS_AWAIT_REVIEW_MESSAGE));
    renderRespondentAt('/mis-resultados?id=5', teacher);
    expect(await screen.findByText(RESULTS_AWAIT_REVIEW_MESSAGE)).toBeTruthy();
  });
});
