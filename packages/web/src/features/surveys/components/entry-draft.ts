import type { Respondent } from '@encuestas/core/api/respondents';
import type { AvailableSurvey } from '@encuestas/core/api/surveys';
import { draftKey, hasDraft } from '../../../survey-runner/draft-storage';

/** Where this respondent's answers in progress to an availability entry are kept. */
export function entryDraftKey(entry: Pick<AvailableSurvey, 'kind' | 'activeId' | 'cicleId' | 'subject'>, respondent: Respondent): string {
  return draftKey({
    kind: entry.kind,
    activeId: entry.activeId,
    cicleId: entry.cicleId,
    subject: entry.subject,
    respondent: { type: respondent.type, id: respondent.id },
  });
}

/** Whether the respondent has answers in progress to this entry (then 'Continuar'). */
export function entryHasDraft(entry: AvailableSurvey, respondent: Respondent): boolean {
  return hasDraft(entryDraftKey(entry, respondent));
}
