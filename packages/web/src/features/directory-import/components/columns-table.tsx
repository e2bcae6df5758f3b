import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { DirectoryEntityInfo } from '../logic/directory-templates';

const mono = { fontFamily: 'monospace', fontSize: '0.9rem' } as const;

/** The columns an entity's file must and may have: a table, or a list on a phone. */
export function ColumnsTable({ info }: { info: DirectoryEntityInfo }) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const label = `Columnas del archivo de ${info.label.toLowerCase()}`;

  if (isPhone) {
    return (
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {info.columns.map((column) => (
          <Box component="li" key={column.name} sx={{ px: 1.5, py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Box component="span" sx={{ ...mono, fontWeight: 700 }}>
                {column.name}
              </Box>
              <Chip
                size="small"
                variant={column.required ? 'filled' : 'outlined'}
                label={column.required ? 'Obligatoria' : 'Opcional'}
              />
            </Box>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 0.25 }}>
              {column.description}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Columna</TableCell>
            <TableCell>¿Obligatoria?</TableCell>
            <TableCell>Contenido</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {info.columns.map((column) => (
            <TableRow key={column.name}>
              <TableCell component="th" scope="row" sx={{ ...mono, whiteSpace: 'nowrap' }}>
                {column.name}
              </TableCell>
              <TableCell sx={{ fontWeight: column.required ? 600 : 400 }}>{column.required ? 'Sí' : 'No'}</TableCell>
              <TableCell sx={{ minWidth: 160 }}>{column.description}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
