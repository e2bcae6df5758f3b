import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { longDay } from '@encuestas/core/dates';
import { fetchNextEvaluations } from '../api/nom035-file-api';

/**
 * The start page's warning for holders of 'Gestionar NOM-035' (numeral 7.9): each of their campuses whose next
 * evaluation is due within 90 days, or overdue, with the way to its file. Nothing when none is near.
 */
export function NextEvaluationNotice() {
  const query = useQuery({ queryKey: ['nom035-file', 'next-evaluations'], queryFn: ({ signal }) => fetchNextEvaluations(signal) });
  const campuses = query.data?.campuses ?? [];
  if (campuses.length === 0) return null;
  return (
    <Stack spacing={1}>
      {campuses.map(({ campus, dueOn, overdue }) => (
        <Alert
          key={campus.id}
          severity={overdue ? 'error' : 'warning'}
          action={
            <Button component={RouterLink} to={`/admin/nom035/expediente?campus=${campus.id}`} color="inherit" size="small" aria-label={`Ver el expediente NOM-035 de ${campus.nombre}`}>
              Ver expediente
            </Button>
          }
        >
          La siguiente evaluación NOM-035 de {campus.nombre} {overdue ? 'venció' : 'vence'} el {longDay(dueOn)}.
        </Alert>
      ))}
    </Stack>
  );
}
