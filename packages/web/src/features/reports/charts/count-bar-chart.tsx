import { BarChart } from '@mui/x-charts/BarChart';
import { COUNT_AXIS_LABEL, type ChartData } from '../logic/chart-data';
import { ChartFrame } from './chart-frame';

interface CountBarChartProps {
  data: ChartData;
  /** Bars side by side (default) or stacked per category. */
  stacked?: boolean;
  /** Horizontal bars, for long category names (items, groups). */
  horizontal?: boolean;
  /** The value axis; 'No. Respuestas' unless the bars are averages. */
  valueLabel?: string;
}

const TICK_LABEL_LENGTH = 22;

function shortLabel(label: string): string {
  return label.length > TICK_LABEL_LENGTH ? `${label.slice(0, TICK_LABEL_LENGTH - 1)}…` : label;
}

const SERIES_COLORS = ['#000000', '#FFD100', '#7E7E7E', '#2E7D32', '#D32F2F', '#1565C0', '#FFB74D'];

/** A bar chart of counts with the axis 'No. Respuestas' (spec §9). */
export function CountBarChart({ data, stacked = false, horizontal = false, valueLabel = COUNT_AXIS_LABEL }: CountBarChartProps) {
  const categoryAxis = {
    scaleType: 'band' as const,
    data: [...data.categories],
    // Long names (items, groups) are cut on the axis; the tooltip and the table show them whole.
    valueFormatter: (value: string, context: { location: string }) =>
      context.location === 'tick' ? shortLabel(value) : value,
    ...(data.categoryColors
      ? { colorMap: { type: 'ordinal' as const, values: [...data.categories], colors: [...data.categoryColors] } }
      : {}),
  };
  const valueAxis = { label: valueLabel, tickMinStep: 1 };
  const series = data.series.map((s, index) => ({
    id: s.key,
    label: s.label,
    data: [...s.values],
    color: s.color ?? SERIES_COLORS[index % SERIES_COLORS.length],
    ...(stacked ? { stack: 'total' } : {}),
  }));
  return (
    <ChartFrame>
      {({ width, height }) => (
        <BarChart
          width={width}
          height={height}
          layout={horizontal ? 'horizontal' : 'vertical'}
          xAxis={[horizontal ? valueAxis : categoryAxis]}
          yAxis={[horizontal ? { ...categoryAxis, width: Math.min(160, Math.round(width * 0.3)) } : valueAxis]}
          series={series}
          hideLegend={data.series.length < 2}
          grid={horizontal ? { vertical: true } : { horizontal: true }}
        />
      )}
    </ChartFrame>
  );
}
