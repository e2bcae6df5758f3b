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
          <EntryHeader entry={entry} />
          {entry.changes.length > 0 ? (
            <FieldTable
              label={CHANGES_TABLE_LABEL}
              headers={['Antes', 'Después']}
              firstWidth="30%"
              rows={entry.changes.map((change) => ({
                label: change.label,
                cells: [{ text: change.before ?? NOT_RECORDED, muted: change.before === null }, { text: change.after }],
              }))}
            />
          ) : null}
          {entry.facts.length > 0 ? (
            <FieldTable
              label={FACTS_TABLE_LABEL}
              headers={['Valor']}
              firstWidth="35%"
              rows={entry.facts.map((fact) => ({ label: fact.label, cells: [{ text: fact.value, preLine: true }] }))}
            />
          ) : null}
          {entry.changes.length === 0 && entry.facts.length === 0 ? (
            <Typography color="textSecondary" sx={{ mt: 2 }}>
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

/** When, who and which action, as a definition list. */
function EntryHeader({ entry }: { entry: AuditLogEntry }) {
  const terms = [
    ['Fecha y hora', formatInstantDateTimeEsMx(entry.created_at)],
    ['Usuario', entry.actor ? `${actorName(entry.actor)} (${entry.actor.email})` : actorName(null)],
    ['Acción', actionLabel(entry.action)],
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
      {terms.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" color="textSecondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

interface FieldCell {
  text: string;
  /** Greyed: a value the entry did not record. */
  muted?: boolean;
  /** Keeps the value's line breaks (a reminder's text). */
  preLine?: boolean;
}

/** «Campo» and its values: Antes / Después for a change, Valor for the entry's other data. */
function FieldTable({ label, headers, firstWidth, rows }: { label: string; headers: string[]; firstWidth: string; rows: { label: string; cells: FieldCell[] }[] }) {
  return (
    <Table size="small" aria-label={label} sx={{ mt: 2, tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ ...cellSx, width: firstWidth }}>Campo</TableCell>
          {headers.map((header) => (
            <TableCell key={header} sx={cellSx}>
              {header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={`${row.label}-${index}`}>
            <TableCell component="th" scope="row" sx={{ ...cellSx, fontWeight: 600 }}>
              {row.label}
            </TableCell>
            {row.cells.map((cell, column) => (
              <TableCell
                key={headers[column]}
                sx={{ ...cellSx, color: cell.muted ? 'text.secondary' : undefined, whiteSpace: cell.preLine ? 'pre-line' : undefined }}
              >
                {cell.text}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
