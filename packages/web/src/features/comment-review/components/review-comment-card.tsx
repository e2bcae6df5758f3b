import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WarningAmber from '@mui/icons-material/WarningAmber';
import type { ReviewedComment } from '@encuestas/core/api/comment-review';
import { copiesLabel, decisionLabel, toneLabel } from '../logic/review-labels';

export type ReviewAction = 'publish' | 'redact' | 'withhold';

interface ReviewCommentCardProps {
  comment: ReviewedComment;
  busy: boolean;
  onAction: (action: ReviewAction) => void;
}

/** One comment of the queue: its words, its teacher (nothing of its author), its triage, its decision and the three actions. */
export function ReviewCommentCard({ comment, busy, onAction }: ReviewCommentCardProps) {
  const textId = useId();
  const { review, triage } = comment;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={textId} sx={{ p: 2, borderRadius: 2, borderColor: triage.alert ? 'error.main' : 'divider' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
        {triage.alert ? <Chip color="error" size="small" icon={<WarningAmber aria-hidden />} label={`Alerta: ${triage.alert.label}`} /> : null}
        <Chip size="small" variant="outlined" label={toneLabel(triage.tone)} />
        {review ? <Chip size="small" color={review.decision === 'withheld' ? 'warning' : 'success'} label={review.decision === 'withheld' ? 'Retenido' : 'Publicado'} /> : null}
      </Stack>
      <Typography id={textId} sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', fontSize: '1.05rem' }}>
        {comment.text}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
        Docente: {comment.teacher.name}
        {comment.copies > 1 ? ` · ${copiesLabel(comment.copies)}` : ''}
      </Typography>
      {review ? (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2">{decisionLabel(review)}</Typography>
          {review.decision === 'redacted' ? (
            <Typography variant="body2" color="textSecondary">
              El docente lee: {review.publishedText}
            </Typography>
          ) : null}
          {review.decision === 'withheld' ? (
            <Typography variant="body2" color="textSecondary">
              Motivo: {review.reason}
            </Typography>
          ) : null}
        </Box>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
        <Button variant="contained" disabled={busy} onClick={() => onAction('publish')} aria-describedby={textId} sx={{ minHeight: 44 }}>
          Publicar
        </Button>
        <Button variant="outlined" disabled={busy} onClick={() => onAction('redact')} aria-describedby={textId} sx={{ minHeight: 44 }}>
          Publicar con partes ocultas
        </Button>
        <Button variant="outlined" color="error" disabled={busy} onClick={() => onAction('withhold')} aria-describedby={textId} sx={{ minHeight: 44 }}>
          Retener
        </Button>
      </Stack>
    </Paper>
  );
}
