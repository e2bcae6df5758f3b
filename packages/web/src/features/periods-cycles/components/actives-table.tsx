import type { KeyboardEvent, MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { RESULTS_RELEASE_LABEL } from '@encuestas/core/api/active-labels';
import type { Active } from '@encuestas/core/api/actives';
import { formatIsoDay } from '../../../components/dates/day-format';
import { reportLinkFor } from '../../reports';
import { ActiveStatusChip } from './active-status-chip';

interface ActivesTableProps {
  actives: readonly Active[];
  permissions: readonly string[];
  /** A row cell was clicked (not a survey type inside it). */
  onOpen: (active: Active) => void;
}

const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

/**
 * The survey types' look, one rule over plain list items and links instead of
 * MUI's List components (four per type, about forty types a page of the table,
 * drawn when the list arrives: issue 20's blocking time).
 */
const cycleListSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  // MUI's dense list item: 2 px of padding around a text with 4 px margins.
  '& li': { px: 1, py: '6px', fontSize: '0.875rem', lineHeight: 1.43 },
  '& li:has(> a)': { p: 0 },
  '& a': {
    display: 'block',
    px: 1,
    py: '6px',
    borderRadius: 1,
    color: 'inherit',
    textDecoration: 'underline',
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { bgcolor: 'action.focus', outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
  },
} as const;

/** The survey types of one application: report links when the user may read reports. */
function CycleList({ active, permissions }: { active: Active; permissions: readonly string[] }) {
  if (active.cicles.length === 0) {
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        Sin tipos de encuesta
      </Box>
    );
  }
  return (
    <Box component="ul" sx={cycleListSx} aria-label={`Tipos de encuesta de ${active.periodo.nombre} en ${active.campus.nombre}`}>
      {active.cicles.map((cycle) => {
        const link = reportLinkFor(
          { cicleId: cycle.id, periodoId: active.periodo_id, campusId: active.campus_id },
          permissions,
        );
        return link ? (
          <li key={cycle.id}>
            <RouterLink to={link} onClick={stop} onKeyDown={stop}>
              {cycle.name}
            </RouterLink>
          </li>
        ) : (
          <li key={cycle.id} onClick={stop}>
            {cycle.name}
          </li>
        );
      })}
    </Box>
  );
}

/**
 * On a phone, one card per application: the period opens it (a button, so the
 * report links inside the card are never nested in another control).
 */
function ActivesCards({ actives, permissions, onOpen }: ActivesTableProps) {
  return (
    <Box component="ul" aria-label="Periodos de encuestas" sx={{ listStyle: 'none', m: 0, p: 1.5, display: 'grid', gap: 1.5 }}>
      {actives.map((active) => (
        <li key={active.id} data-active-id={active.id}>
          <Card variant="outlined">
            <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
                <Button
                  onClick={() => onOpen(active)}
                  aria-haspopup="dialog"
                  sx={{ minHeight: 44, px: 1, ml: -1, fontWeight: 600, fontSize: '1rem', textAlign: 'left', textTransform: 'none' }}
                >
                  {active.periodo.nombre}
                </Button>
                <ActiveStatusChip status={active.status} />
              </Stack>
              <Typography variant="body2">{active.campus.nombre}</Typography>
              <Typography variant="body2" color="textSecondary">
                Del {formatIsoDay(active.start_active)} al {formatIsoDay(active.end_active)}
              </Typography>
              <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
                {RESULTS_RELEASE_LABEL}: {formatIsoDay(active.results_release_day)}
              </Typography>
              <CycleList active={active} permissions={permissions} />
            </CardContent>
          </Card>
        </li>
      ))}
    </Box>
  );
}

/**
 * Applications of surveys: status, period, campus, start, end and survey types.
 * A row opens its application (click, or Enter/Space when focused); a survey
 * type inside it opens its report instead. Cards on a phone.
 */
export function ActivesTable(props: ActivesTableProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return phone ? <ActivesCards {...props} /> : <ActivesWideTable {...props} />;
}

function ActivesWideTable({ actives, permissions, onOpen }: ActivesTableProps) {
  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, active: Active) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(active);
    }
  };

  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 760 }} aria-label="Periodos de encuestas">
        <TableHead>
          <TableRow>
            <TableCell>Estado</TableCell>
            <TableCell>Periodo</TableCell>
            <TableCell>Campus</TableCell>
            <TableCell>Inicio</TableCell>
            <TableCell>Fin</TableCell>
            <TableCell>{RESULTS_RELEASE_LABEL}</TableCell>
            <TableCell>Tipos de encuesta activos</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {actives.map((active) => (
            <TableRow
              key={active.id}
              hover
              tabIndex={0}
              aria-haspopup="dialog"
              data-active-id={active.id}
              onClick={() => onOpen(active)}
              onKeyDown={(event) => onRowKeyDown(event, active)}
              sx={{ cursor: 'pointer', verticalAlign: 'top', '&:focus-visible': { outline: '3px solid', outlineOffset: -3 } }}
            >
              <TableCell>
                <ActiveStatusChip status={active.status} />
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{active.periodo.nombre}</TableCell>
              <TableCell>{active.campus.nombre}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatIsoDay(active.start_active)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatIsoDay(active.end_active)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatIsoDay(active.results_release_day)}</TableCell>
              <TableCell sx={{ minWidth: 220 }}>
                <CycleList active={active} permissions={permissions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
