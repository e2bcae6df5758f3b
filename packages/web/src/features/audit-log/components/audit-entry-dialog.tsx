import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { AuditLogEntry } from '@encuestas/core/api/audit';
import { formatInstantDateTimeEsMx } from '../../../components/dates/day-format';
import { NOT_RECORDED, actionLabel, actorName } from '../logic/audit-log';

export const AUDIT_ENTRY_DIALOG_TITLE = 'Detalle del registro';
export const CHANGES_TABLE_LABEL = 'Campos cambiados';
export const FACTS_TABLE_LABEL = 'Datos del registro';

interface AuditEntryDialogProps {
  open: boolean;
  entry: AuditLogEntry | null;
  onClose: () => void;
}

/** Cells wrap anywhere, so a long name or e-mail never widens the dialog past a phone's screen. */
const cellSx = { overflowWrap: 'anywhere', verticalAlign: 'top', px: 1 } as const;

/** One entry in words: who did what to which thing, and its fields (before and after for a change). */
export function AuditEntryDialog({ open, entry, onClose }: AuditEntryDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const summaryId = useId();
  return (
    <Dialog
      open={open && entry !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
    >
      <DialogTitle id={titleId}>{AUDIT_ENTRY_DIALOG_TITLE}</DialogTitle>
      {entry ? (
        <DialogContent>
          <Typography id={summaryId} sx={{ fontWeight: 600, mb: 1.5, overflowWrap: 'anywhere' }}>
            {entry.summary}
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
            {[
              ['Fecha y hora', formatInstantDateTimeEsMx(entry.created_at)],
              ['Usuario', entry.actor ? `${actorName(entry.actor)} (${entry.actor.email})` : actorName(null)],
              ['Acción', actionLabel(entry.action)],
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
          {entry.changes.length > 0 ? (
            <Table size="small" aria-label={CHANGES_TABLE_LABEL} sx={{ mt: 2, tableLayout: 'fixed' }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ ...cellSx, width: '30%' }}>Campo</TableCell>
                  <TableCell sx={cellSx}>Antes</TableCell>
                  <TableCell sx={cellSx}>Después</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entry.changes.map((change, index) => (
                  <TableRow key={`${change.label}-${index}`}>
                    <TableCell component="th" scope="row" sx={{ ...cellSx, fontWeight: 600 }}>
                      {change.label}
                    </TableCell>
                    <TableCell sx={{ ...cellSx, color: change.before === null ? 'text.secondary' : undefined }}>{change.before ?? NOT_RECORDED}</TableCell>
                    <TableCell sx={cellSx}>{change.after}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
          {entry.facts.length > 0 ? (
            <Table size="small" aria-label={FACTS_TABLE_LABEL} sx={{ mt: 2, tableLayout: 'fixed' }}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ ...cellSx, width: '35%' }}>Campo</TableCell>
                  <TableCell sx={cellSx}>Valor</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entry.facts.map((fact, index) => (
                  <TableRow key={`${fact.label}-${index}`}>
                    <TableCell component="th" scope="row" sx={{ ...cellSx, fontWeight: 600 }}>
                      {fact.label}
                    </TableCell>
                    <TableCell sx={{ ...cellSx, whiteSpace: 'pre-line' }}>{fact.value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
          {entry.changes.length === 0 && entry.facts.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              Este registro no tiene más datos.
            </Typography>
          ) : null}
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
