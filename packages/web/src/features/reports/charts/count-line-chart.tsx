import { LineChart } from '@mui/x-charts/LineChart';
import { COUNT_AXIS_LABEL, type ChartData } from '../logic/chart-data';
import { ChartFrame } from './chart-frame';

const LINE_COLORS = ['#37474F', '#C9A400', '#1565C0', '#2E7D32', '#C62828', '#6A1B9A', '#FB8C00', '#00838F', '#8D6E63'];

interface CountLineChartProps {
  data: ChartData;
  valueLabel?: string;
  /** Fixed ends of the value axis (averages: 1 to 5); counts start at 0. */
  valueRange?: [number, number];
}

/** Counts or averages across periods, with the axis 'No. Respuestas' (or 'Promedio'); each point marked. */
export function CountLineChart({ data, valueLabel = COUNT_AXIS_LABEL, valueRange }: CountLineChartProps) {
  return (
    <ChartFrame>
      {({ width, height }) => (
        <LineChart
          width={width}
          height={height}
          xAxis={[{ scaleType: 'point', data: [...data.categories], height: 30 }]}
          yAxis={[{ label: valueLabel, width: 64, ...(valueRange ? { min: valueRange[0], max: valueRange[1] } : { min: 0, tickMinStep: 1 }) }]}
          series={data.series.map((s, index) => ({
            id: s.key,
            label: s.label,
            data: [...s.values],
            color: s.color ?? LINE_COLORS[index % LINE_COLORS.length],
            showMark: true,
            connectNulls: false,
          }))}
          hideLegend={data.series.length < 2}
          grid={{ horizontal: true }}
          // Hidden from screen readers (ChartFrame): its table is the accessible form, so it takes no focus either.
          disableKeyboardNavigation
        />
      )}
    </ChartFrame>
  );
}
