import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Nom035LevelInfo } from '@encuestas/core/survey-kinds/nom035/report-contract';
import { FigureShell } from '../../charts/figure-shell';
import { ReportTable, type ReportColumn } from '../../components/report-table';
import { formatAverage, formatCount, formatPercent } from '../../logic/chart-data';
import { levelShareText, type LevelShareRow } from './nom035-charts';

/** A level's colour swatch and name (the colour is never the only sign: the name is beside it). */
export function LevelTag({ level }: { level: Pick<Nom035LevelInfo, 'label' | 'color'> }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Box component="span" aria-hidden="true" sx={{ display: 'inline-block', width: 14, height: 14, bgcolor: level.color, border: 1, borderColor: 'text.secondary' }} />
      {level.label}
    </Box>
  );
}

/** Shares written inside a segment from this many percent up (the line below says every one). */
const INSIDE_LABEL_MIN = 12;

function rowSummary(row: LevelShareRow): string {
  const shares = row.shares.filter((s) => s.n > 0).map(levelShareText);
  return `${shares.join(' · ')} · Puntaje promedio ${formatAverage(row.averageScore)} (${row.averageLevel?.label ?? '—'})`;
}

function LevelBars({ rows }: { rows: readonly LevelShareRow[] }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {rows.map((row) => (
        <Box component="li" key={row.key} sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.name}</Typography>
          <Box aria-hidden="true" sx={{ display: 'flex', height: 24, my: 0.5, bgcolor: 'grey.100' }}>
            {row.shares
              .filter((s) => s.percent > 0)
              .map((s) => (
                <Box
                  key={s.level}
                  sx={{ width: `${s.percent}%`, bgcolor: s.color, color: '#000', borderRight: '1px solid #fff', display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: '0.75rem', fontWeight: 700, overflow: 'hidden' }}
                >
                  {s.percent >= INSIDE_LABEL_MIN ? formatPercent(s.percent / 100) : null}
                </Box>
              ))}
          </Box>
          <Typography variant="body2">{rowSummary(row)}</Typography>
        </Box>
      ))}
    </Box>
  );
}

function levelColumns(rows: readonly LevelShareRow[], nameLabel: string): ReportColumn<LevelShareRow>[] {
  const levels = rows[0]?.shares ?? [];
  return [
    { key: 'name', label: nameLabel, value: (row) => row.name },
    ...levels.map((level, index) => ({
      key: level.level,
      label: rows.length === 1 ? `${level.label} (${level.range})` : level.label,
      numeric: true,
      value: (row: LevelShareRow) => row.shares[index]?.n ?? null,
      render: (row: LevelShareRow) => {
        const share = row.shares[index];
        return share ? `${formatPercent(share.percent / 100)} (${formatCount(share.n)})` : '—';
      },
    })),
    { key: 'score', label: 'Puntaje promedio', numeric: true, value: (row) => row.averageScore, render: (row) => formatAverage(row.averageScore) },
    { key: 'level', label: 'Nivel del promedio', value: (row) => row.averageLevel?.label ?? null },
  ];
}

/**
 * Workers per risk level of each score as one 100 % bar in the levels'
 * colours, the category's or domain's full name above it (never cut), every
 * share in words below it, and the table one click away.
 */
export function LevelSharesFigure({ title, rows, nameLabel }: { title: string; rows: readonly LevelShareRow[]; nameLabel: string }) {
  return (
    <FigureShell
      title={title}
      description="Porcentaje de trabajadores en cada nivel de riesgo"
      empty={rows.every((row) => row.workers === 0)}
      chart={
        <Stack spacing={1.5}>
          <Stack direction="row" aria-hidden="true" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
            {(rows[0]?.shares ?? []).map((s) => (
              <Typography key={s.level} variant="body2" component="span">
                <LevelTag level={s} />
              </Typography>
            ))}
          </Stack>
          <LevelBars rows={rows} />
        </Stack>
      }
      table={<ReportTable caption={title} columns={levelColumns(rows, nameLabel)} rows={rows} rowKey={(row) => row.key} paged={false} />}
    />
  );
}
