import { describe, expect, it } from 'vitest';
import {
  ALL_TEACHERS_LABEL,
  DEFAULT_TEACHER_GROUP_THRESHOLDS,
  isApproved,
  TEACHER_RESULT_GROUPS,
  teacherResultGroup,
  thresholdsProblem,
  type TeacherResultGroup,
} from './results';

describe('teacher result groups at the default cut points', () => {
  it('are 4.5 and 3.5 of 5, with the spec’s Spanish names', () => {
    expect(DEFAULT_TEACHER_GROUP_THRESHOLDS).toEqual({ outstandingMin: 4.5, sufficientMin: 3.5 });
    expect([ALL_TEACHERS_LABEL, ...TEACHER_RESULT_GROUPS.map((g) => g.label)]).toEqual(['Docentes', 'Destacados', 'Suficientes', 'Insuficientes']);
  });

  it.each<[number, TeacherResultGroup]>([
    [5, 'destacados'],
    [4.5, 'destacados'],
    [4.5 - 1e-12, 'destacados'], // rounding of a float sum, not a lower mean
    [4.4999, 'suficientes'],
    [4, 'suficientes'],
    [3.5, 'suficientes'],
    [3.5 - 1e-12, 'suficientes'],
    [3.4999, 'insuficientes'],
    [3, 'insuficientes'],
    [1, 'insuficientes'],
  ])('a mean of %d is %s (a cut point belongs to the upper group)', (mean, group) => {
    expect(teacherResultGroup(mean)).toBe(group);
  });

  it('places evaluations of 4, 13/3 and 13/6 (exactly 3.5, summed as 3.4999999999999996) among the Suficientes', () => {
    const mean = (4 + 13 / 3 + 13 / 6) / 3;
    expect(mean).toBeLessThan(3.5);
    expect(teacherResultGroup(mean)).toBe('suficientes');
  });
});

describe('teacher result groups at configured cut points', () => {
  const strict = { outstandingMin: 4.8, sufficientMin: 4 };
  it.each<[number, TeacherResultGroup]>([
    [5, 'destacados'],
    [4.8, 'destacados'],
    [4.7999, 'suficientes'],
    [4, 'suficientes'],
    [3.9999, 'insuficientes'],
    [1, 'insuficientes'],
  ])('with 4.8 / 4, a mean of %d is %s', (mean, group) => {
    expect(teacherResultGroup(mean, strict)).toBe(group);
  });

  it.each([
    [{ outstandingMin: 4.5, sufficientMin: 3.5 }, null],
    [{ outstandingMin: 5, sufficientMin: 1 }, null],
    [{ outstandingMin: 3.5, sufficientMin: 3.5 }, 'TEACHER_SUFFICIENT_MIN must be below TEACHER_OUTSTANDING_MIN'],
    [{ outstandingMin: 3, sufficientMin: 4 }, 'TEACHER_SUFFICIENT_MIN must be below TEACHER_OUTSTANDING_MIN'],
    [{ outstandingMin: 5.1, sufficientMin: 3.5 }, 'teacher group cut points must be between 1 and 5'],
    [{ outstandingMin: 4.5, sufficientMin: 0.9 }, 'teacher group cut points must be between 1 and 5'],
    [{ outstandingMin: Number.NaN, sufficientMin: 3.5 }, 'teacher group cut points must be between 1 and 5'],
  ])('cut points %o: %s', (thresholds, problem) => {
    expect(thresholdsProblem(thresholds)).toBe(problem);
  });
});

describe('approved teachers', () => {
  it('are the Destacados and the Suficientes', () => {
    expect(TEACHER_RESULT_GROUPS.filter((g) => isApproved(g.key)).map((g) => g.label)).toEqual(['Destacados', 'Suficientes']);
  });
});
