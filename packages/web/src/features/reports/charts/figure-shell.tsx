import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TableChart from '@mui/icons-material/TableChart';

export interface FigureShellProps {
  title: string;
  /** One line under the title: what the chart shows. */
  description?: ReactNode;
  /** Nothing to draw: `emptyText` instead of the chart, and no table. */
  empty: boolean;
  emptyText?: string;
  chart: ReactNode;
  /** The same figures as a table, one click away ('Ver tabla'). */
  table: ReactNode;
  /** Under the chart and its table (a link to what the chart cannot show). */
  footer?: ReactNode;
}

/**
 * A titled figure (its accessible name is the title) with its table one click
 * away: the table holds the same figures, is what a screen reader reads and
 * what a user copies, and stays folded on every screen until asked for.
 */
export function FigureShell({ title, description, empty, emptyText = 'Aún no hay respuestas para mostrar.', chart, table, footer }: FigureShellProps) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const headingId = useId();
  return (
    <Paper variant="outlined" component="figure" aria-labelledby={headingId} sx={{ m: 0, p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
        <Box sx={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Typography id={headingId} component="h3" variant="h6" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
            {title}
          </Typography>
          {description ? (
            <Typography variant="body2" color="textSecondary">
              {description}
            </Typography>
          ) : null}
        </Box>
        {empty ? null : (
          <Button size="small" startIcon={<TableChart />} aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((shown) => !shown)}>
            {showTable ? 'Ocultar tabla' : 'Ver tabla'}
          </Button>
        )}
      </Stack>
      {empty ? (
        <Typography color="textSecondary" sx={{ py: 4, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      ) : (
        <>
          {chart}
          <Collapse in={showTable} id={tableId}>
            <Box sx={{ mt: 2 }}>{showTable ? table : null}</Box>
          </Collapse>
        </>
      )}
      {footer}
    </Paper>
  );
}
