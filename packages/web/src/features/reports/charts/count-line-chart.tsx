import { LineChart } from '@mui/x-charts/LineChart';
import { COUNT_AXIS_LABEL, type ChartData } from '../logic/chart-data';
import { ChartFrame } from './chart-frame';

const LINE_COLORS = ['#000000', '#C9A400', '#1565C0', '#2E7D32', '#D32F2F'];

/** Counts over days, months or periods, with the axis 'No. Respuestas' (or the average's). */
export function CountLineChart({ data, valueLabel = COUNT_AXIS_LABEL }: { data: ChartData; valueLabel?: string }) {
  return (
    <ChartFrame>
      {({ width, height }) => (
        <LineChart
          width={width}
          height={height}
          xAxis={[{ scaleType: 'point', data: [...data.categories] }]}
          yAxis={[{ label: valueLabel }]}
          series={data.series.map((s, index) => ({
            id: s.key,
            label: s.label,
            data: [...s.values],
            color: s.color ?? LINE_COLORS[index % LINE_COLORS.length],
            connectNulls: false,
          }))}
          hideLegend={data.series.length < 2}
          grid={{ horizontal: true }}
        />
      )}
    </ChartFrame>
  );
}
