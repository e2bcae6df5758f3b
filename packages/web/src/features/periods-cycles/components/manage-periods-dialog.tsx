import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import type { Periodo } from '@encuestas/core/api/periods';
import { errorMessage } from '../../../api/api-error';
import { formatIsoDay } from '../../../components/dates/day-format';
import { usePeriodos } from '../../../hooks/use-reference-lists';
import { NewPeriodForm } from './new-period-form';

export const MANAGE_PERIODS_TITLE = 'Periodos Power Campus';

type TabKey = 'list' | 'new';

interface ManagePeriodsDialogProps {
  open: boolean;
  permissions: readonly string[];
  onClose: () => void;
}

/** 'Periodos Power Campus': the periods as cards ('Listado') and, with the create permission, a form ('Nuevo'). */
export function ManagePeriodsDialog({ open, permissions, onClose }: ManagePeriodsDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const tabsId = useId();
  const canCreate = hasPermission(permissions, PERMISSIONS.createPowerCampusPeriods);
  const [tab, setTab] = useState<TabKey>('list');
  const shownTab: TabKey = canCreate ? tab : 'list';

  const close = () => {
    setTab('list');
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{MANAGE_PERIODS_TITLE}</DialogTitle>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 1, sm: 2 } }}>
        <Tabs value={shownTab} onChange={(_event, value: TabKey) => setTab(value)} aria-label="Periodos Power Campus">
          <Tab label="Listado" value="list" id={`${tabsId}-list`} aria-controls={`${tabsId}-list-panel`} />
          {canCreate ? <Tab label="Nuevo" value="new" id={`${tabsId}-new`} aria-controls={`${tabsId}-new-panel`} /> : null}
        </Tabs>
      </Box>
      {shownTab === 'list' ? (
        <DialogContent id={`${tabsId}-list-panel`} role="tabpanel" aria-labelledby={`${tabsId}-list`}>
          <PeriodCards />
        </DialogContent>
      ) : (
        <DialogContent id={`${tabsId}-new-panel`} role="tabpanel" aria-labelledby={`${tabsId}-new`}>
          <NewPeriodForm onCreated={() => setTab('list')} />
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={close}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}

function PeriodCards() {
  const { data: periodos, isPending, isError, error } = usePeriodos();
  if (isPending) {
    return (
      <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center', py: 3 }}>
        <CircularProgress size={24} aria-hidden="true" />
        <Typography>Cargando periodos…</Typography>
      </Stack>
    );
  }
  if (isError) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (periodos.length === 0) return <Typography color="textSecondary">Aún no hay periodos registrados.</Typography>;
  return (
    <Box
      component="ul"
      aria-label="Periodos registrados"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
      }}
    >
      {periodos.map((periodo) => (
        <li key={periodo.id}>
          <PeriodCard periodo={periodo} />
        </li>
      ))}
    </Box>
  );
}

function PeriodCard({ periodo }: { periodo: Periodo }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
          {periodo.nombre}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {`del ${formatIsoDay(periodo.fecha_inicio)} al ${formatIsoDay(periodo.fecha_fin)}`}
        </Typography>
      </CardContent>
    </Card>
  );
}
