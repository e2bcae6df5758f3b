import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDetail } from '@encuestas/core/api/users';
import { errorMessage } from '../../../api/api-error';
import { useNotify } from '../../../components/notifications/use-notify';
import { ADMIN_ME_QUERY_KEY } from '../../../hooks/use-admin-user';
import { useGrantedCampuses, useGrantedCycles } from '../../../hooks/use-reference-lists';
import { setUserAccess } from '../api/users-api';
import { usersKeys } from '../api/users-keys';
import { ALL_GROUPS_PAGE, usePermissionCatalogue, usePermissionGroupsPage } from '../hooks/use-users-queries';
import {
  accessStateFromDetail,
  grantOptions,
  isSameAccess,
  permissionsFromGroups,
  toAccessRequest,
  toggleItem,
  type AccessState,
} from '../logic/access-editor';

interface UserAccessEditorProps {
  detail: UserDetail;
  readOnly: boolean;
  /** Editing one's own access: the signed-in user's permissions are reloaded after saving. */
  isSelf: boolean;
}

/**
 * Permissions, permission groups and campus/survey-type grants of a user,
 * saved together with PUT /users/{id}/access. Campuses and survey types come
 * from the manager's own grants: a manager can only grant what they hold.
 */
export function UserAccessEditor({ detail, readOnly, isSelf }: UserAccessEditorProps) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const initial = accessStateFromDetail(detail);
  const [state, setState] = useState<AccessState>(initial);

  const catalogue = usePermissionCatalogue();
  const groups = usePermissionGroupsPage(ALL_GROUPS_PAGE);
  const campuses = useGrantedCampuses();
  const cycles = useGrantedCycles();

  const mutation = useMutation({
    mutationFn: () => setUserAccess(detail.user.id, toAccessRequest(state)),
    onSuccess: async (access) => {
      notify('Permisos actualizados correctamente', 'success');
      queryClient.setQueryData<UserDetail>(usersKeys.detail(detail.user.id), (old) =>
        old ? { ...old, ...access, user: { ...old.user, permissions: access.permissions } } : old,
      );
      setState(accessStateFromDetail(access));
      await queryClient.invalidateQueries({ queryKey: usersKeys.groups });
      if (isSelf) await queryClient.invalidateQueries({ queryKey: ADMIN_ME_QUERY_KEY });
    },
  });

  const loading = catalogue.isPending || groups.isPending || campuses.isPending || cycles.isPending;
  const loadError = catalogue.error ?? groups.error ?? campuses.error ?? cycles.error;
  if (loading) {
    return (
      <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center', py: 3 }}>
        <CircularProgress size={24} aria-hidden="true" />
        <Typography>Cargando permisos…</Typography>
      </Stack>
    );
  }
  if (loadError) return <Alert severity="error">{errorMessage(loadError)}</Alert>;

  const groupList = groups.data?.permissions_groups ?? [];
  const fromGroups = permissionsFromGroups(state.groups, groupList);
  const campusOptions = grantOptions(
    (campuses.data ?? []).map((c) => ({ id: c.id, label: c.nombre })),
    detail.campuses.map((c) => ({ id: c.id, label: c.nombre })),
  );
  const cycleOptions = grantOptions(
    (cycles.data ?? []).map((c) => ({ id: c.id, label: c.name })),
    detail.cicles.map((c) => ({ id: c.id, label: c.name })),
  );
  const disabled = readOnly || mutation.isPending;
  const dirty = !isSameAccess(state, initial);

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly && dirty) mutation.mutate();
      }}
    >
      <CheckboxSection legend="Permisos" description="Permisos otorgados directamente a este usuario.">
        {(catalogue.data ?? []).map((name) => (
          <CheckboxOption
            key={name}
            label={name}
            hint={fromGroups.has(name) ? 'También incluido en un grupo elegido' : undefined}
            checked={state.permissions.includes(name)}
            disabled={disabled}
            onChange={(checked) => setState((s) => ({ ...s, permissions: toggleItem(s.permissions, name, checked) }))}
          />
        ))}
      </CheckboxSection>

      <CheckboxSection legend="Grupos de permisos" description="El usuario recibe todos los permisos de cada grupo.">
        {groupList.length === 0 ? <Typography color="text.secondary">Aún no hay grupos de permisos.</Typography> : null}
        {groupList.map((group) => (
          <CheckboxOption
            key={group.id}
            label={group.name}
            hint={`${group.permissions.length} ${group.permissions.length === 1 ? 'permiso' : 'permisos'}`}
            checked={state.groups.includes(group.id)}
            disabled={disabled}
            onChange={(checked) => setState((s) => ({ ...s, groups: toggleItem(s.groups, group.id, checked) }))}
          />
        ))}
      </CheckboxSection>

      <CheckboxSection legend="Campus" description="Solo puedes otorgar los campus a los que tú tienes acceso.">
        {campusOptions.length === 0 ? <Typography color="text.secondary">No tienes campus para otorgar.</Typography> : null}
        {campusOptions.map((option) => (
          <CheckboxOption
            key={option.id}
            label={option.label}
            hint={option.grantable ? undefined : 'No lo administras'}
            checked={state.campusIds.includes(option.id)}
            disabled={disabled || !option.grantable}
            onChange={(checked) => setState((s) => ({ ...s, campusIds: toggleItem(s.campusIds, option.id, checked) }))}
          />
        ))}
      </CheckboxSection>

      <CheckboxSection
        legend="Tipos de encuesta"
        description="Solo puedes otorgar los tipos de encuesta a los que tú tienes acceso."
      >
        {cycleOptions.length === 0 ? (
          <Typography color="text.secondary">No tienes tipos de encuesta para otorgar.</Typography>
        ) : null}
        {cycleOptions.map((option) => (
          <CheckboxOption
            key={option.id}
            label={option.label}
            hint={option.grantable ? undefined : 'No lo administras'}
            checked={state.cicleIds.includes(option.id)}
            disabled={disabled || !option.grantable}
            onChange={(checked) => setState((s) => ({ ...s, cicleIds: toggleItem(s.cicleIds, option.id, checked) }))}
          />
        ))}
      </CheckboxSection>

      {mutation.isError ? (
        <Alert severity="error" role="alert">
          {errorMessage(mutation.error)}
        </Alert>
      ) : null}
      {readOnly ? null : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button type="submit" variant="contained" disabled={!dirty} loading={mutation.isPending}>
            Guardar permisos
          </Button>
          <Button
            disabled={!dirty || mutation.isPending}
            onClick={() => {
              mutation.reset();
              setState(accessStateFromDetail(detail));
            }}
          >
            Descartar cambios
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function CheckboxSection({ legend, description, children }: { legend: string; description: string; children: ReactNode }) {
  const descriptionId = useId();
  return (
    <FormControl component="fieldset" aria-describedby={descriptionId}>
      <FormLabel component="legend" sx={{ fontWeight: 700, color: 'text.primary' }}>
        {legend}
      </FormLabel>
      <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {description}
      </Typography>
      <FormGroup
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, rowGap: 0.5 }}
      >
        {children}
      </FormGroup>
    </FormControl>
  );
}

interface CheckboxOptionProps {
  label: string;
  hint?: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}

function CheckboxOption({ label, hint, checked, disabled, onChange }: CheckboxOptionProps) {
  const hintId = useId();
  return (
    <Box>
      <FormControlLabel
        sx={{ mr: 0 }}
        label={label}
        control={
          <Checkbox
            checked={checked}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': hint ? hintId : undefined } }}
          />
        }
      />
      {hint ? (
        <Typography id={hintId} variant="caption" color="text.secondary" sx={{ display: 'block', ml: 4, mt: -1, mb: 0.5 }}>
          {hint}
        </Typography>
      ) : null}
    </Box>
  );
}
