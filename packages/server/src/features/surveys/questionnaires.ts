import { estimatedMinutes } from '@encuestas/core/survey-engine/estimate';
import type { Questionnaire } from '@encuestas/core/survey-engine/types';
import type { SurveyKindId } from '@encuestas/core/survey-kinds';
import { questionnaireOf } from '@encuestas/core/survey-kinds/forms';
import { SURVEY_KIND_DEFINITIONS } from '@encuestas/core/survey-kinds/registry';

/** The questionnaire answered for a kind and subject (NOM-035: the guide). */
export function questionnaireFor(kind: SurveyKindId, subject: string): Questionnaire | null {
  return questionnaireOf(SURVEY_KIND_DEFINITIONS[kind].form, subject);
}

/** Minutes the questionnaires of these subjects take (the availability list's 'Unos N minutos'). */
export function minutesToAnswer(kind: SurveyKindId, subjects: readonly string[]): number {
  return estimatedMinutes(subjects.map((subject) => questionnaireFor(kind, subject)).filter((q): q is Questionnaire => q !== null));
}
