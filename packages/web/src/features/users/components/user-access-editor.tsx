import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
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
import { ALL_GROUPS_PAGE, usePermissionCatalogue, usePermissionGroupsPage, usePlanOptions } from '../hooks/use-users-queries';
import {
  accessStateFromDetail,
  campusPlanPickers,
  grantOptions,
  isSameAccess,
  permissionsFromGroups,
  toAccessRequest,
  toggleCampus,
  toggleItem,
  togglePlan,
  type AccessState,
} from '../logic/access-editor';
import { CheckboxOption, CheckboxSection, GrantSection } from './access-editor-parts';
import { PlanGrantsSection } from './plan-grants-section';

interface UserAccessEditorProps {
  detail: UserDetail;
  readOnly: boolean;
  /** Editing one's own access: the signed-in user's permissions are reloaded after saving. */
  isSelf: boolean;
}

/** The access being edited and saving it (PUT /users/{id}/access); the saved answer becomes the user's cached detail. */
function useAccessEdit(detail: UserDetail, isSelf: boolean) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const initial = accessStateFromDetail(detail);
  const [state, setState] = useState<AccessState>(initial);
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
  return { initial, state, setState, mutation };
}

/**
 * Permissions, permission groups and campus/survey-type/plan grants of a
 * user, saved together with PUT /users/{id}/access. Campuses, survey types
 * and plans come from the manager's own grants: a manager can only grant what they hold.
 */
// Over 80 lines because its five checkbox sections read and write one access state, laid out in the order the form shows them.
export function UserAccessEditor({ detail, readOnly, isSelf }: UserAccessEditorProps) {
  const { initial, state, setState, mutation } = useAccessEdit(detail, isSelf);
  const catalogue = usePermissionCatalogue();
  const groups = usePermissionGroupsPage(ALL_GROUPS_PAGE);
  const campuses = useGrantedCampuses();
  const cycles = useGrantedCycles();
  const planOptions = usePlanOptions();

  const loading = catalogue.isPending || groups.isPending || campuses.isPending || cycles.isPending || planOptions.isPending;
  const loadError = catalogue.error ?? groups.error ?? campuses.error ?? cycles.error ?? planOptions.error;
  if (loading) return <AccessLoading />;
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
  const planPickers = campusPlanPickers(campusOptions, state, planOptions.data ?? { campuses: [] });
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
        {groupList.length === 0 ? <Typography color="textSecondary">Aún no hay grupos de permisos.</Typography> : null}
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

      <GrantSection
        legend="Campus"
        description="Solo puedes otorgar los campus a los que tú tienes acceso."
        emptyText="No tienes campus para otorgar."
        options={campusOptions}
        checked={state.campusIds}
        disabled={disabled}
        onToggle={(id, checked) => setState((s) => toggleCampus(s, id, checked))}
      />

      <PlanGrantsSection
        pickers={planPickers}
        isChecked={(campusId, plan) => state.plans.some((grant) => grant.campusId === campusId && grant.plan === plan)}
        disabled={disabled}
        onToggle={(campusId, plan, checked) => setState((s) => togglePlan(s, campusId, plan, checked))}
      />

      <GrantSection
        legend="Tipos de encuesta"
        description="Solo puedes otorgar los tipos de encuesta a los que tú tienes acceso."
        emptyText="No tienes tipos de encuesta para otorgar."
        options={cycleOptions}
        checked={state.cicleIds}
        disabled={disabled}
        onToggle={(id, checked) => setState((s) => ({ ...s, cicleIds: toggleItem(s.cicleIds, id, checked) }))}
      />

      {mutation.isError ? (
        <Alert severity="error" role="alert">
          {errorMessage(mutation.error)}
        </Alert>
      ) : null}
      {readOnly ? null : (
        <AccessActions
          dirty={dirty}
          saving={mutation.isPending}
          onDiscard={() => {
            mutation.reset();
            setState(accessStateFromDetail(detail));
          }}
        />
      )}
    </Stack>
  );
}

/** 'Guardar permisos' (the form's submit) and 'Descartar cambios', both idle until something changed. */
function AccessActions({ dirty, saving, onDiscard }: { dirty: boolean; saving: boolean; onDiscard: () => void }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      <Button type="submit" variant="contained" disabled={!dirty} loading={saving}>
        Guardar permisos
      </Button>
      <Button disabled={!dirty || saving} onClick={onDiscard}>
        Descartar cambios
      </Button>
    </Stack>
  );
}

function AccessLoading() {
  return (
    <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center', py: 3 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>Cargando permisos…</Typography>
    </Stack>
  );
}
