import { describe, expect, it } from 'vitest';
import { HEADLINE_FIGURES, headlineFigureRows, heldResponsesMessage, heldResponsesNote, publishedExplanation, respondentsOfExpectedText } from './report-figures';

/** Survey A of the demo (issue 20): 727 published, 55 held, 782 of 1,050 people answered. */
const SURVEY_A = { published: 727, held: 55, expected: 1050, respondents: 782, responseRate: 782 / 1050 };

describe('headline figures', () => {
  it('gives each figure its own label', () => {
    const labels = Object.values(HEADLINE_FIGURES).map((figure) => figure.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(HEADLINE_FIGURES.published.label).toBe('Respuestas publicadas');
    expect(HEADLINE_FIGURES.respondents.label).toBe('Personas que respondieron');
    expect(HEADLINE_FIGURES.workers.label).toBe('Trabajadores evaluados');
  });

  it('says that people who answered include held answers and that published responses do not', () => {
    expect(HEADLINE_FIGURES.respondents.explanation).toContain('incluidas aquellas cuyas respuestas están en proceso');
    expect(HEADLINE_FIGURES.published.explanation).toContain('no incluye las que están en proceso');
    const note = heldResponsesNote(SURVEY_A.held)!;
    expect(note).toMatch(/^55 respuestas en proceso: /);
    expect(note).toContain('Ya cuentan en las personas que respondieron y en la tasa de respuesta');
    expect(note).not.toContain('ninguna cifra');
    expect(heldResponsesNote(0)).toBeNull();
  });

  it('writes the figures in es-MX, the rate from people, not responses', () => {
    expect(headlineFigureRows(SURVEY_A)).toEqual([
      ['Respuestas publicadas', '727'],
      ['En proceso', '55'],
      ['Personas que respondieron', '782'],
      ['Personas esperadas', '1,050'],
      ['Tasa de respuesta', '74.5%'],
    ]);
    expect(respondentsOfExpectedText(SURVEY_A)).toBe('782 de 1,050 personas (74.5%)');
  });

  it('leaves out people and rate where nobody is expected (the suggestion box)', () => {
    const box = { published: 3, held: 0, expected: null, respondents: null, responseRate: null };
    expect(headlineFigureRows(box)).toEqual([
      ['Respuestas publicadas', '3'],
      ['En proceso', '0'],
    ]);
    expect(respondentsOfExpectedText(box)).toBeNull();
  });

  it('counts held responses in singular and plural', () => {
    expect(heldResponsesMessage(1)).toBe('1 respuesta en proceso');
    expect(heldResponsesMessage(1200)).toBe('1,200 respuestas en proceso');
    expect(respondentsOfExpectedText({ published: 1, held: 0, expected: 1, respondents: 1, responseRate: 1 })).toBe('1 de 1 persona (100%)');
  });

  it('explains NOM-035 responses as guides answered, workers as people', () => {
    expect(publishedExplanation('administrativos/norma')).toContain('Cada guía respondida cuenta como una respuesta');
    expect(publishedExplanation('alumnos/serviciosA')).toBe(HEADLINE_FIGURES.published.explanation);
    expect(HEADLINE_FIGURES.workers.explanation).toContain('cada uno cuenta una vez');
  });
});
