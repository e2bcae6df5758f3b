import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { AuditLogEntry } from '@encuestas/core/api/audit';
import { formatInstantDateTimeEsMx } from '../../../components/dates/day-format';
import { actionLabel, actorName, detailsJson, entityText } from '../logic/audit-log';

export const AUDIT_ENTRY_DIALOG_TITLE = 'Detalle del registro';

interface AuditEntryDialogProps {
  open: boolean;
  entry: AuditLogEntry | null;
  onClose: () => void;
}

/** One entry with its details in full, as the server recorded them. */
export function AuditEntryDialog({ open, entry, onClose }: AuditEntryDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open && entry !== null} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{AUDIT_ENTRY_DIALOG_TITLE}</DialogTitle>
      {entry ? (
        <DialogContent>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
            {[
              ['Fecha y hora', formatInstantDateTimeEsMx(entry.created_at)],
              ['Usuario', entry.actor ? `${actorName(entry.actor)} (${entry.actor.email})` : actorName(null)],
              ['Acción', actionLabel(entry.action)],
              ['Entidad', entityText(entry)],
            ].map(([term, value]) => (
              <Box key={term} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {term}
                </Typography>
                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Box
            component="pre"
            aria-label="Detalle completo"
            sx={{
              mt: 2,
              mb: 0,
              p: 1.5,
              bgcolor: 'action.hover',
              borderRadius: 1,
              fontSize: '0.85rem',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {detailsJson(entry.details)}
          </Box>
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
