/**
 * The scores a response carries from its submission (`response.scores`), so
 * that reports and the fold never score answers again: the teacher
 * evaluation's per-response mean and NOM-035 Guía II/III risk scores and
 * levels, as each kind's definition says. One function for the submission,
 * the demo seed and the benchmark.
 */
import type { SurveyKindId } from '../survey-kinds';
import type { Answers } from '../survey-engine/types';
import { scoreTeacherEvaluation } from './alumnos-evaluacion-docente/scoring';
import { SURVEY_KIND_DEFINITIONS } from './registry';

/** What the kind's definition scores (registry.ts `scoreResponse`), or null. */
export function responseScores(kind: SurveyKindId, subject: string, answers: Answers): Record<string, unknown> | null {
  return SURVEY_KIND_DEFINITIONS[kind].scoreResponse?.(subject, answers) ?? null;
}

/** The teacher evaluation mean stored at submission; responses stored before it was (null scores) are scored from their answers. */
export function teacherEvaluationAverage(scores: unknown, answers: Answers): number | null {
  if (scores !== null && typeof scores === 'object' && 'average' in scores) {
    const average = (scores as { average: unknown }).average;
    return typeof average === 'number' ? average : null;
  }
  return scoreTeacherEvaluation(answers).average;
}
