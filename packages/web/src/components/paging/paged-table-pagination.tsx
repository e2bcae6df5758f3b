import TablePagination from '@mui/material/TablePagination';
import { ROWS_PER_PAGE_OPTIONS } from '@encuestas/core/api/paging';
import type { PagingState } from '../../hooks/use-paging';
import { visiblePage } from './paging';

export const ROWS_PER_PAGE_LABEL = 'Registros por página';

const dividerSx = { borderTop: 1, borderColor: 'divider' } as const;

/** The pager wraps onto two lines on a phone instead of running off the screen. */
const wrappingSx = {
  ...dividerSx,
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: { xs: 1, sm: 2 } },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
} as const;

interface PagedTablePaginationProps {
  paging: PagingState;
  total: number;
  rowsPerPageOptions?: readonly number[];
  /** Lets the pager wrap onto two lines on a phone. */
  wrapOnPhone?: boolean;
}

/** The pager under a server-paged list ('Registros por página'). */
export function PagedTablePagination({
  paging,
  total,
  rowsPerPageOptions = ROWS_PER_PAGE_OPTIONS,
  wrapOnPhone = false,
}: PagedTablePaginationProps) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={visiblePage(paging, total)}
      onPageChange={(_event, next) => paging.setPage(next)}
      rowsPerPage={paging.rowsPerPage}
      rowsPerPageOptions={[...rowsPerPageOptions]}
      onRowsPerPageChange={(event) => paging.setRowsPerPage(Number(event.target.value))}
      labelRowsPerPage={ROWS_PER_PAGE_LABEL}
      sx={wrapOnPhone ? wrappingSx : dividerSx}
    />
  );
}
