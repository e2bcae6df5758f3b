/**
 * Kind names for the respondent pages, and each kind's questionnaire loaded
 * on demand: a form page fetches only its own kind's questionnaire (NOM-035:
 * its guides), and the list of surveys none (docs/benchmarks.md, Bytes to the
 * phone; each kind's entry names its loader). survey-questionnaires.test.ts holds
 * them to the core registry.
 */
import type { AvailableSurvey } from '@encuestas/core/api/surveys';
import type { Questionnaire } from '@encuestas/core/survey-engine/types';
import { surveyKindInfo, type SurveyKindId, type SurveyKindInfo } from '@encuestas/core/survey-kinds';
import { questionnaireOf } from '@encuestas/core/survey-kinds/forms';
import type { AnswerableKind } from './survey-paths';

/** The questionnaire an entry is answered with, as the server decides it, from its kind's own chunk; undefined for a subject the kind does not have. */
export async function loadQuestionnaire(kind: AnswerableKind, subject: string): Promise<Questionnaire | undefined> {
  const { loadForm }: SurveyKindInfo = surveyKindInfo(kind);
  return (loadForm && questionnaireOf(await loadForm(), subject)) ?? undefined;
}

/** 'Guía II' for a NOM-035 entry, undefined for other kinds. */
export function nom035GuideLabel(entry: Pick<AvailableSurvey, 'kind' | 'subject'>): string | undefined {
  return surveyKindInfo(entry.kind).subjects === 'nom035Guides' && entry.subject ? `Guía ${entry.subject}` : undefined;
}

export function kindTitle(kind: SurveyKindId): string {
  return surveyKindInfo(kind).title;
}

export function kindDescription(kind: SurveyKindId): string {
  return surveyKindInfo(kind).description;
}
