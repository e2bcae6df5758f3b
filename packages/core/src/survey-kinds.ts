/**
 * The nine survey kinds of the product (spec §1). Each has one cycle
 * (survey type) that applications attach; the suggestion box's cycle is
 * named BUZÓN and is never attached to an application.
 */
import type { AvailabilityList } from './api/surveys';

export const SURVEY_KINDS = [
  { id: 'alumnos/serviciosA', cycleName: 'Encuesta de Servicios A', respondent: 'student', list: 'encuestas', subjects: 'one', targetList: false, formPath: 'doing' },
  { id: 'alumnos/serviciosB', cycleName: 'Encuesta de Servicios B', respondent: 'student', list: 'encuestas', subjects: 'one', targetList: false, formPath: 'doing' },
  { id: 'alumnos/evaluacionDocente', cycleName: 'Evaluación Docente', respondent: 'student', list: 'encuestasDocente', subjects: 'perClass', targetList: false, formPath: 'index' },
  { id: 'alumnos/nuevoIngreso', cycleName: 'Nuevo Ingreso', respondent: 'student', list: 'encuestasTarget', subjects: 'one', targetList: true, formPath: 'index' },
  { id: 'docentes/comunicacion', cycleName: 'Comunicación Docentes', respondent: 'teacher', list: 'encuestasComunicacionDocente', subjects: 'one', targetList: false, formPath: 'doing' },
  { id: 'administrativos/comunicacion', cycleName: 'Comunicación Administrativos', respondent: 'staff', list: 'encuestasAdministrators', subjects: 'one', targetList: false, formPath: 'doing' },
  { id: 'administrativos/ambiente', cycleName: 'Ambiente Laboral', respondent: 'staff', list: 'encuestasAdministrators', subjects: 'one', targetList: false, formPath: 'doing' },
  { id: 'administrativos/norma', cycleName: 'NOM-035', respondent: 'staff', list: 'encuestasAdministrators', subjects: 'nom035Guides', targetList: false, formPath: 'doing' },
  { id: 'buzon', cycleName: 'BUZÓN', respondent: 'any', list: null, subjects: 'one', targetList: false, formPath: 'doing' },
] as const satisfies readonly SurveyKindInfo[];

/**
 * What the server and the web do differently per kind, said once here (never
 * by comparing kind ids elsewhere): a new kind adds its line and its folder
 * under survey-kinds/. Light on purpose: respondent pages import it without
 * any questionnaire.
 */
export interface SurveyKindInfo {
  id: string;
  /** The name of the kind's cycle (survey type). */
  cycleName: string;
  respondent: RespondentType | 'any';
  /** The availability list of spec §3 that offers it; null: reached from its own page (the suggestion box). */
  list: AvailabilityList | null;
  /**
   * What one response is about within an application: 'one' response per
   * respondent; 'perClass': one per class the student is enrolled in (the
   * subject is the class id); 'nom035Guides': Guía I, then the campus's risk guide.
   */
  subjects: 'one' | 'perClass' | 'nom035Guides';
  /** Only the students on the period's target list are asked (new intake). */
  targetList: boolean;
  /** Its form's route: /{kind}/doing, or /{kind}/{index} (one index per class; 0 when there is one form). */
  formPath: 'doing' | 'index';
}

export type SurveyKindId = (typeof SURVEY_KINDS)[number]['id'];
export type RespondentType = 'student' | 'teacher' | 'staff';

export const SUGGESTION_BOX_KIND: SurveyKindId = 'buzon';

/** The behaviour line of a kind. */
export function surveyKindInfo(id: SurveyKindId): (typeof SURVEY_KINDS)[number] {
  return SURVEY_KINDS.find((kind) => kind.id === id)!;
}
export const SUGGESTION_BOX_CYCLE_NAME = 'BUZÓN';
