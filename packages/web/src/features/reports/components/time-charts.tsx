import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { ReportOverview } from '@encuestas/core/api/reports';
import { ChartFigure } from '../charts/chart-figure';
import { CountBarChart } from '../charts/count-chart';
import { dailyChart, monthlyChart } from '../logic/overview-charts';

/**
 * Responses (or suggestions) per Mexico City day and per month. `title` heads the
 * section (h2) where the page has no heading of its own above the charts (h3).
 */
export function TimeCharts({ daily, monthly, noun = 'Respuestas', title }: Pick<ReportOverview, 'daily' | 'monthly'> & { noun?: string; title?: string }) {
  const days = dailyChart(daily, noun);
  const months = monthlyChart(monthly, noun);
  const headingId = useId();
  return (
    <Box
      component="section"
      {...(title ? { 'aria-labelledby': headingId } : { 'aria-label': `${noun} por día y por mes` })}
      sx={{ display: 'grid', gap: 3 }}
    >
      {title ? (
        <Typography id={headingId} component="h2" variant="h3">
          {title}
        </Typography>
      ) : null}
      <ChartFigure title={`${noun} por día`} data={days} categoryLabel="Día" emptyText={`Aún no hay ${noun.toLowerCase()} para mostrar.`} chart={<CountBarChart data={days} />} />
      <ChartFigure title={`${noun} por mes`} data={months} categoryLabel="Mes" emptyText={`Aún no hay ${noun.toLowerCase()} para mostrar.`} chart={<CountBarChart data={months} />} />
    </Box>
  );
}
