import { describe, expect, it } from 'vitest';
import { allItems } from '../../survey-engine/answers';
import { answerErrors, fillAnswers, questionnaireContract, TEST_CATALOGS } from '../testing';
import { NEW_INTAKE_QUESTIONNAIRE as q, OTHER_VALUE } from './questionnaire';

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

  it('ends every channel, mode and activity question with «Otro», which opens a required text of 255 characters', () => {
    for (const id of ['knowChannels', 'effectiveChannel', 'communicationChannel', 'transportationMode', 'extracurricularActivities']) {
      const question = allItems(q).find((i) => i.id === id);
      expect(question?.type === 'single' || question?.type === 'multiple' ? question.otherOption : undefined, id).toEqual({
        value: OTHER_VALUE,
        label: 'Otro',
      });
      expect(question?.required, id).not.toBe(false);
      const other = allItems(q).find((i) => i.id === `${id}Other`);
      expect(other && other.type === 'text' && other.maxLength === 255 && other.required !== false, id).toBe(true);
      expect(other?.gate, id).toEqual({ anyOf: [{ item: id, in: [OTHER_VALUE] }] });
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
    expect(answerErrors(q, { ...answers, knowChannels: ['knowmarketingchannel-uno', 'knowmarketingchannel-dos'], extracurricularActivities: ['extracurricularactivitie-uno', 'extracurricularactivitie-dos'] })).toEqual({});
    expect(answerErrors(q, { ...answers, knowChannels: ['knowmarketingchannel-uno', 'knowmarketingchannel-uno'] })).toEqual({ knowChannels: ['No repitas opciones'] });
  });

  it('accepts «Otro» with the text written, and asks for the text only then', () => {
    const answers = fillAnswers(q, TEST_CATALOGS);
    expect(answerErrors(q, { ...answers, transportationMode: OTHER_VALUE, transportationModeOther: 'Tren suburbano' })).toEqual({});
    expect(answerErrors(q, { ...answers, transportationMode: OTHER_VALUE })).toEqual({ transportationModeOther: ['Responde esta pregunta'] });
    expect(answerErrors(q, { ...answers, transportationModeOther: 'Tren suburbano' })).toEqual({
      transportationModeOther: ['Esta pregunta no corresponde a tus respuestas anteriores'],
    });
    expect(answerErrors(q, { ...answers, knowChannels: ['knowmarketingchannel-uno', OTHER_VALUE], knowChannelsOther: 'Un podcast' })).toEqual({});
  });

  it('requires each catalogue question', () => {
    const { transportationMode: _mode, ...answers } = fillAnswers(q, TEST_CATALOGS);
    expect(answerErrors(q, answers)).toEqual({ transportationMode: ['Responde esta pregunta'] });
  });
});
