import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportRowError } from '@encuestas/core/api/directory';
import { errorRows } from '../logic/directory-templates';

/** The most rows drawn at once; a file with more errors says how many more there are. */
const MAX_ROWS = 500;

export const ERRORS_TABLE_LABEL = 'Errores del archivo';

/** Línea, Columna, Problema: every row the server refused. */
export function ImportErrorsTable({ errors }: { errors: readonly ImportRowError[] }) {
  const rows = errorRows(errors);
  const shown = rows.slice(0, MAX_ROWS);
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', p: 2, pb: 1 }}>
        {ERRORS_TABLE_LABEL}
      </Typography>
      <TableContainer sx={{ maxHeight: 480 }}>
        <Table size="small" stickyHeader aria-label={ERRORS_TABLE_LABEL}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: { sm: 80 }, px: { xs: 1, sm: 2 } }}>Línea</TableCell>
              <TableCell sx={{ width: { sm: 160 }, px: { xs: 1, sm: 2 } }}>Columna</TableCell>
              <TableCell sx={{ px: { xs: 1, sm: 2 } }}>Problema</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row, index) => (
              <TableRow key={`${row.row}-${row.field}-${index}`}>
                <TableCell sx={{ px: { xs: 1, sm: 2 } }}>{row.row}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', px: { xs: 1, sm: 2 } }}>{row.field}</TableCell>
                <TableCell sx={{ overflowWrap: 'break-word', px: { xs: 1, sm: 2 } }}>{row.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > shown.length ? (
        <Typography variant="body2" color="textSecondary" sx={{ p: 2 }}>
          Se muestran las primeras {MAX_ROWS} de {rows.length} líneas con errores.
        </Typography>
      ) : null}
    </Paper>
  );
}
