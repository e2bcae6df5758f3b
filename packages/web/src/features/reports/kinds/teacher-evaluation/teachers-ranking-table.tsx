import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { defaultSortOrder, type SortOrder, type TeacherSortKey } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-constants';
import type { TeacherRow, TeachersReport } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { formatAverage, formatChange, formatCount } from '@encuestas/core/format';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { GROUP_CHIP_COLOR, GROUP_LABEL } from './teacher-results';

interface Column {
  key: TeacherSortKey;
  label: string;
  numeric?: boolean;
  render: (row: TeacherRow) => ReactNode;
}

/** The sort a header click asks for: the other order of the same column, or a new column in its natural order. */
export function nextTeacherSort(current: { sort: TeacherSortKey; order: SortOrder }, key: TeacherSortKey): { sort: TeacherSortKey; order: SortOrder } {
  if (current.sort === key) return { sort: key, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: key, order: defaultSortOrder(key) };
}

function columnsOf(report: TeachersReport, onOpen: (row: TeacherRow) => void): Column[] {
  const previous = report.previousPeriodo;
  return [
    { key: 'rank', label: 'Lugar', numeric: true, render: (row) => row.rank },
    {
      key: 'name',
      label: 'Docente',
      render: (row) => (
        // A button named by the teacher's name opens the teacher beside the norms (keyboard: Tab, Enter).
        <Link component="button" type="button" onClick={() => onOpen(row)} sx={{ textAlign: 'left', fontWeight: 600 }}>
          {row.teacher.name}
        </Link>
      ),
    },
    // The report by cycle holds every campus the user is granted: each teacher's campus.
    ...(report.scope.campusId === null ? [{ key: 'campus' as const, label: 'Campus', render: (row: TeacherRow) => row.campus.nombre }] : []),
    { key: 'n', label: 'Evaluaciones', numeric: true, render: (row) => formatCount(row.n) },
    { key: 'mean', label: 'Promedio', numeric: true, render: (row) => formatAverage(row.mean) },
    { key: 'sd', label: 'Desviación', numeric: true, render: (row) => formatAverage(row.sd) },
    {
      key: 'group',
      label: 'Resultado',
      render: (row) => <Chip size="small" label={GROUP_LABEL[row.group]} color={GROUP_CHIP_COLOR[row.group]} />,
    },
    ...(previous
      ? [
          { key: 'previousMean' as const, label: `Promedio ${previous.nombre}`, numeric: true, render: (row: TeacherRow) => formatAverage(row.previousMean) },
          {
            key: 'change' as const,
            label: `Cambio desde ${previous.nombre}`,
            numeric: true,
            render: (row: TeacherRow) => (
              <Box component="span" sx={{ fontWeight: 600, color: row.change === null || row.change === 0 ? 'text.primary' : row.change > 0 ? 'success.dark' : 'error.dark' }}>
                {formatChange(row.change)}
              </Box>
            ),
          },
        ]
      : []),
  ];
}

/**
 * The ranking as a table: sortable by any column on the server (a header is a
 * button; the sorted one carries aria-sort), the name opening the teacher.
 * On a phone the table scrolls sideways inside its box, the name first.
 */
export function TeachersRankingTable({
  report,
  onSort,
  onOpen,
}: {
  report: TeachersReport;
  onSort: (key: TeacherSortKey) => void;
  onOpen: (row: TeacherRow) => void;
}) {
  const columns = columnsOf(report, onOpen);
  return (
    <TableContainer sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table size="small" sx={{ minWidth: 720 }}>
        <Box component="caption" sx={visuallyHidden}>
          Docentes
        </Box>
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const active = report.sort === column.key;
              return (
                <TableCell key={column.key} align={column.numeric ? 'right' : 'left'} sortDirection={active ? report.order : false}>
                  <TableSortLabel active={active} direction={active ? report.order : defaultSortOrder(column.key)} onClick={() => onSort(column.key)}>
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {report.teachers.map((row) => (
            <TableRow key={row.teacher.id}>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  component={column.key === 'name' ? 'th' : 'td'}
                  scope={column.key === 'name' ? 'row' : undefined}
                  align={column.numeric ? 'right' : 'left'}
                  sx={column.key === 'name' ? { minWidth: 180 } : undefined}
                >
                  {column.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
