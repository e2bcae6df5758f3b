import { useEffect, useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { permissionGroupSchema, type PermissionGroup, type PermissionGroupRequest } from '@encuestas/core/api/users';
import { errorMessage } from '../../../api/api-error';
import { serverFieldErrors } from '../../../components/forms/server-field-errors';
import { useZodForm } from '../../../components/forms/use-zod-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { createPermissionGroup, updatePermissionGroup } from '../api/users-api';
import { usersKeys } from '../api/users-keys';
import { usePermissionCatalogue } from '../hooks/use-users-queries';
import { toggleItem } from '../logic/access-editor';

const FIELDS = ['name', 'description', 'permissions'] as const;

/** Field messages show under their fields; anything else in an alert. */
const hasFieldErrors = (error: unknown) => Object.keys(serverFieldErrors(error, FIELDS)).length > 0;

interface PermissionGroupDialogProps {
  open: boolean;
  /** The group being edited; null creates one. */
  group: PermissionGroup | null;
  onClose: () => void;
}

function defaultsFor(group: PermissionGroup | null): PermissionGroupRequest {
  return {
    name: group?.name ?? '',
    description: group?.description ?? '',
    permissions: (group?.permissions ?? []) as PermissionGroupRequest['permissions'],
  };
}

/** Create or edit a permission group: name, description and its permissions. */
// Over 80 lines because the form's three fields, its server errors and its reset on opening share one react-hook-form instance.
export function PermissionGroupDialog({ open, group, onClose }: PermissionGroupDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const catalogue = usePermissionCatalogue();
  const editing = group !== null;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(permissionGroupSchema, defaultsFor(group));

  const mutation = useMutation({
    mutationFn: (values: PermissionGroupRequest) =>
      group ? updatePermissionGroup(group.id, values) : createPermissionGroup(values),
    onSuccess: async () => {
      notify(editing ? 'Grupo actualizado correctamente' : 'Grupo creado correctamente', 'success');
      await queryClient.invalidateQueries({ queryKey: usersKeys.groups });
      onClose();
    },
    onError: (error) => {
      for (const [field, message] of Object.entries(serverFieldErrors(error, FIELDS))) {
        setError(field as (typeof FIELDS)[number], { type: 'server', message });
      }
    },
  });
  const { reset: resetMutation } = mutation;

  useEffect(() => {
    if (open) {
      reset(defaultsFor(group));
      resetMutation();
    }
  }, [open, group, reset, resetMutation]);

  const { ref: nameRef, ...name } = register('name');
  const { ref: descriptionRef, ...description } = register('description');

  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{editing ? 'Editar grupo de permisos' : 'Nuevo grupo de permisos'}</DialogTitle>
      <form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))} style={{ display: 'contents' }}>
        <DialogContent dividers>
          <Stack spacing={2}>
            {mutation.isError && !hasFieldErrors(mutation.error) ? (
              <Alert severity="error" role="alert">
                {errorMessage(mutation.error)}
              </Alert>
            ) : null}
            <TextField
              {...name}
              inputRef={nameRef}
              label="Nombre del grupo"
              required
              autoComplete="off"
              error={Boolean(errors.name)}
              helperText={errors.name?.message}
            />
            <TextField
              {...description}
              inputRef={descriptionRef}
              label="Descripción"
              multiline
              minRows={2}
              error={Boolean(errors.description)}
              helperText={errors.description?.message}
            />
            <Controller
              control={control}
              name="permissions"
              render={({ field }) => (
                <FormControl component="fieldset" error={Boolean(errors.permissions)}>
                  <FormLabel component="legend" sx={{ fontWeight: 700, color: 'text.primary', mb: 0.5 }}>
                    Permisos del grupo
                  </FormLabel>
                  {catalogue.isPending ? <Typography>Cargando permisos…</Typography> : null}
                  {catalogue.isError ? <Alert severity="error">{errorMessage(catalogue.error)}</Alert> : null}
                  <FormGroup>
                    {(catalogue.data ?? []).map((permission) => (
                      <FormControlLabel
                        key={permission}
                        label={permission}
                        control={
                          <Checkbox
                            checked={field.value.includes(permission as never)}
                            onChange={(event) =>
                              field.onChange(
                                toggleItem(field.value as string[], permission, event.target.checked),
                              )
                            }
                            onBlur={field.onBlur}
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  {errors.permissions?.message ? <FormHelperText>{errors.permissions.message}</FormHelperText> : null}
                </FormControl>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            {editing ? 'Guardar cambios' : 'Crear grupo'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
