import { describe, expect, it } from 'vitest';
import { responseScores, teacherEvaluationAverage } from './response-scores';
import { TEACHER_RATING_ITEM_IDS } from './alumnos-evaluacion-docente/scoring';

describe('scores stored with a response', () => {
  const ratings = (values: string[]) => Object.fromEntries(TEACHER_RATING_ITEM_IDS.map((id, i) => [id, values[i % values.length]!]));

  it("stores a teacher evaluation's mean with 'No aplica' left out, and null when nothing was rated", () => {
    expect(responseScores('alumnos/evaluacionDocente', '12', ratings(['excelente', 'na', 'buena']))).toEqual({ average: 4 });
    expect(responseScores('alumnos/evaluacionDocente', '12', ratings(['na']))).toEqual({ average: null });
  });

  it('stores NOM-035 risk scores for Guía II and III only, and nothing for other kinds', () => {
    expect(responseScores('administrativos/norma', 'I', {})).toBeNull();
    expect(responseScores('alumnos/serviciosA', '', {})).toBeNull();
  });

  it('reads the stored mean, and scores the answers of a response stored before means were', () => {
    const answers = ratings(['buena']);
    expect(teacherEvaluationAverage({ average: 2.5 }, answers)).toBe(2.5);
    expect(teacherEvaluationAverage({ average: null }, answers)).toBeNull();
    expect(teacherEvaluationAverage(null, answers)).toBe(3);
  });
});
