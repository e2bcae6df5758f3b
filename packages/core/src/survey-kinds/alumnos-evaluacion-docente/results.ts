/**
 * A teacher's result group in the teacher evaluation (spec §4: Docentes,
 * Destacados, Suficientes, Insuficientes). 'Docentes' is the list of every
 * evaluated teacher; the other three split it by the teacher's mean on the
 * 1–5 scale (scoring.ts) with two cut points, a deployment setting
 * (TEACHER_OUTSTANDING_MIN, TEACHER_SUFFICIENT_MIN; README, docs/reports.md):
 * - Destacados: mean ≥ outstandingMin (default 4.5: at least half-way between
 *   "Muy buena" and "Excelente", mostly excellent ratings);
 * - Suficientes: mean ≥ sufficientMin (default 3.5: nearer "Muy buena" than "Buena");
 * - Insuficientes: below it. Students rate generously, so a mean around
 *   "Buena" (3) already signals a class that needs attention.
 * A cut point belongs to the upper group. Approved teachers are the
 * Destacados and the Suficientes.
 */

export interface TeacherGroupThresholds {
  /** Least mean of a Destacado. */
  outstandingMin: number;
  /** Least mean of a Suficiente; below it, Insuficiente. */
  sufficientMin: number;
}

export const DEFAULT_TEACHER_GROUP_THRESHOLDS: TeacherGroupThresholds = { outstandingMin: 4.5, sufficientMin: 3.5 };

export const TEACHER_RESULT_GROUPS = [
  { key: 'destacados', label: 'Destacados' },
  { key: 'suficientes', label: 'Suficientes' },
  { key: 'insuficientes', label: 'Insuficientes' },
] as const;
export type TeacherResultGroup = (typeof TEACHER_RESULT_GROUPS)[number]['key'];

/** The heading of the list of every evaluated teacher, beside the three groups. */
export const ALL_TEACHERS_LABEL = 'Docentes';

/** The groups whose teachers are approved. */
export const APPROVED_GROUPS: readonly TeacherResultGroup[] = ['destacados', 'suficientes'];

/**
 * A mean summed in floating point from per-response means can land a hair
 * below a cut point it reaches exactly (4, 13/3 and 13/6 → 3.4999999999999996); a
 * difference this small is rounding, never a rating.
 */
const ROUNDING = 1e-9;

/** Why a pair of cut points cannot be used, in English for the configuration error; null when they can. */
export function thresholdsProblem({ outstandingMin, sufficientMin }: TeacherGroupThresholds): string | null {
  const onScale = (value: number) => Number.isFinite(value) && value >= 1 && value <= 5;
  if (!onScale(outstandingMin) || !onScale(sufficientMin)) return 'teacher group cut points must be between 1 and 5';
  if (sufficientMin >= outstandingMin) return 'TEACHER_SUFFICIENT_MIN must be below TEACHER_OUTSTANDING_MIN';
  return null;
}

export function teacherResultGroup(mean: number, thresholds: TeacherGroupThresholds = DEFAULT_TEACHER_GROUP_THRESHOLDS): TeacherResultGroup {
  if (mean >= thresholds.outstandingMin - ROUNDING) return 'destacados';
  if (mean >= thresholds.sufficientMin - ROUNDING) return 'suficientes';
  return 'insuficientes';
}

export function isApproved(group: TeacherResultGroup): boolean {
  return APPROVED_GROUPS.includes(group);
}
