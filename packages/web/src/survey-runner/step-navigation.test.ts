import { describe, expect, it } from 'vitest';
import { REQUIRED_ANSWER_MESSAGE } from '@encuestas/core/survey-engine/answer-rules';
import type { Questionnaire } from '@encuestas/core/survey-engine/types';
import { NOM035_QUESTIONNAIRES } from '@encuestas/core/survey-kinds/nom035/guides';
import {
  answerProgress,
  effectiveAnswers,
  firstItemWithError,
  firstSectionWithErrors,
  nextSectionId,
  previousSectionId,
  sectionVisibleItems,
  stepState,
  validateStep,
  validateSubmission,
} from './step-navigation';

/** Three steps; the second only for those who travelled, with a gated follow-up. */
const trips: Questionnaire = {
  id: 'trips',
  version: 1,
  title: 'Viajes',
  instructions: [],
  sections: [
    { id: 'start', title: 'Inicio', items: [{ id: 'travelled', type: 'yesNo', text: '¿Viajaste?' }] },
    {
      id: 'trip',
      title: 'Tu viaje',
      gate: { anyOf: [{ item: 'travelled', in: ['yes'] }] },
      items: [
        { id: 'liked', type: 'yesNo', text: '¿Te gustó?' },
        { id: 'why', type: 'text', maxLength: 100, text: '¿Por qué no?', gate: { anyOf: [{ item: 'liked', in: ['no'] }] } },
      ],
    },
    { id: 'end', title: 'Final', items: [{ id: 'overall', type: 'rating', text: 'En general', allowNa: false }] },
  ],
};

describe('steps', () => {
  it.each([
    [{}, 'start', ['start', 'end'], 0, true, false],
    [{ travelled: 'yes' }, 'start', ['start', 'trip', 'end'], 0, true, false],
    [{ travelled: 'yes' }, 'trip', ['start', 'trip', 'end'], 1, false, false],
    [{ travelled: 'yes' }, 'end', ['start', 'trip', 'end'], 2, false, true],
    [{ travelled: 'no' }, 'end', ['start', 'end'], 1, false, true],
    // The trip step closed behind the respondent: back to the step before it.
    [{ travelled: 'no' }, 'trip', ['start', 'end'], 0, true, false],
    [{}, null, ['start', 'end'], 0, true, false],
  ] as const)('answers %j on %s: steps %j, at %i', (answers, at, steps, index, isFirst, isLast) => {
    const state = stepState(trips, answers, at);
    expect(state.sections.map((s) => s.id)).toEqual(steps);
    expect(state.index).toBe(index);
    expect(state.total).toBe(steps.length);
    expect(state.isFirst).toBe(isFirst);
    expect(state.isLast).toBe(isLast);
  });

  it('moves forward and back over the steps shown', () => {
    expect(nextSectionId(trips, { travelled: 'no' }, 'start')).toBe('end');
    expect(nextSectionId(trips, { travelled: 'yes' }, 'start')).toBe('trip');
    expect(nextSectionId(trips, { travelled: 'yes' }, 'end')).toBeNull();
    expect(previousSectionId(trips, { travelled: 'no' }, 'end')).toBe('start');
    expect(previousSectionId(trips, { travelled: 'yes' }, 'end')).toBe('trip');
    expect(previousSectionId(trips, {}, 'start')).toBeNull();
  });

  it('NOM-035 Guía I asks sections II–IV only after a yes in section I', () => {
    const guide = NOM035_QUESTIONNAIRES.I;
    const allNo = Object.fromEntries(guide.sections[0]!.items.map((item) => [item.id, 'no']));
    expect(stepState(guide, allNo, guide.sections[0]!.id)).toMatchObject({ total: 1, isLast: true });
    const oneYes = { ...allNo, [guide.sections[0]!.items[0]!.id]: 'yes' };
    expect(stepState(guide, oneYes, guide.sections[0]!.id)).toMatchObject({ total: 4, isLast: false });
  });
});

describe('validation of a step and of the whole form', () => {
  it('names the missing items of the step only', () => {
    const trip = trips.sections[1]!;
    expect(validateStep(trips, trip, { travelled: 'yes' }, {})).toEqual({ liked: [REQUIRED_ANSWER_MESSAGE] });
    expect(validateStep(trips, trip, { travelled: 'yes', liked: 'no' }, {})).toEqual({ why: [REQUIRED_ANSWER_MESSAGE] });
    expect(validateStep(trips, trip, { travelled: 'yes', liked: 'yes' }, {})).toEqual({});
  });

  it('keeps hidden answers in the form but never validates or sends them', () => {
    const answers = { travelled: 'no', liked: 'no', why: 'Lluvia', overall: 'buena' };
    expect(effectiveAnswers(trips, answers)).toEqual({ travelled: 'no', overall: 'buena' });
    expect(validateSubmission(trips, answers, {})).toEqual({ ok: true, answers: { travelled: 'no', overall: 'buena' } });
    expect(sectionVisibleItems(trips, trips.sections[1]!, answers)).toEqual([]);
  });

  it('on submit, finds the first step and item to fix', () => {
    const answers = { travelled: 'yes', liked: 'no' };
    const check = validateSubmission(trips, answers, {});
    expect(check).toEqual({ ok: false, errors: { why: [REQUIRED_ANSWER_MESSAGE], overall: [REQUIRED_ANSWER_MESSAGE] } });
    if (check.ok) return;
    expect(firstSectionWithErrors(trips, answers, check.errors)).toBe('trip');
    expect(firstItemWithError(trips.sections[1]!, check.errors)).toBe('why');
    expect(firstSectionWithErrors(trips, answers, {})).toBeNull();
  });
});

describe('answerProgress', () => {
  it('counts the questions shown, across steps, and those answered', () => {
    expect(answerProgress(trips, {})).toEqual({ answered: 0, total: 2 });
    // Travelling opens the trip step: its question joins the total.
    expect(answerProgress(trips, { travelled: 'yes' })).toEqual({ answered: 1, total: 3 });
    expect(answerProgress(trips, { travelled: 'yes', liked: 'no', why: '' })).toEqual({ answered: 2, total: 4 });
  });

  it('leaves out answers of questions no longer shown', () => {
    expect(answerProgress(trips, { travelled: 'no', liked: 'yes', overall: 'buena' })).toEqual({ answered: 2, total: 2 });
  });
});
