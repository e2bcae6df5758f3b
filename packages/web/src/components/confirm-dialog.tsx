import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

interface ConfirmDialogProps extends Omit<DialogProps, 'open' | 'onClose' | 'title' | 'children'> {
  /** Shown while true; a dialog mounted only while it asks leaves it out. */
  open?: boolean;
  title: string;
  /** What the dialog says (and asks for) above the error. */
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: ButtonProps['color'];
  /** While the change is sent: the confirm button spins and neither cancelling nor closing is possible. */
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a change the user must confirm (closing a comment, withholding one): a title, its content, the server's error, «Cancelar» and the confirm button. */
export function ConfirmDialog({ open = true, title, children, confirmLabel, confirmColor, pending, error, onCancel, onConfirm, ...dialogProps }: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={pending ? undefined : onCancel} aria-labelledby={titleId} {...dialogProps}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
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
        <Button variant="contained" color={confirmColor} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
