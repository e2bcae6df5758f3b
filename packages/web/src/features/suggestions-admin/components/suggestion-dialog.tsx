import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ContactPhone from '@mui/icons-material/ContactPhone';
import Lock from '@mui/icons-material/Lock';
import { useQueryClient } from '@tanstack/react-query';
import type { Suggestion, UpdateSuggestionRequest } from '@encuestas/core/api/suggestions';
import { ApiError, errorMessage } from '../../../api/api-error';
import { formatIsoDay } from '../../../components/dates/day-format';
import { serverFieldErrors } from '../../../components/forms/server-field-errors';
import { useNotify } from '../../../components/notifications/use-notify';
import {
  closeSuggestion,
  markSuggestionContacted,
  updateSuggestion,
  type CommentCategory,
  type SuggestionCategoryGroups,
  type SuggestionResolution,
} from '../api/suggestions-admin-api';
import { suggestionsAdminKeys } from '../api/suggestions-admin-keys';
import { useSuggestion, useSuggestionMutation } from '../hooks/use-suggestions-admin';
import {
  CLASSIFICATION_FIELDS,
  CLASSIFICATION_SAVED_MESSAGES,
  SUGGESTION_CLOSED_SUCCESS,
  SUGGESTION_CONTACTED_SUCCESS,
  canMarkContacted,
  categoryLabel,
  classificationChange,
  classificationValue,
  suggestionAccess,
  type ClassificationField,
} from '../logic/suggestion-filters';
import { categoryMenuItems } from './suggestion-filter-bar';
import { CommentTypeChip, ResolutionChip, SuggestionStateChips } from './suggestion-chips';
import { CloseSuggestionDialog } from './close-suggestion-dialog';

export const SUGGESTION_DIALOG_TITLE = 'Detalle del comentario';

interface SuggestionDialogProps {
  open: boolean;
  /** The comment to show. */
  suggestionId: string | null;
  /** Its row, drawn while the server confirms it. */
  fromList: Suggestion | undefined;
  permissions: readonly string[];
  commentCategories: readonly CommentCategory[];
  suggestionCategories: SuggestionCategoryGroups;
  resolutions: readonly SuggestionResolution[];
  onClose: () => void;
}

/**
 * One comment: the whole text, the contact data its author consented to give,
 * its type, category and resolution (each select saves at once), and the
 * actions 'Marcar como contactado' and 'Cerrar comentario'. Every save shows
 * the comment the server returns (spec §4). Closed comments and users without
 * 'Gestionar Buzón de Sugerencias' only read.
 */
export function SuggestionDialog({
  open,
  suggestionId,
  fromList,
  permissions,
  commentCategories,
  suggestionCategories,
  resolutions,
  onClose,
}: SuggestionDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const query = useSuggestion(suggestionId, fromList);

  let body: ReactNode;
  if (query.data) {
    body = (
      <SuggestionDetail
        key={query.data.id}
        suggestion={query.data}
        permissions={permissions}
        commentCategories={commentCategories}
        suggestionCategories={suggestionCategories}
        resolutions={resolutions}
        onClose={onClose}
      />
    );
  } else if (query.isError) {
    body = (
      <>
        <DialogContent>
          <Alert severity="error">{errorMessage(query.error)}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cerrar</Button>
        </DialogActions>
      </>
    );
  } else {
    body = (
      <DialogContent>
        <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress size={28} aria-hidden="true" />
          <Typography>Cargando comentario…</Typography>
        </Stack>
      </DialogContent>
    );
  }

  return (
    <Dialog
      open={open && suggestionId != null}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{SUGGESTION_DIALOG_TITLE}</DialogTitle>
      {body}
    </Dialog>
  );
}

interface SuggestionDetailProps {
  suggestion: Suggestion;
  permissions: readonly string[];
  commentCategories: readonly CommentCategory[];
  suggestionCategories: SuggestionCategoryGroups;
  resolutions: readonly SuggestionResolution[];
  onClose: () => void;
}

interface ClassificationChange {
  field: ClassificationField;
  request: UpdateSuggestionRequest;
}

