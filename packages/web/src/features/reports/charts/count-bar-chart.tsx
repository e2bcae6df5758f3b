import { BarChart } from '@mui/x-charts/BarChart';
import { COUNT_AXIS_LABEL, shortLabel, tickLabelLength, type ChartData } from '../logic/chart-data';
import { ChartFrame } from './chart-frame';

interface CountBarChartProps {
  data: ChartData;
  /** Bars side by side (default) or stacked per category. */
  stacked?: boolean;
  /** Horizontal bars, for long category names (items, groups). */
  horizontal?: boolean;
  /** The value axis; 'No. Respuestas' unless the bars count something else or are averages. */
  valueLabel?: string;
  /** Fixed ends of the value axis (averages: 0 to 5); counts start at 0. */
  valueMax?: number;
}

/** One dark grey for a single series (contrast on white); distinct colours for several. */
const SERIES_COLORS = ['#37474F', '#C9A400', '#1565C0', '#2E7D32', '#C62828', '#6A1B9A', '#FB8C00'];

/** A bar chart of counts with the axis 'No. Respuestas' (spec §9). */
export function CountBarChart({ data, stacked = false, horizontal = false, valueLabel = COUNT_AXIS_LABEL, valueMax }: CountBarChartProps) {
  const series = data.series.map((s, index) => ({
    id: s.key,
    label: s.label,
    data: [...s.values],
    color: s.color ?? SERIES_COLORS[index % SERIES_COLORS.length],
    ...(stacked ? { stack: 'total' } : {}),
  }));
  return (
    <ChartFrame>
      {({ width, height }) => {
        const categoryAxisWidth = Math.min(180, Math.round(width * 0.3));
        // Long names (items, groups) are cut on the axis; the tooltip and the table show them whole.
        const labelLength = tickLabelLength(horizontal ? categoryAxisWidth : (width - 80) / Math.max(1, data.categories.length));
        const categoryAxis = {
          scaleType: 'band' as const,
          data: [...data.categories],
          valueFormatter: (value: string, context: { location: string }) =>
            context.location === 'tick' ? shortLabel(value, labelLength) : value,
          ...(data.categoryColors
            ? { colorMap: { type: 'ordinal' as const, values: [...data.categories], colors: [...data.categoryColors] } }
            : {}),
        };
        // Counts tick on whole numbers; averages keep their scale's end.
        const valueAxis = { label: valueLabel, min: 0, ...(valueMax != null ? { max: valueMax } : { tickMinStep: 1 }) };
        return (
          <BarChart
            width={width}
            height={height}
            layout={horizontal ? 'horizontal' : 'vertical'}
            xAxis={[horizontal ? { ...valueAxis, height: 50 } : { ...categoryAxis, height: 30 }]}
            yAxis={[horizontal ? { ...categoryAxis, width: categoryAxisWidth } : { ...valueAxis, width: 64 }]}
            series={series}
            hideLegend={data.series.length < 2}
            grid={horizontal ? { vertical: true } : { horizontal: true }}
            // Hidden from screen readers (ChartFrame): its table is the accessible form, so it takes no focus either.
            disableKeyboardNavigation
          />
        );
      }}
    </ChartFrame>
  );
}
