import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE_MESSAGE, REQUIRED_ANSWER_MESSAGE, visibleItems } from '../../survey-engine/answers';
import { answerErrors, fillAnswers, questionnaireContract, TEST_CATALOGS } from '../testing';
import { SERVICIOS_B_QUESTIONNAIRE as q } from './questionnaire';

questionnaireContract(q);

const shown = (answers: Record<string, string>) => visibleItems(q, answers).map((i) => i.id);
const tripItems = ['tripCost', 'tripCostOther', 'tripOrganization', 'tripAcademicValue', 'tripValueForMoney'];
const exchangeItems = ['exchangeCost', 'exchangeSupport'];
const opinionItems = ['exchangeOpinion', 'suggestedInstitutes'];

describe('survey B', () => {
  it('asks about the trip only of students who took one', () => {
    for (const id of tripItems) {
      expect(shown({ tookTrip: 'yes' })).toContain(id);
      expect(shown({ tookTrip: 'no' })).not.toContain(id);
    }
  });

  it.each([
    ['took part', { exchangeParticipated: 'yes' }, [...exchangeItems, ...opinionItems], ['exchangeInterested']],
    ['did not, but is interested', { exchangeParticipated: 'no', exchangeInterested: 'yes' }, ['exchangeInterested', ...opinionItems], exchangeItems],
    ['did not and is not interested', { exchangeParticipated: 'no', exchangeInterested: 'no' }, ['exchangeInterested'], [...exchangeItems, ...opinionItems]],
  ])('a student who %s in an exchange is asked the right questions', (_, answers, asked, notAsked) => {
    for (const id of asked) expect(shown(answers)).toContain(id);
    for (const id of notAsked) expect(shown(answers)).not.toContain(id);
  });

  it('requires the trip cost from a traveller but leaves "other trip cost" optional', () => {
    const answers = fillAnswers(q, TEST_CATALOGS, { tookTrip: 'yes' });
    const { tripCost: _cost, tripCostOther: _other, ...rest } = answers;
    expect(answerErrors(q, rest)).toEqual({ tripCost: [REQUIRED_ANSWER_MESSAGE] });
  });

  it('rejects a trip cost from a student who took no trip, and a cost outside the catalogue', () => {
    const noTrip = fillAnswers(q, TEST_CATALOGS, { tookTrip: 'no' });
    expect(answerErrors(q, { ...noTrip, tripCost: 'tripcost-uno' })).toEqual({ tripCost: [NOT_APPLICABLE_MESSAGE] });
    const trip = fillAnswers(q, TEST_CATALOGS, { tookTrip: 'yes' });
    expect(answerErrors(q, { ...trip, tripCost: '999' })).toEqual({ tripCost: ['La respuesta no es una de las opciones'] });
  });
});
