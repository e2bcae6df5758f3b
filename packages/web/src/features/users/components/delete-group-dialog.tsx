import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PermissionGroup } from '@encuestas/core/api/users';
import { errorMessage } from '../../../api/api-error';
import { useNotify } from '../../../components/notifications/use-notify';
import { deletePermissionGroup } from '../api/users-api';
import { usersKeys } from '../api/users-keys';

interface DeleteGroupDialogProps {
  open: boolean;
  group: PermissionGroup | null;
  onClose: () => void;
}

/** Asks before deleting a permission group (DELETE /permissions-groups/{id}). */
export function DeleteGroupDialog({ open, group, onClose }: DeleteGroupDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: number) => deletePermissionGroup(id),
    onSuccess: async () => {
      notify('Grupo eliminado correctamente', 'success');
      await queryClient.invalidateQueries({ queryKey: usersKeys.groups });
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
      close();
    },
  });

  const close = () => {
    mutation.reset();
    onClose();
  };

  const users = group?.users_count ?? 0;
  return (
    <Dialog open={open && group !== null} onClose={close} aria-labelledby={titleId} aria-describedby={descriptionId}>
      <DialogTitle id={titleId}>Eliminar grupo de permisos</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId}>
          {`¿Eliminar el grupo «${group?.name ?? ''}»? `}
          {users > 0
            ? `${users === 1 ? 'El usuario que lo tiene perderá' : `Los ${users} usuarios que lo tienen perderán`} los permisos que les da este grupo.`
            : 'Ningún usuario lo tiene asignado.'}
        </DialogContentText>
        {mutation.isError ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorMessage(mutation.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={close}>Cancelar</Button>
        <Button
          color="error"
          variant="contained"
          loading={mutation.isPending}
          onClick={() => group && mutation.mutate(group.id)}
        >
          Eliminar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
