import { describe, expect, it } from 'vitest';
import { estimatedMinutes, estimatedSeconds, estimatedTimeText } from './estimate';
import type { Item, Questionnaire } from './types';

const questionnaire = (items: Item[], gated = false): Questionnaire => ({
  id: 'q',
  version: 1,
  title: 'Q',
  instructions: [],
  sections: [{ id: 's', title: 'S', items, ...(gated ? { gate: { anyOf: [{ item: 'x', in: ['yes'] }] } } : {}) }],
});
const ratings = (count: number): Item[] => Array.from({ length: count }, (_, i) => ({ id: `r${i}`, type: 'rating', text: `R${i}` }));

describe('estimatedMinutes', () => {
  it('gives at least one minute, even for a one-question form', () => {
    expect(estimatedMinutes([questionnaire(ratings(1))])).toBe(1);
    expect(estimatedMinutes([])).toBe(1);
  });

  it('grows with the questions: 24 ratings take about two minutes', () => {
    expect(estimatedMinutes([questionnaire(ratings(24))])).toBe(2);
  });

  it('counts an open comment longer than a rating, and an optional one as half', () => {
    const comment: Item = { id: 'c', type: 'text', text: 'C', maxLength: 1000, multiline: true };
    const [rating] = ratings(1);
    expect(estimatedSeconds(questionnaire([comment]))).toBeGreaterThan(estimatedSeconds(questionnaire([rating!])) * 4);
    expect(estimatedSeconds(questionnaire([{ ...comment, required: false }]))).toBeLessThan(estimatedSeconds(questionnaire([comment])));
  });

  it('counts a gated section as half: it shows only for some answers', () => {
    expect(estimatedSeconds(questionnaire(ratings(10), true))).toBe(estimatedSeconds(questionnaire(ratings(10))) / 2);
  });

  it('adds up the questionnaires still to answer (NOM-035: Guía I and the risk guide)', () => {
    const one = questionnaire(ratings(12));
    expect(estimatedMinutes([one, one, one, one])).toBe(4);
  });
});

describe('estimatedTimeText', () => {
  it('reads as the start page and the list print it', () => {
    expect(estimatedTimeText(4)).toBe('Unos 4 minutos');
    expect(estimatedTimeText(1)).toBe('Un minuto aproximadamente');
  });
});
