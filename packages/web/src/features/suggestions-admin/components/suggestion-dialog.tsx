import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Suggestion } from '@encuestas/core/api/suggestions';
import { errorMessage } from '../../../api/api-error';
import type { CommentCategory, SuggestionCategoryGroups, SuggestionResolution } from '../api/suggestions-admin-api';
import { useSuggestion } from '../hooks/use-suggestions-admin';
import { SuggestionDetail } from './suggestion-detail';

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
