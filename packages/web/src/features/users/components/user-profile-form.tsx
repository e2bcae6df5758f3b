import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@encuestas/core/api/auth';
import { updateUserSchema } from '@encuestas/core/api/users';
import { FormErrorAlert } from '../../../components/forms/form-error-alert';
import { hasServerFieldErrors, serverFieldErrors } from '../../../components/forms/server-field-errors';
import { useZodForm } from '../../../components/forms/use-zod-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { updateUser } from '../api/users-api';
import { usersKeys } from '../api/users-keys';
import { UserIdentityFields } from './user-identity-fields';

const FIELDS = ['name', 'last_name', 'maternal_sur_name', 'email'] as const;

interface UserProfileFormProps {
  user: AdminUser;
  readOnly: boolean;
}

/** Name and e-mail of a back-office user (PUT /users/{id}). */
export function UserProfileForm({ user, readOnly }: UserProfileFormProps) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useZodForm(updateUserSchema, {
    name: user.name,
    last_name: user.last_name,
    maternal_sur_name: user.maternal_sur_name,
    email: user.email,
  });

  const mutation = useMutation({
    mutationFn: (values: Parameters<typeof updateUser>[1]) => updateUser(user.id, values),
    onSuccess: async (saved) => {
      notify('Datos del usuario guardados correctamente', 'success');
      reset({
        name: saved.name,
        last_name: saved.last_name,
        maternal_sur_name: saved.maternal_sur_name,
        email: saved.email,
      });
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
    onError: (error) => {
      for (const [field, message] of Object.entries(serverFieldErrors(error, FIELDS))) {
        setError(field as (typeof FIELDS)[number], { type: 'server', message });
      }
    },
  });

  const field = (name: (typeof FIELDS)[number]) => {
    const { ref, ...rest } = register(name);
    return {
      ...rest,
      inputRef: ref,
      error: Boolean(errors[name]),
      helperText: errors[name]?.message,
      disabled: readOnly || mutation.isPending,
    };
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit((values) => mutation.mutate(values))}>
      <FormErrorAlert error={hasServerFieldErrors(mutation.error, FIELDS) ? null : mutation.error} />
      <UserIdentityFields field={field} />
      {readOnly ? null : (
        <Box>
          <Button type="submit" variant="contained" disabled={!isDirty} loading={mutation.isPending}>
            Guardar datos
          </Button>
        </Box>
      )}
    </Stack>
  );
}
