import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AuditLogEntry } from '@encuestas/core/api/audit';
import { formatInstantDateTimeEsMx } from '../../../components/dates/day-format';
import { Email } from '../../nom035-referrals';
import { actionLabel, actorName, fieldsSummary, hasDetails } from '../logic/audit-log';

interface AuditLogListProps {
  entries: readonly AuditLogEntry[];
  onOpen: (entry: AuditLogEntry) => void;
}

export const AUDIT_LOG_TABLE_LABEL = 'Registros de la bitácora';
export const DETAIL_BUTTON = 'Ver detalle';

function Actor({ entry }: { entry: AuditLogEntry }) {
  if (!entry.actor) {
    return (
      <Typography component="span" variant="body2" color="textSecondary">
        {actorName(null)}
      </Typography>
    );
  }
  return (
    <>
      <Box sx={{ fontWeight: 600 }}>{actorName(entry.actor)}</Box>
      <Typography variant="caption" color="textSecondary">
        <Email email={entry.actor.email} />
      </Typography>
    </>
  );
}

/** The fields on one line and, when there are any, the button that shows them in full. */
function Detail({ entry, onOpen }: { entry: AuditLogEntry; onOpen: AuditLogListProps['onOpen'] }) {
  if (!hasDetails(entry)) return <>—</>;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {fieldsSummary(entry)}
      </Typography>
      <Button
        size="small"
        onClick={() => onOpen(entry)}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        aria-haspopup="dialog"
        aria-label={`${DETAIL_BUTTON}: ${entry.summary}`}
      >
        {DETAIL_BUTTON}
      </Button>
    </Stack>
  );
}

/** Fecha y hora, usuario, acción, what was done (a sentence) and the fields of each entry. */
export function AuditLogTable({ entries, onOpen }: AuditLogListProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 860 }} aria-label={AUDIT_LOG_TABLE_LABEL}>
        <TableHead>
          <TableRow>
            <TableCell>Fecha y hora</TableCell>
            <TableCell sx={{ minWidth: 200 }}>Usuario</TableCell>
            <TableCell>Acción</TableCell>
            <TableCell sx={{ minWidth: 220 }}>Qué se hizo</TableCell>
            <TableCell sx={{ width: '35%' }}>Detalle</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id} data-audit-entry-id={entry.id} sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatInstantDateTimeEsMx(entry.created_at)}
              </TableCell>
              <TableCell>
                <Actor entry={entry} />
              </TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" label={actionLabel(entry.action)} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.summary}</TableCell>
              <TableCell>
                <Detail entry={entry} onOpen={onOpen} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The same entries as cards, for a phone. */
export function AuditLogCards({ entries, onOpen }: AuditLogListProps) {
  return (
    <Box component="ul" aria-label={AUDIT_LOG_TABLE_LABEL} sx={{ listStyle: 'none', m: 0, p: 1.5, display: 'grid', gap: 1.5 }}>
      {entries.map((entry) => (
        <li key={entry.id} data-audit-entry-id={entry.id}>
          <Card variant="outlined">
            <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                <Typography sx={{ fontWeight: 700 }}>{actionLabel(entry.action)}</Typography>
                <Typography variant="body2" color="textSecondary" sx={{ fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}>
                  {formatInstantDateTimeEsMx(entry.created_at)}
                </Typography>
              </Stack>
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {entry.summary}
              </Typography>
              <Box sx={{ mt: 0.5, typography: 'body2' }}>
                <Actor entry={entry} />
              </Box>
              {hasDetails(entry) ? (
                <Box sx={{ mt: 1 }}>
                  <Detail entry={entry} onOpen={onOpen} />
                </Box>
              ) : null}
            </CardContent>
          </Card>
        </li>
      ))}
    </Box>
  );
}
