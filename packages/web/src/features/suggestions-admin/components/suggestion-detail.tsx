import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContactPhone from '@mui/icons-material/ContactPhone';
import Lock from '@mui/icons-material/Lock';
import type { Suggestion } from '@encuestas/core/api/suggestions';
import { errorMessage } from '../../../api/api-error';
import { formatIsoDay } from '../../../components/dates/day-format';
import type { CommentCategory, SuggestionCategoryGroups, SuggestionResolution } from '../api/suggestions-admin-api';
import {
  canMarkContacted,
  categoryLabel,
  classificationValue,
  suggestionAccess,
  type ClassificationField,
  type SuggestionAccess,
} from '../logic/suggestion-filters';
import { categoryMenuItems } from './suggestion-filter-bar';
import { CommentTypeChip, ResolutionChip, SuggestionStateChips } from './suggestion-chips';
import { CloseSuggestionDialog } from './close-suggestion-dialog';
import { useSuggestionActions } from './use-suggestion-actions';

interface SuggestionDetailProps {
  suggestion: Suggestion;
  permissions: readonly string[];
  commentCategories: readonly CommentCategory[];
  suggestionCategories: SuggestionCategoryGroups;
  resolutions: readonly SuggestionResolution[];
  onClose: () => void;
}

/** The dialog's body once the comment is there: what it says, who may be contacted, its classification and the actions. */
export function SuggestionDetail({
  suggestion,
  permissions,
  commentCategories,
  suggestionCategories,
  resolutions,
  onClose,
}: SuggestionDetailProps) {
  const [confirmingClose, setConfirmingClose] = useState(false);
  const access = suggestionAccess(permissions, suggestion);
  const actions = useSuggestionActions(suggestion);
  const { update, contact, close, busy, fieldErrors, actionError } = actions;
  const selectProps: SelectProps = (field) => ({
    value: String(classificationValue(suggestion, field) ?? ''),
    onChange: (event: { target: { value: string } }) => actions.change(field, event.target.value),
    disabled: !access.canEdit || busy,
    error: Boolean(fieldErrors[field]),
    helperText: fieldErrors[field],
  });

  return (
    <>
      <DialogContent dividers>
        <Stack spacing={3}>
          <AccessNotice reason={access.reason} />
          <SuggestionSummary suggestion={suggestion} />

          <Section title="Datos de contacto">
            <ContactData suggestion={suggestion} />
          </Section>

          <ClassificationFields
            suggestion={suggestion}
            selectProps={selectProps}
            commentCategories={commentCategories}
            suggestionCategories={suggestionCategories}
            resolutions={resolutions}
            saving={update.isPending}
          />

          {actionError ? (
            <Alert severity="error" role="alert">
              {errorMessage(actionError)}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DetailActions
        canEdit={access.canEdit}
        canMarkContacted={canMarkContacted(suggestion)}
        busy={busy}
        contacting={contact.isPending}
        onMarkContacted={actions.markContacted}
        onCloseComment={() => setConfirmingClose(true)}
        onClose={onClose}
      />

      <CloseSuggestionDialog
        open={confirmingClose}
        pending={close.isPending}
        error={close.isError ? errorMessage(close.error) : null}
        onCancel={() => {
          setConfirmingClose(false);
          close.reset();
        }}
        onConfirm={() => actions.confirmClose(() => setConfirmingClose(false))}
      />
    </>
  );
}

type SelectProps = (field: ClassificationField) => {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  disabled: boolean;
  error: boolean;
  helperText: string | undefined;
};

/** Tipo, Categoría and Resolución, each saved as soon as it changes. */
function ClassificationFields({
  suggestion,
  selectProps,
  commentCategories,
  suggestionCategories,
  resolutions,
  saving,
}: Omit<SuggestionDetailProps, 'permissions' | 'onClose'> & { selectProps: SelectProps; saving: boolean }) {
  return (
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
      {saving ? (
        <Typography role="status" variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          Guardando…
        </Typography>
      ) : null}
    </Section>
  );
}

/** 'Marcar como contactado' and 'Cerrar comentario' for who may edit; 'Cerrar' for all. */
function DetailActions({
  canEdit,
  canMarkContacted,
  busy,
  contacting,
  onMarkContacted,
  onCloseComment,
  onClose,
}: {
  canEdit: boolean;
  canMarkContacted: boolean;
  busy: boolean;
  contacting: boolean;
  onMarkContacted: () => void;
  onCloseComment: () => void;
  onClose: () => void;
}) {
  return (
    <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
      {canEdit && canMarkContacted ? (
        <Button
          variant="outlined"
          startIcon={<ContactPhone />}
          loading={contacting}
          disabled={busy && !contacting}
          onClick={onMarkContacted}
        >
          Marcar como contactado
        </Button>
      ) : null}
      {canEdit ? (
        <Button
          variant="contained"
          color="primary"
          startIcon={<Lock />}
          disabled={busy}
          aria-haspopup="dialog"
          onClick={onCloseComment}
        >
          Cerrar comentario
        </Button>
      ) : null}
      <Button onClick={onClose} sx={{ ml: { sm: 'auto' } }}>
        Cerrar
      </Button>
    </DialogActions>
  );
}

/** Why the comment only reads, when it does. */
function AccessNotice({ reason }: { reason: SuggestionAccess['reason'] }) {
  if (reason === 'closed') {
    return (
      <Alert severity="info" icon={<Lock />}>
        Este comentario está cerrado: ya no se puede modificar.
      </Alert>
    );
  }
  if (reason === 'no-permission') return <Alert severity="info">Solo puedes consultar este comentario.</Alert>;
  return null;
}

/** Day, campus and chips, then the whole comment. */
function SuggestionSummary({ suggestion }: { suggestion: Suggestion }) {
  return (
    <>
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
    return <Typography color="textSecondary">Quien escribió no autorizó que se le contactara.</Typography>;
  }
  if (!phone && !email) {
    return <Typography color="textSecondary">Autorizó que se le contactara, pero no dejó teléfono ni correo.</Typography>;
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
