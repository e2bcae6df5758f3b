import { useEffect, useState } from 'react';
import type { Answers, Catalogs, Questionnaire } from '@encuestas/core/survey-engine/types';
import { withoutUnofferedChoices } from './catalog-options';
import { loadDraft, newIdempotencyKey, saveDraftNow } from './draft-storage';

/** Where the answers in progress are kept (localStorage) and the last day they may stay; null keeps nothing. */
export type DraftPlace = { key: string; closesOn: string } | null;

export interface DraftStart {
  /** The draft's answers still offered (a catalogue may have changed), or none. */
  answers: Answers;
  /** The step the draft was on. */
  sectionId: string | null;
  /** The draft's key, so that a retry after a reload is the same submission; a new one without a draft. */
  idempotencyKey: string;
  /** Answers came back from the draft (the runner says so). */
  restored: boolean;
}

/** What the form starts from, read once: the draft where it left off, or nothing. */
export function useDraftStart(place: DraftPlace, questionnaire: Questionnaire, catalogs: Catalogs): DraftStart {
  const [start] = useState(() => {
    const draft = place ? loadDraft(place.key, questionnaire) : null;
    const answers = draft ? withoutUnofferedChoices(questionnaire, catalogs, draft.answers) : {};
    return {
      answers,
      sectionId: draft?.sectionId ?? null,
      idempotencyKey: draft?.idempotencyKey ?? newIdempotencyKey(),
      restored: Object.keys(answers).length > 0,
    };
  });
  return start;
}

/** Every change is kept on this device until the server has the answers (the runner clears the draft then). */
export function useDraftAutosave(place: DraftPlace, questionnaire: Questionnaire, answers: Answers, sectionId: string, idempotencyKey: string): void {
  // Primitives, so the saving effect does not rerun for a new object of the same place.
  const key = place?.key ?? null;
  const closesOn = place?.closesOn ?? null;
  useEffect(() => {
    if (!key || !closesOn || Object.keys(answers).length === 0) return;
    saveDraftNow(key, {
      questionnaireId: questionnaire.id,
      questionnaireVersion: questionnaire.version,
      answers,
      sectionId,
      idempotencyKey,
      closesOn,
    });
  }, [key, closesOn, questionnaire, answers, sectionId, idempotencyKey]);
}
