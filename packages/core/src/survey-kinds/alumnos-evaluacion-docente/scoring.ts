/**
 * A teacher's result in the teacher evaluation, on the 1–5 scale of the
 * rating points (Excelente 5, Muy buena 4, Buena 3, Regular 2, Mala 1);
 * 'No aplica' is left out of the average, and so are answers to items that
 * are not rating items of the questionnaire.
 *
 * Result groups (spec §4: Docentes, Destacados, Suficientes, Insuficientes;
 * 'Docentes' is the list of every teacher evaluated, the other three split it):
 * - Destacados: average ≥ 4.5, i.e. at least half-way between "Muy buena" and
 *   "Excelente": mostly excellent ratings.
 * - Suficientes: average ≥ 3.5, i.e. nearer "Muy buena" than "Buena".
 * - Insuficientes: below 3.5. Students rate generously, so an average around
 *   "Buena" (3) already signals a class that needs attention.
 */
import { RATING_POINTS, type Answers, type RatingValue } from '../../survey-engine/types';
import { TEACHER_EVALUATION_QUESTIONNAIRE } from './questionnaire';

export const DESTACADO_MIN_AVERAGE = 4.5;
export const SUFICIENTE_MIN_AVERAGE = 3.5;

export const TEACHER_RESULT_GROUPS = [
  { key: 'destacados', label: 'Destacados' },
  { key: 'suficientes', label: 'Suficientes' },
  { key: 'insuficientes', label: 'Insuficientes' },
] as const;
export type TeacherResultGroup = (typeof TEACHER_RESULT_GROUPS)[number]['key'];
/** The heading of the list of every evaluated teacher, beside the three groups. */
export const ALL_TEACHERS_LABEL = 'Docentes';

/** The ids of the scored items: every rating item of the questionnaire. */
export const TEACHER_RATING_ITEM_IDS: readonly string[] = TEACHER_EVALUATION_QUESTIONNAIRE.sections
  .flatMap((section) => section.items)
  .filter((item) => item.type === 'rating')
  .map((item) => item.id);

export function teacherResultGroup(average: number): TeacherResultGroup {
  if (average >= DESTACADO_MIN_AVERAGE) return 'destacados';
  if (average >= SUFICIENTE_MIN_AVERAGE) return 'suficientes';
  return 'insuficientes';
}

export interface TeacherScore {
  /** Mean on the 1–5 scale, unrounded; null when nothing was rated (all 'No aplica'). */
  average: number | null;
  group: TeacherResultGroup | null;
}

function isPointed(value: unknown): value is Exclude<RatingValue, 'na'> {
  return typeof value === 'string' && Object.hasOwn(RATING_POINTS, value);
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** The score of one response (one student's evaluation of one class); `rated` items entered the average. */
export function scoreTeacherEvaluation(answers: Answers): TeacherScore & { rated: number } {
  const points = TEACHER_RATING_ITEM_IDS.map((id) => answers[id]).filter(isPointed).map((value) => RATING_POINTS[value]);
  if (points.length === 0) return { average: null, group: null, rated: 0 };
  const average = mean(points);
  return { average, group: teacherResultGroup(average), rated: points.length };
}

/**
 * A teacher's result over many responses: the mean of each response's
 * average, so every student weighs the same whatever their 'No aplica'
 * answers; responses with nothing rated are left out of it and of `responses`.
 */
export function scoreTeacher(responses: readonly Answers[]): TeacherScore & { responses: number } {
  const averages = responses.map((answers) => scoreTeacherEvaluation(answers).average).filter((a): a is number => a !== null);
  if (averages.length === 0) return { average: null, group: null, responses: 0 };
  const average = mean(averages);
  return { average, group: teacherResultGroup(average), responses: averages.length };
}
