import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { countOf } from '@encuestas/core/format';
import { commentAlertsKeys, fetchAlertsPage, type AlertsQuery } from '../api/comment-alerts-api';

const FIRST_OPEN: AlertsQuery = { page: 1, perPage: 1, state: 'open' };

/** The start page's line for holders of 'Atender Alertas de Comentarios': how many alerts are open (none: nothing). */
export function OpenAlertsNotice() {
  const query = useQuery({ queryKey: commentAlertsKeys.list(FIRST_OPEN), queryFn: ({ signal }) => fetchAlertsPage(FIRST_OPEN, signal) });
  const open = query.data?.counts.open ?? 0;
  if (open === 0) return null;
  return (
    <Alert
      severity="warning"
      action={
        <Button component={RouterLink} to="/admin/alertas" color="inherit" size="small">
          Ver alertas
        </Button>
      }
    >
      {countOf(open, 'alerta de comentarios abierta', 'alertas de comentarios abiertas')}.
    </Alert>
  );
}
