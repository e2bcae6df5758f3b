import type { ReactNode } from 'react';
import { ReportTable, type ReportColumn } from '../components/report-table';
import { WithheldCell } from '../components/withheld-note';
import { formatAverage, formatCount } from '../logic/chart-data';
import { shareText, type LikertRow } from '../logic/likert';
import { DivergingBars } from './diverging-bars';
import { FigureShell } from './figure-shell';

interface LikertFigureProps {
  title: string;
  description?: ReactNode;
  rows: readonly LikertRow[];
  withheldExplanation: string;
}

/** Every option the rows have, in the order they come (the scale's), once each. */
function optionColumns(rows: readonly LikertRow[]): ReportColumn<LikertRow>[] {
  const seen = new Map<string, string>();
  for (const row of rows) for (const option of row.options) if (!seen.has(option.value)) seen.set(option.value, option.label);
  return [...seen].map(([value, label]) => {
    const optionOf = (row: LikertRow) => row.options.find((o) => o.value === value);
    return {
      key: `option-${value}`,
      label,
      numeric: true,
      value: (row: LikertRow) => (row.withheld ? null : (optionOf(row)?.percent ?? null)),
      render: (row: LikertRow) => {
        const option = optionOf(row);
        if (row.withheld || !option) return '—';
        // An option apart ('No aplica') is not in the 100 %: its count alone.
        return option.side == null ? formatCount(option.n) : shareText(option);
      },
    };
  });
}

function likertColumns(rows: readonly LikertRow[], withheldExplanation: string): ReportColumn<LikertRow>[] {
  return [
    { key: 'question', label: 'Pregunta', value: (row) => row.label },
    ...optionColumns(rows),
    {
      key: 'answers',
      label: 'Respuestas',
      numeric: true,
      value: (row) => (row.withheld ? null : row.total + row.apart),
      render: (row) => (row.withheld ? <WithheldCell explanation={withheldExplanation} /> : formatCount(row.total + row.apart)),
    },
    { key: 'average', label: 'Promedio', numeric: true, value: (row) => row.average, render: (row) => formatAverage(row.average) },
  ];
}

/** A section's scale items as diverging bars, with the table of every option's share and count, and each item's average. */
export function LikertFigure({ title, description, rows, withheldExplanation }: LikertFigureProps) {
  return (
    <FigureShell
      title={title}
      description={description}
      empty={rows.length === 0}
      chart={<DivergingBars rows={rows} withheldExplanation={withheldExplanation} />}
      table={<ReportTable caption={title} columns={likertColumns(rows, withheldExplanation)} rows={rows} rowKey={(row) => row.id} paged={false} />}
    />
  );
}
