import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatAverage, formatCount, formatPercent } from '../logic/chart-data';
import { SIDE_COLORS, barSegments, shareText, sidesOf, type LikertRow, type LikertSide } from '../logic/likert';

/** A share is written inside its segment from this many percent up (narrower ones are read in the line below). */
const INSIDE_LABEL_MIN = 15;

const LEGEND: readonly { side: LikertSide; label: string }[] = [
  { side: 'unfavourable', label: 'Desfavorable' },
  { side: 'neutral', label: 'Neutral' },
  { side: 'favourable', label: 'Favorable' },
];

/**
 * Scale items as 100 % diverging bars around one centre line: unfavourable
 * answers to its left, favourable to its right, neutral ones across it, so
 * items compare at a glance. Each item's full text wraps above its bar, and
 * the line under the bar says every share with its count: that line, not the
 * bar, is what a screen reader reads.
 */
export function DivergingBars({ rows, withheldExplanation }: { rows: readonly LikertRow[]; withheldExplanation: string }) {
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" aria-hidden="true" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
        {LEGEND.map(({ side, label }) => (
          <Stack key={side} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 14, height: 14, bgcolor: SIDE_COLORS[side].fill, border: 1, borderColor: 'divider' }} />
            <Typography variant="body2">{label}</Typography>
          </Stack>
        ))}
        <Typography variant="body2" color="textSecondary">
          El centro de cada barra es el punto medio de la escala; «No aplica» queda fuera del 100 %.
        </Typography>
      </Stack>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {rows.map((row) => (
          <Box component="li" key={row.id} sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.label}</Typography>
            {row.withheld ? (
              <Typography variant="body2" color="textSecondary">
                Oculto: {withheldExplanation}
              </Typography>
            ) : row.total === 0 ? (
              <Typography variant="body2" color="textSecondary">
                Sin respuestas{row.apart > 0 ? ` (No aplica: ${formatCount(row.apart)})` : ''}
              </Typography>
            ) : (
              <>
                <DivergingBar row={row} />
                <Typography variant="body2">{rowSummary(row)}</Typography>
              </>
            )}
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

/** «Favorable 62% (155) · Neutral 20% (50) · Desfavorable 18% (45) · No aplica 12 · Promedio 3.68». */
export function rowSummary(row: LikertRow): string {
  const parts = sidesOf(row.scale).map((side) => `${row.scale.labels[side]} ${shareText(row.sides[side])}`);
  if (row.apart > 0) parts.push(`No aplica ${formatCount(row.apart)}`);
  if (row.average != null) parts.push(`Promedio ${formatAverage(row.average)}`);
  return parts.join(' · ');
}

/** The bar on a track of 200 points (100 each side of the centre line); hidden from screen readers, the summary says it. */
function DivergingBar({ row }: { row: LikertRow }) {
  return (
    <Box aria-hidden="true" sx={{ position: 'relative', height: 26, my: 0.5, bgcolor: 'grey.100' }}>
      {/* The centre line, under the segments: it shows above, below and beside the bar, never across its figures. */}
      <Box sx={{ position: 'absolute', top: -5, bottom: -5, left: '50%', width: 2, ml: '-1px', bgcolor: 'text.primary' }} />
      {barSegments(row).map(({ side, start, percent }) => (
        <Box
          key={side}
          data-side={side}
          sx={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: `${start / 2}%`,
            width: `${percent / 2}%`,
            bgcolor: SIDE_COLORS[side].fill,
            color: SIDE_COLORS[side].text,
            borderRight: '1px solid #fff',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: '0.75rem',
            fontWeight: 700,
            overflow: 'hidden',
          }}
        >
          {percent >= INSIDE_LABEL_MIN ? formatPercent(percent / 100) : null}
        </Box>
      ))}
    </Box>
  );
}
