import { BarChart } from '@mui/x-charts/BarChart';
import { COUNT_AXIS_LABEL, type ChartData } from '../logic/chart-data';
import { ChartFrame } from './chart-frame';

interface CountBarChartProps {
  data: ChartData;
  /** The value axis; 'No. Respuestas' unless the bars count something else. */
  valueLabel?: string;
}

/** One dark grey for a single series (contrast on white); distinct colours for several. */
const SERIES_COLORS = ['#37474F', '#C9A400', '#1565C0', '#2E7D32', '#C62828', '#6A1B9A', '#FB8C00'];

/**
 * Counts over days or months as vertical bars with the axis 'No. Respuestas'
 * (spec §9). Labels are never cut: where they would overlap, the chart writes
 * every other one, and the table lists them all. Names that run long (choices,
 * campuses, groups) are drawn as ShareBars instead.
 */
export function CountBarChart({ data, valueLabel = COUNT_AXIS_LABEL }: CountBarChartProps) {
  const series = data.series.map((s, index) => ({
    id: s.key,
    label: s.label,
    data: [...s.values],
    color: s.color ?? SERIES_COLORS[index % SERIES_COLORS.length],
  }));
  return (
    <ChartFrame>
      {({ width, height }) => (
        <BarChart
          width={width}
          height={height}
          xAxis={[{ scaleType: 'band', data: [...data.categories], height: 30 }]}
          // Counts tick on whole numbers.
          yAxis={[{ label: valueLabel, min: 0, tickMinStep: 1, width: 64 }]}
          series={series}
          hideLegend={data.series.length < 2}
          grid={{ horizontal: true }}
          // Hidden from screen readers (ChartFrame): its table is the accessible form, so it takes no focus either.
          disableKeyboardNavigation
        />
      )}
    </ChartFrame>
  );
}
