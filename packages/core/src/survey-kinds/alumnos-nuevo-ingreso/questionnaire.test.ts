import { describe, expect, it } from 'vitest';
import { allItems } from '../../survey-engine/answers';
import { answerErrors, fillAnswers, questionnaireContract, TEST_CATALOGS } from '../testing';
import { MX_STATES } from '../../catalogs/mx-geo';
import { visibleItems } from '../../survey-engine/answers';
import { MX_STATE_CLAVES, NEW_INTAKE_QUESTIONNAIRE as q, OTHER_VALUE, SCHOOL_TYPES } from './questionnaire';

questionnaireContract(q);

const catalogOf = (id: string) => {
  const item = allItems(q).find((i) => i.id === id);
  return item?.type === 'single' || item?.type === 'multiple' ? item.catalog : undefined;
};

describe('new intake: catalogues and «Otro»', () => {
  it.each([
    ['originState', 'mxStates'],
    ['originMunicipio', 'mxMunicipios'],
    ['institute', 'InstitudeOption'],
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

  it('lets a student pick several channels and activities, not the same one twice', () => {
    const answers = fillAnswers(q, TEST_CATALOGS);
    expect(answerErrors(q, { ...answers, knowChannels: ['knowmarketingchannel-uno', 'knowmarketingchannel-dos'], extracurricularActivities: ['extracurricularactivitie-uno', 'extracurricularactivitie-dos'] })).toEqual({});
    expect(answerErrors(q, { ...answers, knowChannels: ['knowmarketingchannel-uno', 'knowmarketingchannel-uno'] })).toEqual({ knowChannels: ['Hay opciones repetidas'] });
  });

  it('accepts «Otro» with the text written, and asks for the text only then', () => {
    const answers = fillAnswers(q, TEST_CATALOGS);
    expect(answerErrors(q, { ...answers, transportationMode: OTHER_VALUE, transportationModeOther: 'Tren suburbano' })).toEqual({});
    expect(answerErrors(q, { ...answers, transportationMode: OTHER_VALUE })).toEqual({ transportationModeOther: ['Falta responder esta pregunta'] });
    expect(answerErrors(q, { ...answers, transportationModeOther: 'Tren suburbano' })).toEqual({
      transportationModeOther: ['Esta pregunta no corresponde a las respuestas anteriores'],
    });
    expect(answerErrors(q, { ...answers, knowChannels: ['knowmarketingchannel-uno', OTHER_VALUE], knowChannelsOther: 'Un podcast' })).toEqual({});
  });

  it('requires each catalogue question', () => {
    const { transportationMode: _mode, ...answers } = fillAnswers(q, TEST_CATALOGS);
    expect(answerErrors(q, answers)).toEqual({ transportationMode: ['Falta responder esta pregunta'] });
  });
});

describe('new intake: place of origin', () => {
  it('takes the municipio from the state answered (Puebla, then the city of Puebla)', () => {
    const answers = fillAnswers(q, TEST_CATALOGS, { originState: '21', originMunicipio: '21114' });
    expect(answerErrors(q, answers)).toEqual({});
  });

  it('rejects a municipio of another state, and an unknown state', () => {
    const answers = fillAnswers(q, TEST_CATALOGS, { originState: '21', originMunicipio: '21114' });
    expect(answerErrors(q, { ...answers, originMunicipio: '20067' })).toEqual({ originMunicipio: ['La respuesta no es una de las opciones'] });
    expect(answerErrors(q, { ...answers, originState: '33' })).toEqual({
      originState: ['La respuesta no es una de las opciones'],
      originMunicipio: ['Esta pregunta no corresponde a las respuestas anteriores'],
    });
  });

  it('asks the municipio only for one of the 32 states, whose claves are INEGI\'s', () => {
    expect(MX_STATE_CLAVES).toEqual(MX_STATES.map((s) => s.clave));
  });

  it('lets a student from abroad finish: «Otro / extranjero» as state, no municipio, the place written', () => {
    const state = allItems(q).find((i) => i.id === 'originState');
    expect(state?.type === 'single' ? state.otherOption : undefined).toEqual({ value: OTHER_VALUE, label: 'Otro / extranjero' });
    const answers = fillAnswers(q, TEST_CATALOGS, { originState: OTHER_VALUE, originPlace: 'Bogotá, Colombia' });
    expect(answers.originMunicipio).toBeUndefined();
    expect(answerErrors(q, answers)).toEqual({});
    const { originPlace: _place, ...withoutPlace } = answers;
    expect(answerErrors(q, withoutPlace)).toEqual({ originPlace: ['Falta responder esta pregunta'] });
    expect(answerErrors(q, { ...answers, originMunicipio: '21114' })).toEqual({
      originMunicipio: ['Esta pregunta no corresponde a las respuestas anteriores'],
    });
  });

  it('accepts a municipio not listed as «Otro» with the place written, and asks the place only then', () => {
    const listed = fillAnswers(q, TEST_CATALOGS, { originState: '21', originMunicipio: '21114' });
    expect(listed.originPlace).toBeUndefined();
    expect(answerErrors(q, { ...listed, originMunicipio: OTHER_VALUE, originPlace: 'San Miguel Canoa' })).toEqual({});
    expect(answerErrors(q, { ...listed, originMunicipio: OTHER_VALUE })).toEqual({ originPlace: ['Falta responder esta pregunta'] });
    expect(answerErrors(q, { ...listed, originPlace: 'Puebla' })).toEqual({ originPlace: ['Esta pregunta no corresponde a las respuestas anteriores'] });
  });
});

describe('new intake: school', () => {
  it('takes the school from the InstitudeOption catalogue, and makes it the institute segment of the reports', () => {
    const institute = allItems(q).find((i) => i.id === 'institute');
    expect(institute?.type === 'single' && institute.segment).toBe('institute');
    const answers = fillAnswers(q, TEST_CATALOGS, { institute: 'institudeoption-dos' });
    expect(answerErrors(q, answers)).toEqual({});
    expect(visibleItems(q, answers).map((i) => i.id)).not.toEqual(expect.arrayContaining(['schoolName']));
    expect(visibleItems(q, answers).map((i) => i.id)).not.toEqual(expect.arrayContaining(['schoolType']));
    expect(answerErrors(q, { ...answers, institute: 'prepa-inventada' })).toEqual({ institute: ['La respuesta no es una de las opciones'] });
  });

  it('accepts «Otro» as the school with its name and kind written, and asks them only then', () => {
    const answers = fillAnswers(q, TEST_CATALOGS, { institute: OTHER_VALUE, schoolName: 'Prepa Federal por Cooperación, Tehuacán', schoolType: 'preparatoria-publica' });
    expect(answerErrors(q, answers)).toEqual({});
    const { schoolName: _name, schoolType: _type, ...unwritten } = answers;
    expect(answerErrors(q, unwritten)).toEqual({ schoolName: ['Falta responder esta pregunta'], schoolType: ['Falta responder esta pregunta'] });
    expect(answerErrors(q, { ...answers, schoolType: 'universidad' })).toEqual({ schoolType: ['La respuesta no es una de las opciones'] });
    const listed = fillAnswers(q, TEST_CATALOGS);
    expect(answerErrors(q, { ...listed, schoolName: 'Prepa 5' })).toEqual({ schoolName: ['Esta pregunta no corresponde a las respuestas anteriores'] });
  });

  it("keeps version 2's school-type codes, so answers stored before version 3 keep their meaning", () => {
    expect(q.version).toBe(3);
    expect(SCHOOL_TYPES.map((t) => t.value)).toEqual([
      'preparatoria-publica',
      'preparatoria-privada',
      'bachillerato-tecnologico-cbtis-cetis-conalep',
      'colegio-de-bachilleres',
      'preparatoria-abierta',
    ]);
  });
});
