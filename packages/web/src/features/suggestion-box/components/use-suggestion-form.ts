import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { SuggestionFormInput } from '@encuestas/core/survey-kinds/buzon/form';
import { contactFieldValue, storedContact, suggestionFormErrors, type SuggestionFormValues } from '@encuestas/core/survey-kinds/buzon/rules';
import { ApiError } from '../../../api/api-error';
import { clearDraft, loadDraft, newIdempotencyKey, saveDraftNow } from '../../../survey-runner/draft-storage';
import { SUGGESTION_DRAFT_FORM, suggestionDraftAnswers, suggestionDraftClosesOn, suggestionDraftFields } from '../suggestion-draft';
import { sendSuggestion } from '../api/suggestion-box-api';

const EMPTY_FORM: SuggestionFormValues = {
  comment: '',
  commentCategoryId: undefined,
  suggestionCategoryId: undefined,
  contact: { checked: false, phone: '', email: '' },
  legaChecked: false,
};

/** Field names of the form as the server's 422 names them, in the order the page shows them. */
const SERVER_FIELDS = ['commentCategoryId', 'suggestionCategoryId', 'comment', 'contact.checked', 'contact.phone', 'contact.email', 'legaChecked'] as const;
export type FormField = (typeof SERVER_FIELDS)[number];
export type FormErrors = Partial<Record<FormField, string>>;

/** What is sent: the form once suggestionFormErrors finds nothing (trimmed, no contact data without consent). */
function toSend(values: SuggestionFormValues): SuggestionFormInput {
  return {
    comment: values.comment.trim(),
    commentCategoryId: values.commentCategoryId!,
    suggestionCategoryId: values.suggestionCategoryId!,
    contact: storedContact({
      checked: values.contact.checked,
      phone: contactFieldValue(values.contact.phone),
      email: contactFieldValue(values.contact.email),
    }),
    legaChecked: true,
  };
}

/** The draft kept on this device, as the form's starting values. */
function restoredDraft(key: string | null) {
  const draft = key ? loadDraft(key, SUGGESTION_DRAFT_FORM) : null;
  // The draft format carries an idempotency key (surveys send it); the box keeps one only to fit that format.
  if (!draft) return { values: EMPTY_FORM, restored: false, idempotencyKey: newIdempotencyKey() };
  const { contactChecked, ...fields } = suggestionDraftFields(draft.answers);
  return {
    values: { ...EMPTY_FORM, ...fields, contact: { ...EMPTY_FORM.contact, checked: contactChecked ?? false } },
    restored: Object.keys(draft.answers).length > 0,
    idempotencyKey: draft.idempotencyKey,
  };
}

/** Every change is kept on this device until the box has the comment (as survey answers are). */
function useDraftAutosave(draftKey: string | null, values: SuggestionFormValues, idempotencyKey: string) {
  useEffect(() => {
    if (!draftKey) return;
    const answers = suggestionDraftAnswers({ ...values, contactChecked: values.contact.checked });
    if (Object.keys(answers).length === 0) clearDraft(draftKey);
    else
      saveDraftNow(draftKey, {
        questionnaireId: SUGGESTION_DRAFT_FORM.id,
        questionnaireVersion: SUGGESTION_DRAFT_FORM.version,
        answers,
        sectionId: null,
        idempotencyKey,
        closesOn: suggestionDraftClosesOn(),
      });
  }, [values, draftKey, idempotencyKey]);
}

/**
 * The suggestion form's state: its values (restored from and kept in the
 * device's draft), the messages shown (the page's checks from the first
 * 'Enviar', then the server's 422 per field until that field changes), and
 * the sending. `controlIds` names the control 'Enviar' puts the cursor in
 * when its field is wrong.
 */
export function useSuggestionForm({ draftKey, onSent }: { draftKey: string | null; onSent: () => void }) {
  const [initial] = useState(() => restoredDraft(draftKey));
  const [values, setValues] = useState(initial.values);
  // As the other forms: messages appear at the first 'Enviar', then follow what is typed.
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const errors: FormErrors = { ...(submitted ? suggestionFormErrors(values) : {}), ...serverErrors };

  const change = (field: FormField, next: SuggestionFormValues) => {
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
    setValues(next);
  };

  useDraftAutosave(draftKey, values, initial.idempotencyKey);

  const send = useMutation({
    mutationFn: sendSuggestion,
    onSuccess: () => {
      if (draftKey) clearDraft(draftKey);
      onSent();
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status !== 422 || !error.fields) return;
      const fields = error.fields;
      setServerErrors(Object.fromEntries(SERVER_FIELDS.filter((field) => fields[field]?.length).map((field) => [field, fields[field]!.join(', ')])));
    },
  });

  const submit = (event: FormEvent, controlIds: Partial<Record<FormField, string>>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = suggestionFormErrors(values);
    const first = SERVER_FIELDS.find((field) => found[field]);
    const control = first ? controlIds[first] : undefined;
    if (control) document.getElementById(control)?.focus();
    else send.mutate(toSend(values));
  };

  return { values, errors, change, send, submit, restored: initial.restored };
}
