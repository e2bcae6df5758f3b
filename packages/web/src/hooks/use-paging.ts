import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@encuestas/core/api/paging';
import type { Paging } from '../components/paging/paging';

export interface PagingState extends Paging {
  setPage: (page: number) => void;
  /** Changes the rows per page and goes back to the first page. */
  setRowsPerPage: (rowsPerPage: number) => void;
  /** Back to the first page, as when a filter changes. */
  resetPage: () => void;
}

/** The zero-based page and rows per page of a server-paged list. */
export function usePaging(): PagingState {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPageState] = useState<number>(DEFAULT_PAGE_SIZE);
  return {
    page,
    rowsPerPage,
    setPage,
    setRowsPerPage: (next) => {
      setRowsPerPageState(next);
      setPage(0);
    },
    resetPage: () => setPage(0),
  };
}
