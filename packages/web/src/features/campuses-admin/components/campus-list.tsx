import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManagedCampus } from '@encuestas/core/api/campuses';
import { ApiError, errorMessage } from '../../../api/api-error';
import { useNotify } from '../../../components/notifications/use-notify';
import { campusesAdminKeys, fetchCampusCycles, renameCampus, saveCampusCycles, setCampusEnabled } from '../api/campuses-admin-api';

interface CampusListProps {
  campuses: readonly ManagedCampus[];
  canManageCampuses: boolean;
  canManageCycles: boolean;
}

/** The user's campuses: rename, disable or enable each, and choose the survey types it applies. */
export function CampusList({ campuses, canManageCampuses, canManageCycles }: CampusListProps) {
  const [renaming, setRenaming] = useState<ManagedCampus | null>(null);
  const [editingCycles, setEditingCycles] = useState<ManagedCampus | null>(null);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (campus: ManagedCampus) => setCampusEnabled(campus.id, !campus.avalible),
    onSuccess: async (saved) => {
      notify(saved.avalible ? `Campus ${saved.nombre} habilitado` : `Campus ${saved.nombre} deshabilitado`, 'success');
      await queryClient.invalidateQueries({ queryKey: campusesAdminKeys.all });
    },
    onError: (error) => notify(errorMessage(error), 'error'),
  });

  if (campuses.length === 0) return <Typography color="textSecondary">Aún no hay campus.</Typography>;
  return (
    <Stack component="ul" spacing={1} aria-label="Campus" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {campuses.map((campus) => (
        <Paper component="li" variant="outlined" key={campus.id} sx={{ p: 1.5 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>{campus.nombre}</Typography>
            <Chip size="small" color={campus.avalible ? 'success' : 'default'} label={campus.avalible ? 'Habilitado' : 'Deshabilitado'} />
            {canManageCycles ? (
              <Button size="small" onClick={() => setEditingCycles(campus)}>
                Tipos de encuesta
              </Button>
            ) : null}
            {canManageCampuses ? (
              <>
                <Button size="small" onClick={() => setRenaming(campus)}>
                  Renombrar
                </Button>
                <Button size="small" color={campus.avalible ? 'error' : 'primary'} onClick={() => toggle.mutate(campus)} disabled={toggle.isPending}>
                  {campus.avalible ? 'Deshabilitar' : 'Habilitar'}
                </Button>
              </>
            ) : null}
          </Stack>
        </Paper>
      ))}
      {renaming ? <RenameDialog campus={renaming} onClose={() => setRenaming(null)} /> : null}
      {editingCycles ? <CyclesDialog campus={editingCycles} onClose={() => setEditingCycles(null)} /> : null}
    </Stack>
  );
}

function RenameDialog({ campus, onClose }: { campus: ManagedCampus; onClose: () => void }) {
  const [nombre, setNombre] = useState(campus.nombre);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => renameCampus(campus.id, nombre),
    onSuccess: async (saved) => {
      notify(`Campus renombrado a ${saved.nombre}`, 'success');
      await queryClient.invalidateQueries({ queryKey: campusesAdminKeys.all });
      onClose();
    },
  });
  const error = mutation.error instanceof ApiError ? (mutation.error.fields?.nombre?.join(', ') ?? mutation.error.message) : mutation.error ? errorMessage(mutation.error) : undefined;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          mutation.mutate();
        }}
      >
        <DialogTitle>Renombrar {campus.nombre}</DialogTitle>
        <DialogContent>
          <TextField label="Nombre del campus" value={nombre} onChange={(event) => setNombre(event.target.value)} error={Boolean(error)} helperText={error} fullWidth sx={{ mt: 1 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cerrar</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            Guardar
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function CyclesDialog({ campus, onClose }: { campus: ManagedCampus; onClose: () => void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: campusesAdminKeys.cycles(campus.id), queryFn: ({ signal }) => fetchCampusCycles(campus.id, signal) });
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const selected = chosen ?? new Set((query.data ?? []).filter((c) => c.avalible).map((c) => c.id));
  const mutation = useMutation({
    mutationFn: () => saveCampusCycles(campus.id, [...selected]),
    onSuccess: (saved) => {
      queryClient.setQueryData(campusesAdminKeys.cycles(campus.id), saved);
      notify(`Tipos de encuesta de ${campus.nombre} guardados`, 'success');
      onClose();
    },
    onError: (error) => notify(errorMessage(error), 'error'),
  });
  const flip = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Tipos de encuesta de {campus.nombre}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          Un tipo apagado no se ofrece a nadie de este campus ni se asigna a sus nuevas aplicaciones. Sus respuestas se conservan.
        </Typography>
        {query.isError ? <Alert severity="error">{errorMessage(query.error)}</Alert> : null}
        <FormGroup>
          {(query.data ?? []).map((cycle) => (
            <FormControlLabel key={cycle.id} control={<Checkbox checked={selected.has(cycle.id)} onChange={() => flip(cycle.id)} />} label={cycle.name} />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
        <Button variant="contained" onClick={() => mutation.mutate()} disabled={query.isPending || mutation.isPending}>
          Guardar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
