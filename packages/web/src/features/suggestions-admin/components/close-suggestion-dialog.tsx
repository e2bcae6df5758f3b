import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export const CLOSE_CONFIRM_TITLE = '¿Cerrar este comentario?';
export const CLOSE_CONFIRM_BUTTON = 'Sí, cerrar comentario';

interface CloseSuggestionDialogProps {
  open: boolean;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before closing a comment: a closed comment can no longer change. */
export function CloseSuggestionDialog({ open, pending, error, onCancel, onConfirm }: CloseSuggestionDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      role="alertdialog"
    >
      <DialogTitle id={titleId}>{CLOSE_CONFIRM_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId}>
          Un comentario cerrado ya no se puede modificar: su tipo, categoría y resolución quedan como están ahora.
        </DialogContentText>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onCancel} disabled={pending}>
          Cancelar
        </Button>
        <Button variant="contained" loading={pending} onClick={onConfirm}>
          {CLOSE_CONFIRM_BUTTON}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
