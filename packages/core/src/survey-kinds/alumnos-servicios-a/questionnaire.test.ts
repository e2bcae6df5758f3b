import { describe, expect, it } from 'vitest';
import { allItems } from '../../survey-engine/answers';
import { answerErrors, fillAnswers, questionnaireContract, TEST_CATALOGS } from '../testing';
import { SERVICIOS_A_QUESTIONNAIRE as q } from './questionnaire';

questionnaireContract(q);

describe('survey A', () => {
  it('rates the eight service areas of the brief, then closes with an overall rating and a comment', () => {
    expect(q.sections.map((s) => s.title)).toEqual([
      'Biblioteca',
      'Laboratorios y centros de cómputo',
      'Cafetería',
      'Servicios escolares',
      'Instalaciones y limpieza',
      'Seguridad',
      'Atención administrativa',
      'Plataformas digitales',
      'Para terminar',
    ]);
    expect(q.sections.slice(0, 8).every((s) => s.items.every((i) => i.type === 'rating'))).toBe(true);
  });

  it('offers each service area as the one to improve first, by its section id', () => {
    const priority = allItems(q).find((i) => i.id === 'priorityService');
    const values = priority?.type === 'single' ? priority.options?.map((o) => o.value) : [];
    expect(values).toEqual(q.sections.slice(0, 8).map((s) => s.id));
  });

  it("lets a student answer 'No aplica' for a service not used, but not for the overall rating", () => {
    const answers = fillAnswers(q, TEST_CATALOGS);
    expect(answerErrors(q, { ...answers, labSoftware: 'na' })).toEqual({});
    expect(answerErrors(q, { ...answers, overallSatisfaction: 'na' })).toEqual({ overallSatisfaction: ['La respuesta no es una de las opciones'] });
  });
});
