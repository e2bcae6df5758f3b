import { describe, expect, it } from 'vitest';
import type { Questionnaire } from '@encuestas/core/survey-engine/types';
import { NO_ANSWER_TEXT, reviewSections } from './review';

const questionnaire: Questionnaire = {
  id: 'q',
  version: 1,
  title: 'Q',
  instructions: [],
  sections: [
    {
      id: 'one',
      title: 'Uno',
      items: [
        { id: 'teach', type: 'rating', text: 'Explica con claridad' },
        { id: 'state', type: 'single', text: 'Estado', catalog: 'states' },
        { id: 'sports', type: 'multiple', text: 'Deportes', options: [{ value: 'f', label: 'Fútbol' }, { value: 'n', label: 'Natación' }] },
      ],
    },
    {
      id: 'two',
      title: 'Dos',
      gate: { anyOf: [{ item: 'teach', in: ['mala'] }] },
      items: [{ id: 'why', type: 'text', maxLength: 255, text: '¿Por qué?' }],
    },
    { id: 'three', title: 'Tres', items: [{ id: 'age', type: 'number', text: 'Edad', required: false }, { id: 'note', type: 'text', maxLength: 255, text: 'Nota', required: false }] },
  ],
};
const catalogs = { states: [{ value: 'YUC', label: 'Yucatán' }] };

describe('reviewSections', () => {
  it('lists the steps shown with each answer as the respondent chose it, numbered in order', () => {
    const review = reviewSections(questionnaire, { teach: 'muyBuena', state: 'YUC', sports: ['f', 'n'], age: 19 }, catalogs);
    expect(review.map((s) => s.section.id)).toEqual(['one', 'three']);
    expect(review.flatMap((s) => s.rows.map((r) => `${r.number}. ${r.item.id}: ${r.answer}`))).toEqual([
      '1. teach: Muy buena',
      '2. state: Yucatán',
      '3. sports: Fútbol, Natación',
      '4. age: 19',
      `5. note: ${NO_ANSWER_TEXT}`,
    ]);
  });

  it('includes a step an answer opened, with the text typed there', () => {
    const review = reviewSections(questionnaire, { teach: 'mala', why: 'No se entiende' }, catalogs);
    expect(review[1]).toMatchObject({ section: { id: 'two' }, rows: [{ number: 4, answer: 'No se entiende' }] });
  });
});
