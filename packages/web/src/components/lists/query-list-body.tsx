import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/api-error';
import { LoadingStatus } from '../loading-status';

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

interface QueryListBodyProps {
  query: ListQuery;
  isEmpty: boolean;
  /** Said while the first page loads ('Cargando usuarios…'). */
  loadingText: string;
  emptyTitle: string;
  /** The line under the empty title; none when null. */
  emptyText?: ReactNode;
  /** The rows, shown once the list has some. */
  children: ReactNode;
}

/** Loading, error (with 'Reintentar') and empty states around a list loaded by a query. */
export function QueryListBody({ query, isEmpty, loadingText, emptyTitle, emptyText = null, children }: QueryListBodyProps) {
  if (query.isPending) {
    return <LoadingStatus text={loadingText} />;
  }
  if (query.isError) {
    return (
      <Box sx={{ p: 2 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Reintentar
            </Button>
          }
        >
          {errorMessage(query.error)}
        </Alert>
      </Box>
    );
  }
  if (isEmpty) {
    return (
      <Box sx={{ py: 6, px: 2, textAlign: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{emptyTitle}</Typography>
        {emptyText != null ? (
          <Typography color="textSecondary" sx={{ mt: 0.5 }}>
            {emptyText}
          </Typography>
        ) : null}
      </Box>
    );
  }
  return <>{children}</>;
}
