import { z } from 'zod';
import { idSchema, textSchema } from '../validation';

export const CAMPUS_NAME_REQUIRED_MESSAGE = 'Escribe el nombre del campus';
export const CAMPUS_NAME_MAX = 80;
export const CAMPUS_NAME_TOO_LONG_MESSAGE = `El nombre del campus admite hasta ${CAMPUS_NAME_MAX} caracteres`;

/** The campus's name as the back office shows it; spaces around and doubled inside are dropped. */
const campusNameSchema = textSchema({ error: CAMPUS_NAME_REQUIRED_MESSAGE })
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, CAMPUS_NAME_REQUIRED_MESSAGE).max(CAMPUS_NAME_MAX, CAMPUS_NAME_TOO_LONG_MESSAGE));

/** The Spanish message of a name already taken (names compare without case). */
export function campusNameTakenMessage(nombre: string): string {
  return `Ya existe un campus llamado «${nombre}»`;
}

/** POST /campus and PUT /campus/{id}. */
export const campusNameBodySchema = z.object({ nombre: campusNameSchema });
export type CampusNameRequest = z.input<typeof campusNameBodySchema>;

/** PUT /campus/{id}/avalible: enables or disables a campus. */
export const campusAvailabilityBodySchema = z.object({ avalible: z.boolean({ error: 'Indica si el campus queda habilitado' }) });

/** PUT /campus/{id}/ciclos: the survey types the campus offers (every other one is off there). */
export const campusCyclesBodySchema = z.object({
  cicles: z
    .array(idSchema(), { error: 'Indica los tipos de encuesta del campus' })
    .max(50)
    .transform((ids) => [...new Set(ids)]),
});
export type CampusCyclesRequest = z.input<typeof campusCyclesBodySchema>;

/** A campus with its state: a disabled one keeps its data, is offered to no respondent and takes no new application. */
export const managedCampusSchema = z.object({ id: z.number(), nombre: z.string(), avalible: z.boolean() });
export type ManagedCampus = z.infer<typeof managedCampusSchema>;

/** GET /campus/{id}, POST /campus, PUT /campus/{id} and /campus/{id}/avalible. */
export const campusAnswerSchema = z.object({ campus: managedCampusSchema });
export type CampusAnswer = z.infer<typeof campusAnswerSchema>;

/** GET /campus. */
export const campusesAnswerSchema = z.object({ campuses: z.array(managedCampusSchema) });

/** GET /campus/permissions: the campuses granted to the signed-in user, disabled ones included. */
export const grantedCampusesSchema = z.object({
  campuses: z.array(managedCampusSchema),
  /** Whether the user is granted every campus, so 'Todos los campus' is true for them. */
  allCampuses: z.boolean(),
});
export type GrantedCampuses = z.infer<typeof grantedCampusesSchema>;

/** A survey type as offered (or not) at one campus. */
export const campusCycleSchema = z.object({ id: z.number(), name: z.string(), survey_kind: z.string(), avalible: z.boolean() });
export type CampusCycle = z.infer<typeof campusCycleSchema>;

/** GET and PUT /campus/{id}/ciclos. */
export const campusCyclesAnswerSchema = z.object({ cicles: z.array(campusCycleSchema) });
export type CampusCyclesAnswer = z.infer<typeof campusCyclesAnswerSchema>;

export { SUGGESTED_CAMPUSES } from './suggested-campuses';
