import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALERT_NOTE_MAX, ALERT_STATE_LABELS, ALERT_STATES, type AlertState } from '@encuestas/core/api/comment-alerts';
import { ALERT_CATEGORIES, ALERT_CATEGORY_LABELS, type AlertCategory } from '@encuestas/core/api/comment-review';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { errorMessage } from '../../../api/api-error';
import { formatInstantEsMx } from '../../../components/dates/day-format';
import { CampusFilterField } from '../../../components/filters/actives-filter-bar';
import { QueryListBody } from '../../../components/lists/query-list-body';
import { useNotify } from '../../../components/notifications/use-notify';
import { pagingQuery } from '../../../components/paging/paging';
import { PagedTablePagination } from '../../../components/paging/paged-table-pagination';
import { RequirePermission } from '../../../components/require-permission';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePaging } from '../../../hooks/use-paging';
import { attendAlert, commentAlertsKeys, fetchAlertsPage, type AlertsQuery, type CommentAlert } from '../api/comment-alerts-api';

export const ALERTS_PAGE_TITLE = 'Alertas de comentarios';
export const ATTEND_BUTTON = 'Marcar como atendida';

const canAttendAlerts = (permissions: readonly string[]) => hasPermission(permissions, PERMISSIONS.attendCommentAlerts);

interface AlertFilters {
  campusId: number | null;
  category: AlertCategory | null;
  state: AlertState;
}

/** /admin/alertas: comments whose words name a risk (self-harm, threat, violence, harassment, discrimination), to act on. */
export function CommentAlertsPage() {
  usePageTitle(ALERTS_PAGE_TITLE);
  return (
    <RequirePermission allowed={canAttendAlerts}>
      <CommentAlertsScreen />
    </RequirePermission>
  );
}

export default CommentAlertsPage;

