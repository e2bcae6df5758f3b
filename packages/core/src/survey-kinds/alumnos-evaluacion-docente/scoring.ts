/**
 * A teacher's result in the teacher evaluation, on the 1–5 scale of the
 * rating points (Excelente 5, Muy buena 4, Buena 3, Regular 2, Mala 1);
 * 'No aplica' is left out of the average, and so are answers to items that
 * are not rating items of the questionnaire.
 *
 * The result groups (Destacados, Suficientes, Insuficientes) and their cut
 * points live in results.ts.
 */
import { RATING_POINTS, type Answers, type RatingValue } from '../../survey-engine/types';
import { TEACHER_EVALUATION_QUESTIONNAIRE } from './questionnaire';

/** The ids of the scored items: every rating item of the questionnaire. */
export const TEACHER_RATING_ITEM_IDS: readonly string[] = TEACHER_EVALUATION_QUESTIONNAIRE.sections
  .flatMap((section) => section.items)
  .filter((item) => item.type === 'rating')
  .map((item) => item.id);

export interface TeacherScore {
  /** Mean on the 1–5 scale, unrounded; null when nothing was rated (all 'No aplica'). */
  average: number | null;
}

function isPointed(value: unknown): value is Exclude<RatingValue, 'na'> {
  return typeof value === 'string' && Object.hasOwn(RATING_POINTS, value);
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** The score of one response (one student's evaluation of one class); `rated` items entered the average. */
export function scoreTeacherEvaluation(answers: Answers): TeacherScore & { rated: number } {
  const points = TEACHER_RATING_ITEM_IDS.map((id) => answers[id]).filter(isPointed).map((value) => RATING_POINTS[value]);
  if (points.length === 0) return { average: null, rated: 0 };
  return { average: mean(points), rated: points.length };
}

/**
 * A teacher's result over many responses: the mean of each response's
 * average, so every student weighs the same whatever their 'No aplica'
 * answers; responses with nothing rated are left out of it and of `responses`.
 */
export function scoreTeacher(responses: readonly Answers[]): TeacherScore & { responses: number } {
  const averages = responses.map((answers) => scoreTeacherEvaluation(answers).average).filter((a): a is number => a !== null);
  if (averages.length === 0) return { average: null, responses: 0 };
  return { average: mean(averages), responses: averages.length };
}