function SuggestionDetail({
  suggestion,
  permissions,
  commentCategories,
  suggestionCategories,
  resolutions,
  onClose,
}: SuggestionDetailProps) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [confirmingClose, setConfirmingClose] = useState(false);
  const access = suggestionAccess(permissions, suggestion);

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

  const fieldErrors = update.isError ? serverFieldErrors(update.error, CLASSIFICATION_FIELDS) : {};
  const actionError = [update, contact].find((m) => m.isError && Object.keys(fieldErrors).length === 0)?.error;
  const selectProps = (field: ClassificationField) => ({
    value: String(classificationValue(suggestion, field) ?? ''),
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    disabled: !access.canEdit || busy,
    error: Boolean(fieldErrors[field]),
    helperText: fieldErrors[field],
  });

  return (
    <>
      <DialogContent dividers>
        <Stack spacing={3}>
          {access.reason === 'closed' ? (
            <Alert severity="info" icon={<Lock />}>
              Este comentario está cerrado: ya no se puede modificar.
            </Alert>
          ) : access.reason === 'no-permission' ? (
            <Alert severity="info">Solo puedes consultar este comentario.</Alert>
          ) : null}

          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {formatIsoDay(suggestion.created_on)}
              </Box>{' '}
              · {suggestion.campus.nombre}
            </Typography>
            <CommentTypeChip suggestion={suggestion} />
            <ResolutionChip suggestion={suggestion} />
            <SuggestionStateChips suggestion={suggestion} />
          </Stack>

          <Section title="Comentario">
            <Box
              component="blockquote"
              sx={{
                m: 0,
                p: 2,
                bgcolor: 'grey.100',
                borderLeft: 4,
                borderColor: 'secondary.main',
                borderRadius: 1,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
              }}
            >
              {suggestion.comment}
            </Box>
          </Section>

          <Section title="Datos de contacto">
            <ContactData suggestion={suggestion} />
          </Section>

          <Section title="Clasificación">
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <TextField select id={`tipo-${suggestion.id}`} label="Tipo" {...selectProps('commentCategoryId')}>
                {commentCategories.map((category) => (
                  <MenuItem key={category.id} value={String(category.id)}>
                    {category.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                id={`categoria-${suggestion.id}`}
                label="Categoría"
                {...selectProps('suggestionCategoryId')}
                slotProps={{
                  inputLabel: { shrink: true },
                  select: {
                    displayEmpty: true,
                    renderValue: (value) => categoryLabel(String(value), suggestionCategories, 'Sin categoría'),
                  },
                }}
              >
                {categoryMenuItems(suggestionCategories)}
              </TextField>
              <TextField
                select
                id={`resolucion-${suggestion.id}`}
                label="Resolución"
                {...selectProps('suggestionResolutionId')}
                slotProps={{
                  inputLabel: { shrink: true },
                  select: { displayEmpty: true, renderValue: (value) => resolutionName(String(value), resolutions) },
                }}
              >
                {resolutions.map((resolution) => (
                  <MenuItem key={resolution.id} value={String(resolution.id)}>
                    {resolution.name}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {update.isPending ? (
              <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Guardando…
              </Typography>
            ) : null}
          </Section>

          {actionError ? (
            <Alert severity="error" role="alert">
              {errorMessage(actionError)}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {access.canEdit && canMarkContacted(suggestion) ? (
          <Button
            variant="outlined"
            startIcon={<ContactPhone />}
            loading={contact.isPending}
            disabled={busy && !contact.isPending}
            onClick={() => {
              update.reset();
              contact.mutate(undefined, {
                onSuccess: () => notify(SUGGESTION_CONTACTED_SUCCESS, 'success'),
                onError: refreshOnConflict,
              });
            }}
          >
            Marcar como contactado
          </Button>
        ) : null}
        {access.canEdit ? (
          <Button
            variant="contained"
            color="primary"
            startIcon={<Lock />}
            disabled={busy}
            aria-haspopup="dialog"
            onClick={() => setConfirmingClose(true)}
          >
            Cerrar comentario
          </Button>
        ) : null}
        <Button onClick={onClose} sx={{ ml: { sm: 'auto' } }}>
          Cerrar
        </Button>
      </DialogActions>

      <CloseSuggestionDialog
        open={confirmingClose}
        pending={close.isPending}
        error={close.isError ? errorMessage(close.error) : null}
        onCancel={() => {
          setConfirmingClose(false);
          close.reset();
        }}
        onConfirm={() =>
          close.mutate(undefined, {
            onSuccess: () => {
              setConfirmingClose(false);
              notify(SUGGESTION_CLOSED_SUCCESS, 'success');
            },
            onError: refreshOnConflict,
          })
        }
      />
    </>
  );
}

function resolutionName(value: string, resolutions: readonly SuggestionResolution[]): string {
  return resolutions.find((r) => String(r.id) === value)?.name ?? 'Sin resolución';
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Phone and e-mail only when the author consented (the server sends nothing otherwise). */
function ContactData({ suggestion }: { suggestion: Suggestion }) {
  const { checked, phone, email } = suggestion.contact;
  if (!checked) {
    return <Typography color="text.secondary">Quien escribió no autorizó que se le contactara.</Typography>;
  }
  if (!phone && !email) {
    return <Typography color="text.secondary">Autorizó que se le contactara, pero no dejó teléfono ni correo.</Typography>;
  }
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
      {phone ? (
        <>
          <Box component="dt" sx={{ fontWeight: 600 }}>
            Teléfono
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            <Link href={`tel:${phone}`}>{phone}</Link>
          </Box>
        </>
      ) : null}
      {email ? (
        <>
          <Box component="dt" sx={{ fontWeight: 600 }}>
            Correo
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            <Link href={`mailto:${email}`}>{email}</Link>
          </Box>
        </>
      ) : null}
    </Box>
  );
}
