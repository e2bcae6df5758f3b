import { describe, expect, it } from 'vitest';
import { clearDraftsAtLogout, loadDraft, saveDraftNow, type DraftStorage } from '../../survey-runner/draft-storage';
import {
  SUGGESTION_DRAFT_FORM,
  suggestionDraftAnswers,
  suggestionDraftClosesOn,
  suggestionDraftFields,
  suggestionDraftKey,
} from './suggestion-draft';

function memoryStorage(): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

const student = { type: 'student', id: 7 };

describe('suggestion draft', () => {
  it('keeps the comment, the kind, the topic and the contact choice over a reload', () => {
    const storage = memoryStorage();
    const fields = { comment: 'Faltan bebederos', commentCategoryId: 2, suggestionCategoryId: 5, contactChecked: true };
    saveDraftNow(
      suggestionDraftKey(student),
      { questionnaireId: SUGGESTION_DRAFT_FORM.id, questionnaireVersion: SUGGESTION_DRAFT_FORM.version, answers: suggestionDraftAnswers(fields), sectionId: null, idempotencyKey: 'key-00000001', closesOn: suggestionDraftClosesOn() },
      storage,
    );
    const draft = loadDraft(suggestionDraftKey(student), SUGGESTION_DRAFT_FORM, storage);
    expect(suggestionDraftFields(draft!.answers)).toEqual(fields);
  });

  it('keeps no phone, e-mail or consent on the device', () => {
    const answers = suggestionDraftAnswers({ comment: 'x', ...({ contact: { phone: '9991234567', email: 'a@b.mx' }, legaChecked: true } as object) });
    expect(answers).toEqual({ comment: 'x' });
  });

  it('goes at logout with the respondent’s survey drafts', () => {
    const storage = memoryStorage();
    saveDraftNow(
      suggestionDraftKey(student),
      { questionnaireId: SUGGESTION_DRAFT_FORM.id, questionnaireVersion: 1, answers: { comment: 'x' }, sectionId: null, idempotencyKey: 'key-00000001', closesOn: suggestionDraftClosesOn() },
      storage,
    );
    clearDraftsAtLogout(student, storage);
    expect(storage.map.size).toBe(0);
  });
});
