import { useState } from 'react';
import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { REASON_MAX } from '@encuestas/core/api/comment-review';
import { ConfirmDialog } from '../../../components/confirm-dialog';

export const WITHHOLD_TITLE = 'Retener comentario';
export const REASON_REQUIRED_MESSAGE = 'Escribe el motivo para no publicarlo';

interface WithholdDialogProps {
  text: string;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

/** «Retener» asks why: the reason stays with the review (and the Bitácora), never reaches the teacher. */
export function WithholdDialog({ text, pending, error, onCancel, onConfirm }: WithholdDialogProps) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = reason.trim().length < 3;
  const confirm = () => {
    setTried(true);
    if (!missing) onConfirm(reason.trim());
  };
  return (
    <ConfirmDialog
      title={WITHHOLD_TITLE}
      confirmLabel="Retener"
      confirmColor="warning"
      pending={pending}
      error={error}
      onCancel={onCancel}
      onConfirm={confirm}
      fullWidth
      maxWidth="sm"
    >
      <DialogContentText sx={{ mb: 1 }}>El docente no verá este comentario. El motivo queda en la revisión y no se le muestra.</DialogContentText>
      <Box component="blockquote" sx={{ m: 0, mb: 2, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {text}
      </Box>
      <TextField
        label="Motivo"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        required
        fullWidth
        multiline
        minRows={2}
        autoFocus
        error={tried && missing}
        helperText={tried && missing ? REASON_REQUIRED_MESSAGE : 'Por ejemplo: se turnó a la coordinación.'}
        slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
      />
    </ConfirmDialog>
  );
}
