import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MissingReport } from '@encuestas/core/api/missing';
import { formatCount, formatPercent } from '@encuestas/core/format';
import { visuallyHidden } from '../../../components/visually-hidden';

type Segment = MissingReport['breakdown'][number];

/** Groups shown before «Mostrar todos»: the furthest behind, which is what a reader acts on. */
const FIRST_ROWS = 10;

const segmentName = (segment: Segment, byGroup: boolean) => (byGroup ? `${segment.plan} ${segment.grupo} · ${segment.campus.nombre}` : segment.campus.nombre);

/**
 * Participation per group (students: plan and group at a campus; teachers and
 * staff: campus), furthest behind first, each with a button that narrows the
 * list to it. Shown when there is more than one group to compare.
 */
export function MissingBreakdown({ report, onPick }: { report: MissingReport; onPick: (segment: Segment) => void }) {
  const [all, setAll] = useState(false);
  const byGroup = report.audience === 'students';
  if (report.breakdown.length < 2) return null;
  const shown = all ? report.breakdown : report.breakdown.slice(0, FIRST_ROWS);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="missing-breakdown-title" sx={{ p: 2 }}>
      <Typography id="missing-breakdown-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {byGroup ? 'Avance por grupo' : 'Avance por campus'}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        Primero {byGroup ? 'los grupos' : 'los campus'} con menos respuestas.
      </Typography>
      <TableContainer>
        <Table size="small" aria-labelledby="missing-breakdown-title">
          <TableHead>
            <TableRow>
              <TableCell>{byGroup ? 'Grupo' : 'Campus'}</TableCell>
              <TableCell align="right">Respondieron</TableCell>
              <TableCell sx={{ minWidth: 120 }}>Avance</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  Acción
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((segment) => {
              const name = segmentName(segment, byGroup);
              return (
                <TableRow key={`${segment.campus.id}-${segment.plan}-${segment.grupo}`}>
                  <TableCell component="th" scope="row">
                    {name}
                  </TableCell>
                  <TableCell align="right">
                    {formatCount(segment.answered)} de {formatCount(segment.expected)}
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <LinearProgress
                        variant="determinate"
                        value={(segment.rate ?? 0) * 100}
                        aria-label={`Avance de ${name}`}
                        aria-valuetext={formatPercent(segment.rate)}
                        sx={{ flex: 1, height: 8, borderRadius: 1 }}
                      />
                      <Typography variant="body2">{formatPercent(segment.rate)}</Typography>
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      onClick={() => onPick(segment)}
                      aria-label={`Ver ${byGroup ? 'este grupo' : 'este campus'}: ${name}`}
                    >
                      Ver {byGroup ? 'este grupo' : 'este campus'}
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {report.breakdown.length > FIRST_ROWS ? (
        <Button onClick={() => setAll((value) => !value)} sx={{ mt: 1 }} aria-expanded={all}>
          {all ? `Mostrar solo los ${FIRST_ROWS} primeros` : `Mostrar todos (${formatCount(report.breakdown.length)})`}
        </Button>
      ) : null}
    </Paper>
  );
}
