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
export interface ManagedCampus {
  id: number;
  nombre: string;
  avalible: boolean;
}

/** A survey type as offered (or not) at one campus. */
export interface CampusCycle {
  id: number;
  name: string;
  survey_kind: string;
  avalible: boolean;
}

/** The seven campuses of the product spec, offered as a one-click suggestion on an empty platform. */
export const SUGGESTED_CAMPUSES = ['Puebla', 'Guadalajara', 'CDMX', 'Oaxaca', 'Mérida', 'Veracruz', 'León'] as const;
