import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../../api/api-error';
import { SubmitButton } from '../../../components/forms/submit-button';
import { commentCategoriesQuery, suggestionCategoriesQuery } from '../../surveys';
import { ClosedBox } from './suggestion-box-notices';
import { CommentField, ContactFields, KindCards, PrivacyConsent, TopicSelect } from './suggestion-form-fields';
import { useSuggestionForm, type FormField } from './use-suggestion-form';

/** The form itself: kind, topic, comment, contact and consent, kept on the device until sent. */
export function SuggestionForm({ formal, draftKey, onSent }: { formal: boolean; draftKey: string | null; onSent: () => void }) {
  const ids = { kind: useId(), topic: useId(), comment: useId(), contact: useId(), phone: useId(), email: useId(), legal: useId() };
  const commentCategories = useQuery(commentCategoriesQuery);
  const suggestionCategories = useQuery(suggestionCategoriesQuery);
  const { values, errors, change, send, submit, restored } = useSuggestionForm({ draftKey, onSent });
  const [showRestored, setShowRestored] = useState(restored);

  if (commentCategories.isLoading || suggestionCategories.isLoading) return <Skeleton variant="rounded" height={320} />;
  if (commentCategories.isError || suggestionCategories.isError) {
    return <Alert severity="error">{errorMessage(commentCategories.error ?? suggestionCategories.error)}</Alert>;
  }
  if (send.error instanceof ApiError && send.error.status === 403) return <ClosedBox message={send.error.message} />;

  const topics = suggestionCategories.data ?? { general: [], person: [] };
  const you = formal ? 'su' : 'tu';
  // The control 'Enviar' puts the cursor in when its field is wrong (the kind cards have none).
  const controlIds: Partial<Record<FormField, string>> = {
    suggestionCategoryId: ids.topic,
    comment: ids.comment,
    'contact.checked': ids.contact,
    'contact.phone': ids.phone,
    'contact.email': ids.email,
    legaChecked: ids.legal,
  };
  const field = { values, errors, change };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => submit(event, controlIds)}>
      {send.isError && !(send.error instanceof ApiError && send.error.status === 422) ? (
        <Alert severity="error" role="alert">
          {errorMessage(send.error)}
        </Alert>
      ) : null}

      {showRestored ? (
        <Alert severity="info" onClose={() => setShowRestored(false)} slotProps={{ closeButton: { title: 'Cerrar aviso', sx: { minWidth: 44, minHeight: 44 } } }}>
          {formal ? 'Recuperamos el comentario que dejó sin enviar.' : 'Recuperamos el comentario que dejaste sin enviar.'}
        </Alert>
      ) : null}

      <KindCards {...field} id={ids.kind} formal={formal} categories={commentCategories.data ?? []} />
      <TopicSelect {...field} id={ids.topic} you={you} topics={topics} />
      <CommentField {...field} id={ids.comment} formal={formal} />
      <ContactFields {...field} ids={ids} formal={formal} you={you} />
      <PrivacyConsent {...field} id={ids.legal} />

      <SubmitButton pending={send.isPending} sx={{ minHeight: 52 }}>
        Enviar
      </SubmitButton>
    </Stack>
  );
}
