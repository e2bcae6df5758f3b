/**
 * The nine survey kinds of the product (spec §1). Each has one cycle
 * (survey type) that applications attach; the suggestion box's cycle is
 * named BUZÓN and is never attached to an application.
 */
export const SURVEY_KINDS = [
  { id: 'alumnos/serviciosA', cycleName: 'Encuesta de Servicios A', respondent: 'student' },
  { id: 'alumnos/serviciosB', cycleName: 'Encuesta de Servicios B', respondent: 'student' },
  { id: 'alumnos/evaluacionDocente', cycleName: 'Evaluación Docente', respondent: 'student' },
  { id: 'alumnos/nuevoIngreso', cycleName: 'Nuevo Ingreso', respondent: 'student' },
  { id: 'docentes/comunicacion', cycleName: 'Comunicación Docentes', respondent: 'teacher' },
  { id: 'administrativos/comunicacion', cycleName: 'Comunicación Administrativos', respondent: 'staff' },
  { id: 'administrativos/ambiente', cycleName: 'Ambiente Laboral', respondent: 'staff' },
  { id: 'administrativos/norma', cycleName: 'NOM-035', respondent: 'staff' },
  { id: 'buzon', cycleName: 'BUZÓN', respondent: 'any' },
] as const;

export type SurveyKindId = (typeof SURVEY_KINDS)[number]['id'];
export type RespondentType = 'student' | 'teacher' | 'staff';

export const SUGGESTION_BOX_KIND: SurveyKindId = 'buzon';
export const SUGGESTION_BOX_CYCLE_NAME = 'BUZÓN';
