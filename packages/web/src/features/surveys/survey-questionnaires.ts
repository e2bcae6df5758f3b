import type { AvailableSurvey } from '@encuestas/core/api/surveys';
import type { Questionnaire } from '@encuestas/core/survey-engine/types';
import { SURVEY_KIND_DEFINITIONS } from '@encuestas/core/survey-kinds/registry';
import { surveyKindInfo, type SurveyKindId } from '@encuestas/core/survey-kinds';

/** The questionnaire an entry is answered with (NOM-035: the guide named by its subject), as the server decides it. */
export function questionnaireForEntry(kind: SurveyKindId, subject: string): Questionnaire | undefined {
  const form = SURVEY_KIND_DEFINITIONS[kind].form;
  if (form.type === 'questionnaire') return form.questionnaire;
  if (form.type === 'nom035') {
    if (subject === 'I') return form.guideI;
    if (subject === 'II' || subject === 'III') return form.riskGuides[subject];
  }
  return undefined;
}

/** 'Guía II' for a NOM-035 entry, undefined for other kinds. */
export function nom035GuideLabel(entry: Pick<AvailableSurvey, 'kind' | 'subject'>): string | undefined {
  return surveyKindInfo(entry.kind).subjects === 'nom035Guides' && entry.subject ? `Guía ${entry.subject}` : undefined;
}

export function kindTitle(kind: SurveyKindId): string {
  return SURVEY_KIND_DEFINITIONS[kind].title;
}

export function kindDescription(kind: SurveyKindId): string {
  return SURVEY_KIND_DEFINITIONS[kind].description;
}
