import { useQueryClient } from '@tanstack/react-query';
import type { Suggestion, UpdateSuggestionRequest } from '@encuestas/core/api/suggestions';
import { ApiError } from '../../../api/api-error';
import { serverFieldErrors } from '../../../components/forms/server-field-errors';
import { useNotify } from '../../../components/notifications/use-notify';
import { closeSuggestion, markSuggestionContacted, updateSuggestion } from '../api/suggestions-admin-api';
import { suggestionsAdminKeys } from '../api/suggestions-admin-keys';
import { useSuggestionMutation } from '../hooks/use-suggestions-admin';
import {
  CLASSIFICATION_FIELDS,
  CLASSIFICATION_SAVED_MESSAGES,
  SUGGESTION_CLOSED_SUCCESS,
  SUGGESTION_CONTACTED_SUCCESS,
  classificationChange,
  type ClassificationField,
} from '../logic/suggestion-filters';

interface ClassificationChange {
  field: ClassificationField;
  request: UpdateSuggestionRequest;
}

/**
 * What the detail of one comment does: a classification change saved at once,
 * 'Marcar como contactado' and 'Cerrar comentario', each announced; a 409 or
 * 404 (closed or gone meanwhile) reloads the comment and the lists.
 */
export function useSuggestionActions(suggestion: Suggestion) {
  const notify = useNotify();
  const queryClient = useQueryClient();

  /** A 409 means someone closed it meanwhile: show it as it is now. */
  const refreshOnConflict = (error: unknown) => {
    if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
      void queryClient.invalidateQueries({ queryKey: suggestionsAdminKeys.detail(suggestion.id) });
      void queryClient.invalidateQueries({ queryKey: suggestionsAdminKeys.lists });
    }
  };

  const update = useSuggestionMutation(({ request }: ClassificationChange) => updateSuggestion(suggestion.id, request));
  const contact = useSuggestionMutation(() => markSuggestionContacted(suggestion.id));
  const close = useSuggestionMutation(() => closeSuggestion(suggestion.id));
  const busy = update.isPending || contact.isPending || close.isPending;

  const change = (field: ClassificationField, value: string) => {
    const request = classificationChange(suggestion, field, Number(value));
    if (!request) return;
    contact.reset();
    update.mutate(
      { field, request },
      {
        onSuccess: () => notify(CLASSIFICATION_SAVED_MESSAGES[field], 'success'),
        onError: refreshOnConflict,
      },
    );
  };

  const markContacted = () => {
    update.reset();
    contact.mutate(undefined, {
      onSuccess: () => notify(SUGGESTION_CONTACTED_SUCCESS, 'success'),
      onError: refreshOnConflict,
    });
  };

  const confirmClose = (onClosed: () => void) =>
    close.mutate(undefined, {
      onSuccess: () => {
        onClosed();
        notify(SUGGESTION_CLOSED_SUCCESS, 'success');
      },
      onError: refreshOnConflict,
    });

  const fieldErrors = update.isError ? serverFieldErrors(update.error, CLASSIFICATION_FIELDS) : {};
  const actionError = [update, contact].find((m) => m.isError && Object.keys(fieldErrors).length === 0)?.error;

  return { update, contact, close, busy, change, markContacted, confirmClose, fieldErrors, actionError };
}
