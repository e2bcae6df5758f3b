import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { DEFAULT_PAGE_SIZE, ROWS_PER_PAGE_OPTIONS } from '@encuestas/core/api/paging';
import { ROWS_PER_PAGE_LABEL } from '../../../components/paging/paged-table-pagination';
import { visuallyHidden } from '../../../components/visually-hidden';
import { nextSort, pageOf, sortRows, type SortState } from '../logic/table-sort';

export interface ReportColumn<R> {
  key: string;
  label: string;
  numeric?: boolean;
  /** What the column sorts by (and shows, without `render`). */
  value: (row: R) => string | number | null;
  render?: (row: R) => ReactNode;
}

interface ReportTableProps<R> {
  caption: string;
  columns: readonly ReportColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** Shown in a cell whose value is null (a withheld small group). */
  emptyCell?: string;
  /** Lists longer than a page get a pager. */
  paged?: boolean;
  onRowOpen?: (row: R) => void;
  openLabel?: (row: R) => string;
}

/**
 * A report's table: sortable by any column, paged when long, scrolling
 * sideways inside its own box on a phone (the page never does). Its caption
 * names it for screen readers.
 */
export function ReportTable<R>({ caption, columns, rows, rowKey, emptyCell = '—', paged = true, onRowOpen, openLabel }: ReportTableProps<R>) {
  const [sort, setSort] = useState<SortState<string> | null>(null);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
  const sorted = useMemo(
    () => sortRows(rows, sort, (row, key) => columns.find((c) => c.key === key)?.value(row) ?? null),
    [rows, sort, columns],
  );
  const showPager = paged && rows.length > DEFAULT_PAGE_SIZE;
  const lastPage = Math.max(0, Math.ceil(rows.length / rowsPerPage) - 1);
  const visible = showPager ? pageOf(sorted, Math.min(page, lastPage), rowsPerPage) : sorted;

  return (
    <Box>
      <TableContainer sx={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Table size="small" sx={{ minWidth: Math.min(columns.length * 120, 640) }}>
          <Box component="caption" sx={visuallyHidden}>
            {caption}
          </Box>
          <SortableHead
            columns={columns}
            sort={sort}
            onSort={(key) => {
              setSort((current) => nextSort(current, key));
              setPage(0);
            }}
          />
          <TableBody>
            {visible.map((row) => (
              <ReportTableRow key={rowKey(row)} row={row} columns={columns} emptyCell={emptyCell} onOpen={onRowOpen} openLabel={openLabel} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {showPager ? (
        <TablePagination
          component="div"
          count={rows.length}
          page={Math.min(page, lastPage)}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={ROWS_PER_PAGE_LABEL}
          sx={{ borderTop: 1, borderColor: 'divider', '& .MuiTablePagination-toolbar': { flexWrap: 'wrap' } }}
        />
      ) : null}
    </Box>
  );
}

/** The header: each column's label sorts by it (ascending, descending, then unsorted). */
function SortableHead<R>({ columns, sort, onSort }: { columns: readonly ReportColumn<R>[]; sort: SortState<string> | null; onSort: (key: string) => void }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => (
          <TableCell key={column.key} align={column.numeric ? 'right' : 'left'} sortDirection={sort?.key === column.key ? sort.direction : false}>
            <TableSortLabel active={sort?.key === column.key} direction={sort?.key === column.key ? sort.direction : 'asc'} onClick={() => onSort(column.key)}>
              {column.label}
            </TableSortLabel>
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

interface ReportTableRowProps<R> {
  row: R;
  columns: readonly ReportColumn<R>[];
  emptyCell: string;
  onOpen?: (row: R) => void;
  openLabel?: (row: R) => string;
}

/** A row, its first cell the row's header; a row that opens something takes the focus and opens with Enter or Space. */
function ReportTableRow<R>({ row, columns, emptyCell, onOpen, openLabel }: ReportTableRowProps<R>) {
  return (
    <TableRow
      hover={Boolean(onOpen)}
      tabIndex={onOpen ? 0 : undefined}
      aria-label={onOpen && openLabel ? openLabel(row) : undefined}
      onClick={onOpen ? () => onOpen(row) : undefined}
      onKeyDown={
        onOpen
          ? (event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                onOpen(row);
              }
            }
          : undefined
      }
      sx={onOpen ? { cursor: 'pointer' } : undefined}
    >
      {columns.map((column, index) => {
        const value = column.value(row);
        return (
          <TableCell key={column.key} component={index === 0 ? 'th' : 'td'} scope={index === 0 ? 'row' : undefined} align={column.numeric ? 'right' : 'left'}>
            {column.render ? column.render(row) : value == null ? emptyCell : value}
          </TableCell>
        );
      })}
    </TableRow>
  );
}
