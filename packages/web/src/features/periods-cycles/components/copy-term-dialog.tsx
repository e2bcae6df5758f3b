import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TermCopyItem } from '@encuestas/core/api/actives';
import type { Campus, Periodo } from '@encuestas/core/api/periods';
import { displayDay } from '@encuestas/core/dates';
import { errorMessage } from '../../../api/api-error';
import { useNotify } from '../../../components/notifications/use-notify';
import { copyPreviousTerm } from '../api/periods-cycles-api';
import { periodsCyclesKeys } from '../api/periods-cycles-keys';
import {
  COPY_TERM_DIALOG_TITLE,
  copiedMessage,
  copyButtonLabel,
  copyPlanSummary,
  notGrantedCampusesText,
  skippedCyclesText,
  splitCopyPlan,
} from '../logic/copy-term';

interface CopyTermDialogProps {
  open: boolean;
  /** The term chosen in the filters: the copies go into it. */
  periodo: Periodo;
  /** The campus chosen in the filters; null copies at every campus the user holds. */
  campus: Campus | null;
  onClose: () => void;
}

/**
 * 'Copiar del periodo anterior': shows what copying the previous term's
 * applications would create and skip (the server plans it), then copies.
 */
export function CopyTermDialog({ open, periodo, campus, onClose }: CopyTermDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const request = { periodoId: periodo.id, campusId: campus?.id };

  const preview = useQuery({
    queryKey: periodsCyclesKeys.copyPreview(periodo.id, campus?.id ?? null),
    queryFn: ({ signal }) => copyPreviousTerm({ ...request, preview: true }, signal),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const plan = preview.data?.plan;

  const copy = useMutation({
    mutationFn: () => copyPreviousTerm({ ...request, fromPeriodoId: plan?.from.id }),
    onSuccess: async ({ actives, plan: done }) => {
      notify(copiedMessage(actives.length, done.from.nombre), 'success');
      onClose();
      await queryClient.invalidateQueries({ queryKey: periodsCyclesKeys.actives });
    },
  });

  const { toCreate, toSkip } = plan ? splitCopyPlan(plan) : { toCreate: [], toSkip: [] };
  let body;
  if (preview.isPending) {
    body = (
      <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress size={28} aria-hidden="true" />
        <Typography>Revisando el periodo anterior…</Typography>
      </Stack>
    );
  } else if (preview.isError) {
    body = <Alert severity="error">{errorMessage(preview.error)}</Alert>;
  } else if (plan) {
    body = (
      <Stack spacing={2}>
        <Typography>{copyPlanSummary(plan, campus?.nombre ?? null)}</Typography>
        {plan.items.length === 0 ? (
          <Alert severity="info">{`${plan.from.nombre} no tiene periodos de encuestas que copiar.`}</Alert>
        ) : null}
        <CopyItems title={`Se crearán (${toCreate.length})`} items={toCreate} />
        <CopyItems title={`No se crearán (${toSkip.length})`} items={toSkip} />
        {plan.not_granted_campus_actives > 0 ? <Alert severity="info">{notGrantedCampusesText(plan.not_granted_campus_actives)}</Alert> : null}
        {copy.isError ? (
          <Alert severity="error" role="alert">
            {errorMessage(copy.error)}
          </Alert>
        ) : null}
      </Stack>
    );
  }

  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{COPY_TERM_DIALOG_TITLE}</DialogTitle>
      {/* A long preview scrolls: reachable by keyboard, and named for who lands on it. */}
      <DialogContent dividers tabIndex={0} role="region" aria-label="Vista previa de la copia">
        {body}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>Cerrar</Button>
        <Button
          variant="contained"
          onClick={() => copy.mutate()}
          disabled={!plan || toCreate.length === 0 || copy.isPending}
          loading={copy.isPending}
        >
          {copyButtonLabel(toCreate.length)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A titled list of copies: campus, new days, survey types and what is left out. */
function CopyItems({ title, items }: { title: string; items: readonly TermCopyItem[] }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {title}
      </Typography>
      <List dense aria-labelledby={headingId}>
        {items.map((item) => (
          <ListItem key={item.source.id} disableGutters divider>
            <ListItemText
              primary={`${item.campus.nombre}: del ${displayDay(item.start_active)} al ${displayDay(item.end_active)}`}
              secondary={
                <>
                  {item.cicles.length > 0 ? <span>{item.cicles.map((c) => c.name).join(', ')}</span> : null}
                  {item.skipped.length > 0 ? (
                    <span style={{ display: 'block' }}>{`No se copia: ${skippedCyclesText(item)}`}</span>
                  ) : null}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
