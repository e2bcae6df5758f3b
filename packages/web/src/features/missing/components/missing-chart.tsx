import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MissingReport } from '@encuestas/core/api/missing';
import { formatPercent } from '@encuestas/core/format';
import { chartShares, evaluationsLine, formatCount } from '../logic/missing';

const COLORS = { answered: 'success.main', missing: 'warning.main' } as const;

/**
 * Answered vs missing as one bar split in two, with the figures as text
 * beside it (the bar is decoration: screen readers read the figures).
 */
export function MissingChart({ report }: { report: MissingReport }) {
  const [answered, missing] = report.missingChartData;
  const shares = chartShares(answered?.value ?? 0, missing?.value ?? 0);
  const total = (answered?.value ?? 0) + (missing?.value ?? 0);
  return (
    <Stack spacing={1.5}>
      <Box aria-hidden="true" sx={{ display: 'flex', height: 28, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
        <Box sx={{ width: `${shares.answered}%`, bgcolor: COLORS.answered }} />
        <Box sx={{ width: `${shares.missing}%`, bgcolor: COLORS.missing }} />
      </Box>
      <Stack component="dl" direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 3 }} sx={{ m: 0 }}>
        {report.missingChartData.map((entry) => (
          <Stack key={entry.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box aria-hidden="true" sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: COLORS[entry.key] }} />
            <Typography component="dt">{entry.label}:</Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {formatCount(entry.value)} ({formatPercent(total ? entry.value / total : null)})
            </Typography>
          </Stack>
        ))}
        <Stack direction="row" spacing={1}>
          <Typography component="dt">Esperados:</Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {formatCount(report.targetAmmount)}
          </Typography>
        </Stack>
        {report.evaluations ? (
          <Stack direction="row" spacing={1}>
            <Typography component="dt">Evaluaciones hechas:</Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {evaluationsLine(report.evaluations)}
            </Typography>
          </Stack>
        ) : null}
      </Stack>
    </Stack>
  );
}
