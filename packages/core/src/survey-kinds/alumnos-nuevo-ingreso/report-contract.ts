/**
 * New intake's own report (docs/reports.md, "New intake"): students' opinion
 * by the school they come from (spec §2), read from the aggregates'
 * `institute` segment. Its other breakdowns (state, municipio, institute,
 * marketing, channel, transport, activities) are the generic report's item
 * distributions, and its 'other' lists the generic GET /reports/texts.
 */
import { z } from 'zod';
import { reportScopeInfoSchema, reportScopeQuerySchema, sectionAverageSchema, type KindReportLink } from '../../api/reports';
import { INSTITUTE_OPINION_ENDPOINT } from './report-constants';

/** The endpoint lives without zod in report-constants.ts (the report screen imports it there). */
export { INSTITUTE_OPINION_ENDPOINT } from './report-constants';

/** What the generic overview links to for the new-intake kind (features/reports/registry.ts). */
export const NEW_INTAKE_REPORT_LINKS: readonly KindReportLink[] = [
  { id: 'institutes', title: 'Opinión de los alumnos por institución de procedencia', endpoint: INSTITUTE_OPINION_ENDPOINT },
];

/** The scope alone: a breakdown by school is never crossed with days. */
export const instituteOpinionQuerySchema = reportScopeQuerySchema;
export type InstituteOpinionQuery = z.input<typeof instituteOpinionQuerySchema>;

export const NO_INSTITUTE_QUESTION_MESSAGE = 'Esta encuesta no pregunta la escuela de procedencia: elige la encuesta de nuevo ingreso.';

export const instituteOpinionRowSchema = z.object({
  /** The InstitudeOption catalogue code, or 'otro' (schools written by the students, together). */
  institute: z.string(),
  /** The catalogue's name ('Otro' for the written ones). */
  name: z.string(),
  /** Every response of the school in scope. */
  responses: z.number(),
  /**
   * Of them, those left out of the averages: the school's responses at a campus where it has
   * fewer than the small-group rule, so the report by cycle minus a campus's report never
   * gives that campus's few students' figures.
   */
  withheldResponses: z.number(),
  /** Mean over every scored answer of the averaged responses; null when withheld. */
  average: z.number().nullable(),
  /** Per scored section, in the order of `sections`; null when withheld or nothing scored. */
  sections: z.array(sectionAverageSchema),
  /** No campus of the scope has enough of the school's responses: the averages are not sent. */
  withheld: z.boolean(),
});
export type InstituteOpinionRow = z.infer<typeof instituteOpinionRowSchema>;

/** GET /reports/new-intake/institutes: whole periods (never filtered by days). */
export const instituteOpinionReportSchema = z.object({
  scope: reportScopeInfoSchema,
  minGroupSize: z.number(),
  withheldExplanation: z.string(),
  /** The questionnaire sections with scored items: the table's columns. */
  sections: z.array(z.object({ id: z.string(), title: z.string() })),
  /** Most responses first, then by name. */
  rows: z.array(instituteOpinionRowSchema),
  withheldRows: z.number(),
});
export type InstituteOpinionReport = z.infer<typeof instituteOpinionReportSchema>;
