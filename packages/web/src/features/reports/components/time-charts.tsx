import Box from '@mui/material/Box';
import type { ReportOverview } from '@encuestas/core/api/reports';
import { ChartFigure } from '../charts/chart-figure';
import { CountBarChart } from '../charts/count-bar-chart';
import { dailyChart, monthlyChart } from '../logic/overview-charts';

/** Responses (or suggestions) per Mexico City day and per month. */
export function TimeCharts({ daily, monthly, noun = 'Respuestas' }: Pick<ReportOverview, 'daily' | 'monthly'> & { noun?: string }) {
  const days = dailyChart(daily, noun);
  const months = monthlyChart(monthly, noun);
  return (
    <Box component="section" aria-label="Respuestas por día y por mes" sx={{ display: 'grid', gap: 3 }}>
      <ChartFigure title={`${noun} por día`} data={days} categoryLabel="Día" emptyText={`Aún no hay ${noun.toLowerCase()} para mostrar.`} chart={<CountBarChart data={days} />} />
      <ChartFigure title={`${noun} por mes`} data={months} categoryLabel="Mes" emptyText={`Aún no hay ${noun.toLowerCase()} para mostrar.`} chart={<CountBarChart data={months} />} />
    </Box>
  );
}
