import { estimatedMinutes } from '@encuestas/core/survey-engine/estimate';
import type { Questionnaire } from '@encuestas/core/survey-engine/types';
import type { SurveyKindId } from '@encuestas/core/survey-kinds';
import { SURVEY_KIND_DEFINITIONS } from '@encuestas/core/survey-kinds/registry';

/** The questionnaire answered for a kind and subject (NOM-035: the guide). */
export function questionnaireFor(kind: SurveyKindId, subject: string): Questionnaire | null {
  const form = SURVEY_KIND_DEFINITIONS[kind].form;
  if (form.type === 'questionnaire') return form.questionnaire;
  if (form.type === 'nom035') {
    if (subject === 'I') return form.guideI;
    if (subject === 'II' || subject === 'III') return form.riskGuides[subject];
  }
  return null;
}

/** Minutes the questionnaires of these subjects take (the availability list's 'Unos N minutos'). */
export function minutesToAnswer(kind: SurveyKindId, subjects: readonly string[]): number {
  return estimatedMinutes(subjects.map((subject) => questionnaireFor(kind, subject)).filter((q): q is Questionnaire => q !== null));
}
