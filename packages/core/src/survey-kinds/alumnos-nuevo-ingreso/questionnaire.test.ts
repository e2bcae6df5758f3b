import { describe, expect, it } from 'vitest';
import { allItems } from '../../survey-engine/answers';
import { answerErrors, fillAnswers, questionnaireContract, TEST_CATALOGS } from '../testing';
import { NEW_INTAKE_QUESTIONNAIRE as q } from './questionnaire';

questionnaireContract(q);

const catalogOf = (id: string) => {
  const item = allItems(q).find((i) => i.id === id);
  return item?.type === 'single' || item?.type === 'multiple' ? item.catalog : undefined;
};

describe('new intake', () => {
  it.each([
    ['originState', 'mxStates'],
    ['originMunicipio', 'mxMunicipios'],
    ['schoolType', 'InstitudeOption'],
    ['knowChannels', 'KnowMarketingChannel'],
    ['effectiveChannel', 'EffectiveMarketingChannel'],
    ['communicationChannel', 'CommunicationChannel'],
    ['transportationMode', 'TransportationMode'],
    ['extracurricularActivities', 'ExtracurricularActivitie'],
  ])('asks %s from the %s catalogue', (id, catalog) => {
    expect(catalogOf(id)).toBe(catalog);
  });

  it('gives every channel, mode and activity question an optional "other" text of 255 characters', () => {
    for (const id of ['knowChannels', 'effectiveChannel', 'communicationChannel', 'transportationMode', 'extracurricularActivities']) {
      const other = allItems(q).find((i) => i.id === `${id}Other`);
      expect(other && other.type === 'text' && other.maxLength === 255 && other.required === false, id).toBe(true);
    }
  });

  it('takes the municipio from the state answered (Puebla, then the city of Puebla)', () => {
    const answers = fillAnswers(q, TEST_CATALOGS, { originState: '21', originMunicipio: '21114' });
    expect(answerErrors(q, answers)).toEqual({});
  });

  it('rejects a municipio of another state, and an unknown state', () => {
    const answers = fillAnswers(q, TEST_CATALOGS, { originState: '21', originMunicipio: '21114' });
    expect(answerErrors(q, { ...answers, originMunicipio: '20067' })).toEqual({ originMunicipio: ['Elige una de las opciones'] });
    expect(answerErrors(q, { ...answers, originState: '33' })).toEqual({
      originState: ['Elige una de las opciones'],
      originMunicipio: ['Elige una de las opciones'],
    });
  });

  it('lets a student pick several channels and activities, not the same one twice', () => {
    const answers = fillAnswers(q, TEST_CATALOGS);
    expect(answerErrors(q, { ...answers, knowChannels: ['301', '302'], extracurricularActivities: ['701', '702'] })).toEqual({});
    expect(answerErrors(q, { ...answers, knowChannels: ['301', '301'] })).toEqual({ knowChannels: ['No repitas opciones'] });
  });

  it('accepts a channel written as "other" instead of one from the list', () => {
    const { transportationMode: _mode, ...answers } = fillAnswers(q, TEST_CATALOGS);
    expect(answerErrors(q, { ...answers, transportationModeOther: 'Tren suburbano' })).toEqual({});
  });
});
