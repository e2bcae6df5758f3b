import type { ReactNode } from 'react';
import { chartTableRows, formatCount, hasChartValues, type ChartData, type ChartTableRow } from '../logic/chart-data';
import { ReportTable, type ReportColumn } from '../components/report-table';
import { FigureShell } from './figure-shell';

interface ChartFigureProps {
  title: string;
  /** One line under the title: what the chart counts. */
  description?: ReactNode;
  data: ChartData;
  /** The chart itself (drawn from `data`). */
  chart: ReactNode;
  /** First column's header in the table. */
  categoryLabel: string;
  /** How a cell is written in the table (counts by default). */
  formatValue?: (value: number) => string;
  emptyText?: string;
  /** Under the chart and its table (a link to what the chart cannot show). */
  footer?: ReactNode;
}

/** A chart of `data` with its table (a row per category, a column per series) one click away. */
export function ChartFigure({ title, description, data, chart, categoryLabel, formatValue = formatCount, emptyText, footer }: ChartFigureProps) {
  const columns: ReportColumn<ChartTableRow>[] = [
    { key: 'category', label: categoryLabel, value: (row) => row.category },
    ...data.series.map((series, index) => ({
      key: series.key,
      label: series.label,
      numeric: true,
      value: (row: ChartTableRow) => row.cells[index] ?? null,
      render: (row: ChartTableRow) => {
        const value = row.cells[index];
        return value == null ? '—' : formatValue(value);
      },
    })),
  ];
  return (
    <FigureShell
      title={title}
      description={description}
      empty={!hasChartValues(data)}
      emptyText={emptyText}
      chart={chart}
      table={<ReportTable caption={title} columns={columns} rows={chartTableRows(data)} rowKey={(row) => row.category} />}
      footer={footer}
    />
  );
}