function CommentAlertsScreen() {
  const [filters, setFilters] = useState<AlertFilters>({ campusId: null, category: null, state: 'open' });
  const paging = usePaging();
  const [attending, setAttending] = useState<CommentAlert | null>(null);
  const query: AlertsQuery = {
    ...pagingQuery(paging),
    state: filters.state,
    ...(filters.campusId !== null ? { campusId: filters.campusId } : {}),
    ...(filters.category !== null ? { category: filters.category } : {}),
  };
  const listQuery = useQuery({
    queryKey: commentAlertsKeys.list(query),
    queryFn: ({ signal }) => fetchAlertsPage(query, signal),
    placeholderData: keepPreviousData,
  });
  const alerts = listQuery.data?.alerts ?? [];
  const changeFilters = (change: Partial<AlertFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    paging.resetPage();
  };

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, textWrap: 'balance' }}>
          {ALERTS_PAGE_TITLE}
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
          Comentarios que mencionan autolesión, amenazas, violencia, acoso o discriminación. Nunca se muestra quién los
          escribió, y ninguno se oculta ni se borra: léelos y turna cada uno a quien corresponda.
        </Typography>
      </div>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2 }} role="search" aria-label="Filtros de alertas">
          <CampusFilterField id="alertas-campus" label="Campus" selectedId={filters.campusId} onChange={(campusId) => changeFilters({ campusId })} sx={{ flex: 1 }} />
          <TextField
            select
            id="alertas-categoria"
            label="Categoría"
            value={filters.category ?? ''}
            onChange={(event) => changeFilters({ category: (event.target.value || null) as AlertCategory | null })}
            sx={{ flex: 1 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Todas las categorías</MenuItem>
            {ALERT_CATEGORIES.map((category) => (
              <MenuItem key={category} value={category}>
                {ALERT_CATEGORY_LABELS[category]}
              </MenuItem>
            ))}
          </TextField>
          <TextField select id="alertas-estado" label="Estado" value={filters.state} onChange={(event) => changeFilters({ state: event.target.value as AlertState })} sx={{ flex: 1 }}>
            {ALERT_STATES.map((state) => (
              <MenuItem key={state} value={state}>
                {ALERT_STATE_LABELS[state]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>

        <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
          <QueryListBody
            query={listQuery}
            isEmpty={alerts.length === 0}
            loadingText="Cargando alertas…"
            emptyTitle="No hay alertas"
            emptyText={filters.state === 'open' ? 'No hay alertas abiertas con los filtros elegidos.' : 'No se encontraron alertas con los filtros elegidos.'}
          >
            <Stack component="ul" aria-label="Alertas" aria-busy={listQuery.isFetching} spacing={2} sx={{ listStyle: 'none', m: 0, p: 2 }}>
              {alerts.map((alert) => (
                <AlertCard key={alert.key} alert={alert} onAttend={() => setAttending(alert)} />
              ))}
            </Stack>
          </QueryListBody>
        </Box>
        <PagedTablePagination paging={paging} total={listQuery.data?.total ?? 0} wrapOnPhone />
      </Paper>

      <AttendDialog alert={attending} onClose={() => setAttending(null)} />
    </Stack>
  );
}

/** Where the comment came from: campus, period, survey type and, when a report would show it, the evaluated teacher. */
function alertPlace(alert: CommentAlert): string {
  const { campus, periodo, surveyType } = alert.application;
  return `${campus.nombre} · ${periodo.nombre} · ${surveyType.nombre}`;
}

function teacherLine(alert: CommentAlert): string | null {
  if (alert.teacher) return `Docente evaluado: ${alert.teacher.name}`;
  if (alert.smallGroup) return 'Docente no mostrado: su grupo de comentarios es demasiado pequeño para identificarlo sin exponer a quien escribió.';
  return null;
}

function AlertCard({ alert, onAttend }: { alert: CommentAlert; onAttend: () => void }) {
  const headingId = useId();
  const teacher = teacherLine(alert);
  return (
    <Paper component="li" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography id={headingId} component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }}>
          {alert.label}
        </Typography>
        <Chip size="small" label={alert.attended ? 'Atendida' : 'Abierta'} color={alert.attended ? 'success' : 'warning'} />
        {alert.copies > 1 ? <Chip size="small" variant="outlined" label={`${alert.copies} respuestas iguales`} /> : null}
      </Stack>
      <Typography component="blockquote" sx={{ my: 1.5, mx: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {alert.text}
      </Typography>
      <Typography variant="body2">Término encontrado: «{alert.matched}»</Typography>
      <Typography variant="body2" color="textSecondary">
        {alertPlace(alert)}
      </Typography>
      {teacher ? (
        <Typography variant="body2" color="textSecondary">
          {teacher}
        </Typography>
      ) : null}
      {alert.attended ? (
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          Atendida {formatInstantEsMx(alert.attended.at) ? `el ${formatInstantEsMx(alert.attended.at)}` : ''}
          {alert.attended.by ? ` por ${alert.attended.by}` : ''}: {alert.attended.note}
        </Typography>
      ) : null}
      <Button size="small" variant="outlined" sx={{ mt: 1.5 }} onClick={onAttend} aria-haspopup="dialog" aria-describedby={headingId}>
        {alert.attended ? 'Cambiar nota' : ATTEND_BUTTON}
      </Button>
    </Paper>
  );
}

/** Marks the alert «Atendida» with a note of what was done (PUT /comment-alerts/{activeId}/{key}). */
function AttendDialog({ alert, onClose }: { alert: CommentAlert | null; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={alert !== null} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{ATTEND_BUTTON}</DialogTitle>
      {alert ? <AttendForm key={alert.key} alert={alert} onClose={onClose} /> : null}
    </Dialog>
  );
}

function AttendForm({ alert, onClose }: { alert: CommentAlert; onClose: () => void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [note, setNote] = useState(alert.attended?.note ?? '');
  const mutation = useMutation({
    mutationFn: () => attendAlert(alert, { note: note.trim() }),
    onSuccess: async () => {
      notify('Alerta marcada como atendida.', 'success');
      await queryClient.invalidateQueries({ queryKey: commentAlertsKeys.all });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mutation.isPending) mutation.mutate();
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography component="blockquote" sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', overflowWrap: 'anywhere' }}>
            {alert.text}
          </Typography>
          <TextField
            label="Nota"
            multiline
            minRows={3}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            disabled={mutation.isPending}
            helperText={`A quién se turnó y cuándo; no copies el comentario. ${note.length}/${ALERT_NOTE_MAX}`}
            slotProps={{ htmlInput: { maxLength: ALERT_NOTE_MAX } }}
          />
          {mutation.isError ? (
            <Alert severity="error" role="alert">
              {errorMessage(mutation.error)}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>Cancelar</Button>
        <Button type="submit" variant="contained" loading={mutation.isPending} disabled={note.trim().length < 3}>
          Guardar
        </Button>
      </DialogActions>
    </Box>
  );
}
