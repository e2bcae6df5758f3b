import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatAverage } from '../logic/chart-data';
import { axisPosition, meanAxis, meanTicks } from '../logic/means';

export interface MeanMarker {
  key: string;
  label: string;
  color: string;
  shape: 'dot' | 'diamond' | 'bar';
}

export interface MeanDotRow {
  key: string;
  /** Shown whole, wrapping. */
  label: string;
  /** One value per marker (by key); null ones are not drawn. */
  values: Readonly<Record<string, number | null>>;
  /** The row's figures in words (the mean and its differences): what a screen reader reads. */
  summary: string;
}

interface MeanDotPlotProps {
  rows: readonly MeanDotRow[];
  markers: readonly MeanMarker[];
  /** A dashed line across every row (the norm the rows are compared with). */
  reference?: { value: number; label: string };
}

const SHAPE_SX = {
  dot: { width: 14, height: 14, borderRadius: '50%' },
  diamond: { width: 11, height: 11 },
  bar: { width: 4, height: 22 },
} as const;

/** A marker drawn at `left` on a row's track, or inline in the legend. */
function Marker({ marker, left }: { marker: MeanMarker; left?: string }) {
  const rotate = marker.shape === 'diamond' ? ' rotate(45deg)' : '';
  return (
    <Box
      sx={{
        ...(left != null ? { position: 'absolute', top: '50%', left, transform: `translate(-50%, -50%)${rotate}` } : { display: 'inline-block', transform: rotate || 'none' }),
        bgcolor: marker.color,
        border: '1px solid #fff',
        boxSizing: 'border-box',
        ...SHAPE_SX[marker.shape],
      }}
    />
  );
}

/**
 * Means on an axis that starts near them (never at 0, where 3.53 and 3.73
 * look alike): a row per thing compared, a marker per mean, the norm as a
 * dashed line. The axis's ends are written under it; each row's summary says
 * its mean and difference in words.
 */
export function MeanDotPlot({ rows, markers, reference }: MeanDotPlotProps) {
  const axis = meanAxis([...rows.flatMap((row) => markers.map((m) => row.values[m.key] ?? null)), reference?.value ?? null]);
  const ticks = meanTicks(axis);
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" aria-hidden="true" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, alignItems: 'center' }}>
        {markers.map((marker) => (
          <Stack key={marker.key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Marker marker={marker} />
            <Typography variant="body2">{marker.label}</Typography>
          </Stack>
        ))}
        {reference ? (
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 0, height: 16, borderLeft: '2px dashed', borderColor: 'text.primary' }} />
            <Typography variant="body2">{reference.label}</Typography>
          </Stack>
        ) : null}
      </Stack>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {rows.map((row) => (
          <Box component="li" key={row.key} sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.label}</Typography>
            <Box aria-hidden="true" sx={{ position: 'relative', height: 24, mx: 1, my: 0.5, borderBottom: 1, borderColor: 'divider' }}>
              {ticks.map((tick) => (
                <Box key={tick} sx={{ position: 'absolute', top: 0, bottom: 0, left: `${axisPosition(tick, axis)}%`, borderLeft: 1, borderColor: 'grey.200' }} />
              ))}
              {reference ? (
                <Box sx={{ position: 'absolute', top: -2, bottom: -2, left: `${axisPosition(reference.value, axis)}%`, borderLeft: '2px dashed', borderColor: 'text.primary' }} />
              ) : null}
              {markers.map((marker) => {
                const value = row.values[marker.key];
                return value == null ? null : <Marker key={marker.key} marker={marker} left={`${axisPosition(value, axis)}%`} />;
              })}
            </Box>
            <Typography variant="body2">{row.summary}</Typography>
          </Box>
        ))}
      </Box>
      <Box aria-hidden="true" sx={{ position: 'relative', height: 18, mx: 1 }}>
        {ticks.map((tick) => (
          <Typography key={tick} variant="caption" sx={{ position: 'absolute', left: `${axisPosition(tick, axis)}%`, transform: 'translateX(-50%)' }}>
            {formatAverage(tick)}
          </Typography>
        ))}
      </Box>
      <Typography variant="caption" color="textSecondary">
        Eje de {formatAverage(axis[0])} a {formatAverage(axis[1])} en una escala de 1 a 5: empieza cerca de los promedios, no en 0, para que se vean sus diferencias.
      </Typography>
    </Stack>
  );
}
