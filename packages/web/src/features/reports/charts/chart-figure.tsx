import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TableChart from '@mui/icons-material/TableChart';
import { chartTableRows, formatCount, hasChartValues, type ChartData, type ChartTableRow } from '../logic/chart-data';
import { ReportTable, type ReportColumn } from '../components/report-table';

interface ChartFigureProps {
  title: string;
  /** One line under the title: what the chart counts. */
  description?: string;
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

/**
 * A titled chart with its table one click away ('Ver tabla'): the table holds
 * the same figures, is what a screen reader reads and what a user copies.
 */
export function ChartFigure({
  title,
  description,
  data,
  chart,
  categoryLabel,
  formatValue = formatCount,
  emptyText = 'Aún no hay respuestas para mostrar.',
  footer,
}: ChartFigureProps) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const headingId = useId();
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
  const empty = !hasChartValues(data);
  return (
    <Paper variant="outlined" component="figure" aria-labelledby={headingId} sx={{ m: 0, p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} component="h3" variant="h6" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
            {title}
          </Typography>
          {description ? (
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          ) : null}
        </Box>
        {empty ? null : (
          <Button
            size="small"
            startIcon={<TableChart />}
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((shown) => !shown)}
          >
            {showTable ? 'Ocultar tabla' : 'Ver tabla'}
          </Button>
        )}
      </Stack>
      {empty ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      ) : (
        <>
          {chart}
          <Collapse in={showTable} id={tableId}>
            <Box sx={{ mt: 2 }}>
              <ReportTable caption={title} columns={columns} rows={chartTableRows(data)} rowKey={(row) => row.category} />
            </Box>
          </Collapse>
        </>
      )}
      {footer}
    </Paper>
  );
}
