import { describe, expect, it } from 'vitest';
import { SURVEY_KIND_DEFINITIONS } from '../survey-kinds/registry';
import { TEST_CATALOGS } from '../survey-kinds/testing';
import { buildAnswersSchema } from './answers';
import { seededRandom, syntheticAnswers } from './synthetic-answers';
import { RATING_POINTS, type Questionnaire } from './types';

const questionnaires: Questionnaire[] = Object.values(SURVEY_KIND_DEFINITIONS).flatMap((kind) => [...kind.questionnaires]);

describe('synthetic answers', () => {
  it.each(questionnaires.map((q) => [`${q.id} v${q.version}`, q] as const))(
    '%s: 300 generated answer sets all pass the questionnaire’s own schema',
    (_name, questionnaire) => {
      const schema = buildAnswersSchema(questionnaire, TEST_CATALOGS);
      const random = seededRandom(7);
      for (let i = 0; i < 300; i++) {
        const answers = syntheticAnswers(questionnaire, TEST_CATALOGS, random);
        const result = schema.safeParse(answers);
        expect(result.success, JSON.stringify(result.error?.issues.slice(0, 3))).toBe(true);
      }
    },
  );

  it('gives the same answers for the same seed and different ones for another', () => {
    const [questionnaire] = questionnaires;
    const a = syntheticAnswers(questionnaire!, TEST_CATALOGS, seededRandom(1));
    expect(syntheticAnswers(questionnaire!, TEST_CATALOGS, seededRandom(1))).toEqual(a);
    expect(syntheticAnswers(questionnaire!, TEST_CATALOGS, seededRandom(2))).not.toEqual(a);
  });

  it('rates higher when the respondent is happier', () => {
    const teacherEvaluation = SURVEY_KIND_DEFINITIONS['alumnos/evaluacionDocente'].questionnaires[0]!;
    const mean = (mood: number) => {
      const random = seededRandom(11);
      const points: number[] = [];
      for (let i = 0; i < 200; i++)
        for (const value of Object.values(syntheticAnswers(teacherEvaluation, TEST_CATALOGS, random, { mood })))
          if (typeof value === 'string' && value in RATING_POINTS) points.push(RATING_POINTS[value as keyof typeof RATING_POINTS]);
      return points.reduce((s, p) => s + p, 0) / points.length;
    };
    expect(mean(0.9)).toBeGreaterThan(4);
    expect(mean(0.1)).toBeLessThan(2.5);
  });

  it('answers the new intake with catalogue schools, unlisted ones written out, and students from abroad', () => {
    const newIntake = SURVEY_KIND_DEFINITIONS['alumnos/nuevoIngreso'].questionnaires[0]!;
    const random = seededRandom(5);
    const sets = Array.from({ length: 300 }, () => syntheticAnswers(newIntake, TEST_CATALOGS, random));
    expect(sets.filter((a) => a.institute === 'institudeoption-uno' || a.institute === 'institudeoption-dos').length).toBeGreaterThan(200);
    const unlisted = sets.filter((a) => a.institute === 'otro');
    expect(unlisted.length).toBeGreaterThan(0);
    expect(unlisted.every((a) => typeof a.schoolName === 'string' && typeof a.schoolType === 'string')).toBe(true);
    const abroad = sets.filter((a) => a.originState === 'otro');
    expect(abroad.length).toBeGreaterThan(0);
    expect(abroad.every((a) => a.originMunicipio === undefined && typeof a.originPlace === 'string')).toBe(true);
  });

  it('opens gates now and then: some NOM-035 Guía I answer sets go past the first section', () => {
    const guideI = SURVEY_KIND_DEFINITIONS['administrativos/norma'].questionnaires[0]!;
    const random = seededRandom(3);
    const sizes = Array.from({ length: 200 }, () => Object.keys(syntheticAnswers(guideI, TEST_CATALOGS, random)).length);
    expect(Math.min(...sizes)).toBeLessThan(Math.max(...sizes));
  });
});
