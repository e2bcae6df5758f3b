import { useId } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import { ConfirmDialog } from '../../../components/confirm-dialog';

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
  const descriptionId = useId();
  return (
    <ConfirmDialog
      open={open}
      title={CLOSE_CONFIRM_TITLE}
      confirmLabel={CLOSE_CONFIRM_BUTTON}
      pending={pending}
      error={error}
      onCancel={onCancel}
      onConfirm={onConfirm}
      aria-describedby={descriptionId}
      role="alertdialog"
    >
      <DialogContentText id={descriptionId}>
        Un comentario cerrado ya no se puede modificar: su tipo, categoría y resolución quedan como están ahora.
      </DialogContentText>
    </ConfirmDialog>
  );
}
