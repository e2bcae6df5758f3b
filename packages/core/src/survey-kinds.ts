/**
 * The nine survey kinds of the product (spec §1), one line each. Each kind's
 * entry lives in its folder (`survey-kinds/<kind>/kind.ts`: what the server
 * and the web do differently per kind, its names, and its questionnaires
 * loaded on demand); everything else that lists kinds derives from this list
 * (the definitions of survey-kinds/registry.ts, the web's form loaders, the
 * cycles the reference seed writes, the reports' kind enum). A new kind adds
 * its folder and its line here (and its scorer's line in registry.ts, if it scores). Each has one cycle (survey type) that
 * applications attach; the suggestion box's cycle is named BUZÓN and is
 * never attached to an application.
 */
import type { AvailabilityList } from './api/surveys';
import { STAFF_COMMUNICATION_KIND } from './survey-kinds/administrativos-comunicacion/kind';
import { WORK_ENVIRONMENT_KIND } from './survey-kinds/administrativos-ambiente/kind';
import { TEACHER_EVALUATION_KIND } from './survey-kinds/alumnos-evaluacion-docente/kind';
import { NEW_INTAKE_KIND } from './survey-kinds/alumnos-nuevo-ingreso/kind';
import { SERVICIOS_A_KIND } from './survey-kinds/alumnos-servicios-a/kind';
import { SERVICIOS_B_KIND } from './survey-kinds/alumnos-servicios-b/kind';
import { SUGGESTION_BOX_KIND_ENTRY } from './survey-kinds/buzon/kind';
import { TEACHER_COMMUNICATION_KIND } from './survey-kinds/docentes-comunicacion/kind';
import type { SurveyKindForm } from './survey-kinds/forms';
import { NOM035_KIND } from './survey-kinds/nom035/kind';

export const SURVEY_KINDS = [
  SERVICIOS_A_KIND,
  SERVICIOS_B_KIND,
  TEACHER_EVALUATION_KIND,
  NEW_INTAKE_KIND,
  TEACHER_COMMUNICATION_KIND,
  STAFF_COMMUNICATION_KIND,
  WORK_ENVIRONMENT_KIND,
  NOM035_KIND,
  SUGGESTION_BOX_KIND_ENTRY,
] as const satisfies readonly SurveyKindInfo[];

/**
 * What the server and the web do differently per kind, said once in the
 * kind's entry (never by comparing kind ids elsewhere). Light on purpose:
 * respondent pages import every entry without any questionnaire, which each
 * kind loads on demand (the web: in the kind's own chunk).
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
  /**
   * Shown on the kind's index page and in the list of surveys. A kind answered with one questionnaire
   * has the questionnaire's own title (registry.test.ts holds them equal).
   */
  title: string;
  description: string;
  /** Its questionnaires, loaded on demand; absent: answered with the suggestion form (the suggestion box). */
  loadForm?: () => Promise<SurveyKindForm>;
}

export type SurveyKindId = (typeof SURVEY_KINDS)[number]['id'];
export type RespondentType = 'student' | 'teacher' | 'staff';

export const SUGGESTION_BOX_KIND: SurveyKindId = 'buzon';

/** The behaviour line of a kind. */
export function surveyKindInfo(id: SurveyKindId): (typeof SURVEY_KINDS)[number] {
  return SURVEY_KINDS.find((kind) => kind.id === id)!;
}
export const SUGGESTION_BOX_CYCLE_NAME = 'BUZÓN';
