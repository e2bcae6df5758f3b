/**
 * The teacher ranking's constants and texts, without zod (./report-contract.ts
 * re-exports them with its schemas): the report screens import them from here
 * and so load no schema library.
 */

/** The teachers' cards are the spec's list of 12 (§9). */
export const TEACHERS_PAGE_SIZE = 12;

/** `docentes` is every evaluated teacher; `aprobados` the Destacados and Suficientes. */
export const TEACHER_LIST_FILTERS = ['docentes', 'destacados', 'suficientes', 'insuficientes', 'aprobados'] as const;
export type TeacherListFilter = (typeof TEACHER_LIST_FILTERS)[number];
export const TEACHER_LIST_FILTER_MESSAGE = 'Elige Docentes, Destacados, Suficientes, Insuficientes o Aprobados';
export const NOT_TEACHER_EVALUATION_MESSAGE = 'Este reporte es solo para la evaluación docente.';
export const TEACHER_NOT_FOUND_MESSAGE = 'No se encontró el docente.';

/** The ranking's sortable columns: its place (best mean first), the teacher's name and campus, the figures, the previous term's mean and the change. */
export const TEACHER_SORT_KEYS = ['rank', 'name', 'campus', 'n', 'mean', 'sd', 'group', 'previousMean', 'change'] as const;
export type TeacherSortKey = (typeof TEACHER_SORT_KEYS)[number];
export const TEACHER_SORT_MESSAGE = 'Ordena por lugar, docente, campus, evaluaciones, promedio, desviación, resultado, periodo anterior o cambio';
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const SORT_ORDER_MESSAGE = 'El orden debe ser ascendente (asc) o descendente (desc)';
export const TEACHER_SEARCH_MESSAGE = 'La búsqueda admite hasta 100 caracteres';
/** Without `order`: names and campuses A to Z, the place from 1, figures from the highest. */
export const defaultSortOrder = (sort: TeacherSortKey): SortOrder => (sort === 'rank' || sort === 'name' || sort === 'campus' ? 'asc' : 'desc');
