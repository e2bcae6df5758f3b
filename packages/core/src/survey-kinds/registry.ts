/**
 * Survey kind → definition: what each kind of SURVEY_KINDS asks, of whom,
 * and how its index page presents it, with its questionnaires in hand.
 * Derived from the kinds' entries: the module loads every kind's form once,
 * at its first import (a top-level await), so the server's checks, the fold
 * and the seeds read them without waiting. The web's pages never import it
 * (each loads its own kind's form). A kind that scores its responses adds
 * its scorer's line to SCORERS.
 */
import type { Questionnaire } from '../survey-engine/types';
import { SURVEY_KINDS, type RespondentType, type SurveyKindId, type SurveyKindInfo } from '../survey-kinds';
import { scoreTeacherEvaluation } from './alumnos-evaluacion-docente/scoring';
import { suggestionFormSchema } from './buzon/form';
import { questionnairesOf, type ResponseScorer, type SurveyKindForm } from './forms';
import { scoreRiskGuide } from './nom035/scoring';

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
  scoreResponse?: ResponseScorer;
}

/**
 * The scores each kind stores with a response. Here rather than in the kinds'
 * entries: the web's entry chunk holds those, and a scorer's lazy chunk there
 * split the survey engine's shared chunk in two (a file more on every form page).
 */
const SCORERS: Partial<Record<SurveyKindId, ResponseScorer>> = {
  // The per-response mean that the teacher aggregates sum.
  'alumnos/evaluacionDocente': (_subject, answers) => ({ average: scoreTeacherEvaluation(answers).average }),
  // Guía II and III risk scores and levels; Guía I has none (its answers decide a referral).
  'administrativos/norma': (subject, answers) => (subject === 'II' || subject === 'III' ? { ...scoreRiskGuide(subject, answers) } : null),
};

async function define(kind: SurveyKindInfo): Promise<SurveyKindDefinition> {
  const form: SurveyKindForm = kind.loadForm ? await kind.loadForm() : { type: 'suggestionForm', schema: suggestionFormSchema };
  const scoreResponse = SCORERS[kind.id as SurveyKindId];
  return {
    id: kind.id as SurveyKindId,
    title: kind.title,
    description: kind.description,
    respondent: kind.respondent,
    form,
    questionnaires: questionnairesOf(form),
    ...(scoreResponse ? { scoreResponse } : {}),
  };
}

export const SURVEY_KIND_DEFINITIONS = Object.fromEntries(
  (await Promise.all(SURVEY_KINDS.map(define))).map((definition) => [definition.id, definition]),
) as Record<SurveyKindId, SurveyKindDefinition>;

const BY_QUESTIONNAIRE_ID = new Map(
  Object.values(SURVEY_KIND_DEFINITIONS).flatMap((definition) =>
    definition.questionnaires.map((questionnaire) => [questionnaire.id, { kind: definition.id, questionnaire }] as const),
  ),
);

/** The questionnaire with this id and the kind it belongs to (questionnaire ids are unique across kinds). */
export function findQuestionnaire(id: string): { kind: SurveyKindId; questionnaire: Questionnaire } | undefined {
  return BY_QUESTIONNAIRE_ID.get(id);
}
