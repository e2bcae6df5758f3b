/**
 * Survey kind → definition: what each of the nine kinds of SURVEY_KINDS asks,
 * of whom, and how its index page presents it. A typed Record, so adding a
 * kind to SURVEY_KINDS without a definition here does not compile.
 */
import type { Answers, Questionnaire } from '../survey-engine/types';
import { SURVEY_KINDS, type RespondentType, type SurveyKindId } from '../survey-kinds';
import { STAFF_COMMUNICATION_QUESTIONNAIRE } from './administrativos-comunicacion/questionnaire';
import { WORK_ENVIRONMENT_QUESTIONNAIRE } from './administrativos-ambiente/questionnaire';
import { TEACHER_EVALUATION_QUESTIONNAIRE } from './alumnos-evaluacion-docente/questionnaire';
import { scoreTeacherEvaluation } from './alumnos-evaluacion-docente/scoring';
import { NEW_INTAKE_QUESTIONNAIRE } from './alumnos-nuevo-ingreso/questionnaire';
import { SERVICIOS_A_QUESTIONNAIRE } from './alumnos-servicios-a/questionnaire';
import { SERVICIOS_B_QUESTIONNAIRE } from './alumnos-servicios-b/questionnaire';
import { suggestionFormSchema } from './buzon/form';
import { TEACHER_COMMUNICATION_QUESTIONNAIRE } from './docentes-comunicacion/questionnaire';
import { NOM035_QUESTIONNAIRES } from './nom035/guides';
import { scoreRiskGuide } from './nom035/scoring';
import { SURVEY_KIND_TEXTS } from './texts';

/** How a kind is answered. */
export type SurveyKindForm =
  | { type: 'questionnaire'; questionnaire: Questionnaire }
  | {
      type: 'nom035';
      /** Answered first by every worker. */
      guideI: Questionnaire;
      /** Then one of these, chosen per campus by riskGuideFor (nom035/guides). */
      riskGuides: { II: Questionnaire; III: Questionnaire };
    }
  | { type: 'suggestionForm'; schema: typeof suggestionFormSchema };

export interface SurveyKindDefinition {
  id: SurveyKindId;
  /** Shown on the kind's index page and in the list of surveys. */
  title: string;
  description: string;
  respondent: RespondentType | 'any';
  form: SurveyKindForm;
  /** Every questionnaire of the kind (NOM-035: Guía I, II, III in that order); empty for the suggestion box. */
  questionnaires: readonly Questionnaire[];
  /** Scores stored with a response at submission (response-scores.ts); none when absent. */
  scoreResponse?: (subject: string, answers: Answers) => Record<string, unknown> | null;
}

const respondentOf = (id: SurveyKindId) => SURVEY_KINDS.find((kind) => kind.id === id)!.respondent;

function single(
  id: SurveyKindId,
  questionnaire: Questionnaire,
  scoreResponse?: SurveyKindDefinition['scoreResponse'],
): SurveyKindDefinition {
  return {
    id,
    ...SURVEY_KIND_TEXTS[id],
    respondent: respondentOf(id),
    form: { type: 'questionnaire', questionnaire },
    questionnaires: [questionnaire],
    ...(scoreResponse ? { scoreResponse } : {}),
  };
}

export const SURVEY_KIND_DEFINITIONS: Record<SurveyKindId, SurveyKindDefinition> = {
  'alumnos/serviciosA': single('alumnos/serviciosA', SERVICIOS_A_QUESTIONNAIRE),
  'alumnos/serviciosB': single('alumnos/serviciosB', SERVICIOS_B_QUESTIONNAIRE),
  'alumnos/evaluacionDocente': single(
    'alumnos/evaluacionDocente',
    TEACHER_EVALUATION_QUESTIONNAIRE,
    // The per-response mean that the teacher aggregates sum.
    (_subject, answers) => ({ average: scoreTeacherEvaluation(answers).average }),
  ),
  'alumnos/nuevoIngreso': single('alumnos/nuevoIngreso', NEW_INTAKE_QUESTIONNAIRE),
  'docentes/comunicacion': single('docentes/comunicacion', TEACHER_COMMUNICATION_QUESTIONNAIRE),
  'administrativos/comunicacion': single('administrativos/comunicacion', STAFF_COMMUNICATION_QUESTIONNAIRE),
  'administrativos/ambiente': single('administrativos/ambiente', WORK_ENVIRONMENT_QUESTIONNAIRE),
  'administrativos/norma': {
    id: 'administrativos/norma',
    ...SURVEY_KIND_TEXTS['administrativos/norma'],
    respondent: respondentOf('administrativos/norma'),
    form: { type: 'nom035', guideI: NOM035_QUESTIONNAIRES.I, riskGuides: { II: NOM035_QUESTIONNAIRES.II, III: NOM035_QUESTIONNAIRES.III } },
    questionnaires: [NOM035_QUESTIONNAIRES.I, NOM035_QUESTIONNAIRES.II, NOM035_QUESTIONNAIRES.III],
    // Guía II and III risk scores and levels; Guía I has none (its answers decide a referral).
    scoreResponse: (subject, answers) => (subject === 'II' || subject === 'III' ? { ...scoreRiskGuide(subject, answers) } : null),
  },
  buzon: {
    id: 'buzon',
    ...SURVEY_KIND_TEXTS.buzon,
    respondent: respondentOf('buzon'),
    form: { type: 'suggestionForm', schema: suggestionFormSchema },
    questionnaires: [],
  },
};

const BY_QUESTIONNAIRE_ID = new Map(
  Object.values(SURVEY_KIND_DEFINITIONS).flatMap((definition) =>
    definition.questionnaires.map((questionnaire) => [questionnaire.id, { kind: definition.id, questionnaire }] as const),
  ),
);

/** The questionnaire with this id and the kind it belongs to (questionnaire ids are unique across kinds). */
export function findQuestionnaire(id: string): { kind: SurveyKindId; questionnaire: Questionnaire } | undefined {
  return BY_QUESTIONNAIRE_ID.get(id);
}
