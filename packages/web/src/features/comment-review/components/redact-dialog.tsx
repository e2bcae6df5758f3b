import { useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { redactedPreview, spansOf, wordsOf } from '../logic/redaction';

export const REDACT_TITLE = 'Publicar con partes ocultas';

interface RedactDialogProps {
  text: string;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (spans: { start: number; end: number }[]) => void;
}

/**
 * Each word of the comment is a toggle button (Tab to it, Space or Enter to hide it; its state is read as
 * «presionado»); the preview below shows what the teacher will read, each hidden part as «[…]».
 */
export function RedactDialog({ text, pending, error, onCancel, onConfirm }: RedactDialogProps) {
  const titleId = useId();
  const helpId = useId();
  const words = useMemo(() => wordsOf(text), [text]);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const spans = spansOf(words, hidden);
  const toggle = (index: number) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  return (
    <Dialog open onClose={pending ? undefined : onCancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{REDACT_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id={helpId} sx={{ mb: 1.5 }}>
          Toca las palabras que el docente no debe ver (el nombre de otra persona, un insulto). Con el teclado: Tab para
          moverte y Espacio para ocultar o mostrar.
        </DialogContentText>
        <Box role="group" aria-label="Palabras del comentario" aria-describedby={helpId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {words.map((word, index) => {
            const isHidden = hidden.has(index);
            return (
              <Button
                key={word.start}
                size="small"
                variant={isHidden ? 'contained' : 'outlined'}
                color={isHidden ? 'error' : 'inherit'}
                aria-pressed={isHidden}
                onClick={() => toggle(index)}
                sx={{ minWidth: 0, minHeight: 40, px: 1, textTransform: 'none', textDecoration: isHidden ? 'line-through' : 'none' }}
              >
                {word.text}
              </Button>
            );
          })}
        </Box>
        <Typography component="h3" sx={{ fontWeight: 600, mt: 2.5, mb: 0.5 }}>
          Así lo leerá el docente
        </Typography>
        <Box role="status" aria-label="Vista previa" sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {redactedPreview(text, spans)}
        </Box>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} disabled={pending}>
          Cancelar
        </Button>
        <Button variant="contained" loading={pending} disabled={spans.length === 0} onClick={() => onConfirm(spans)}>
          Publicar así
        </Button>
      </DialogActions>
    </Dialog>
  );
}
