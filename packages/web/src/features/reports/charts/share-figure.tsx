import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ReportTable, type ReportColumn } from '../components/report-table';
import { formatCount, formatCountShare, formatPercent } from '../logic/chart-data';
import type { ShareRow } from '../logic/shares';
import { FigureShell } from './figure-shell';

/** One dark grey bar (contrast on white) unless a row brings its colour. */
const BAR_COLOR = '#37474F';

/**
 * Counts as horizontal bars, each row's full name wrapping above its bar
 * (never cut, on a phone as on a desktop) and «12 · 34.3%» beside it. A bar's
 * length is its share (the track is 100 %); with no share, its count against
 * the largest. The names and figures are text a screen reader reads; the bars
 * are hidden from it.
 */
export function ShareBars({ rows }: { rows: readonly ShareRow[] }) {
  const largest = Math.max(1, ...rows.map((row) => row.n));
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
      {rows.map((row) => (
        <Box component="li" key={row.key} sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {row.label}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box aria-hidden="true" sx={{ flex: '1 1 auto', height: 18, bgcolor: 'grey.100' }}>
              <Box sx={{ width: `${Math.min(100, (row.share ?? row.n / largest) * 100)}%`, height: '100%', bgcolor: row.color ?? BAR_COLOR }} />
            </Box>
            <Typography variant="body2" sx={{ flex: 'none', minWidth: '6.5rem', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              {formatCountShare(row.n, row.share)}
            </Typography>
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

interface ShareFigureProps {
  title: string;
  /** Under the title: what the bars count and what the percentages are of. */
  description?: ReactNode;
  rows: readonly ShareRow[];
  /** Headers of the table's first two columns ('Respuesta', 'Respuestas'). */
  categoryLabel: string;
  countLabel: string;
  /** Bars drawn at most (the first rows); the table lists every row. */
  drawn?: number;
  emptyText?: string;
  footer?: ReactNode;
}

/** Counts and their shares as bars, with the table (a row per category: count and percentage) one click away. */
export function ShareFigure({ title, description, rows, categoryLabel, countLabel, drawn, emptyText, footer }: ShareFigureProps) {
  const columns: ReportColumn<ShareRow>[] = [
    { key: 'category', label: categoryLabel, value: (row) => row.label },
    { key: 'n', label: countLabel, numeric: true, value: (row) => row.n, render: (row) => formatCount(row.n) },
    { key: 'share', label: 'Porcentaje', numeric: true, value: (row) => row.share, render: (row) => formatPercent(row.share) },
  ];
  return (
    <FigureShell
      title={title}
      description={description}
      empty={!rows.some((row) => row.n > 0)}
      emptyText={emptyText}
      chart={<ShareBars rows={drawn === undefined ? rows : rows.slice(0, drawn)} />}
      table={<ReportTable caption={title} columns={columns} rows={rows} rowKey={(row) => row.key} />}
      footer={footer}
    />
  );
}
