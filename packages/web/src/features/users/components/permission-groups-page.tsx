import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import { DEFAULT_PAGE_SIZE, ROWS_PER_PAGE_OPTIONS } from '@encuestas/core/api/common';
import type { PermissionGroup } from '@encuestas/core/api/users';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { errorMessage } from '../../../api/api-error';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useAdminUser } from '../../admin-auth/hooks/use-admin-user';
import { usePermissionGroupsPage } from '../hooks/use-users-queries';
import { DeleteGroupDialog } from './delete-group-dialog';
import { PermissionGroupDialog } from './permission-group-dialog';
import { UsersSectionHeader } from './users-section-header';

interface EditorState {
  open: boolean;
  group: PermissionGroup | null;
}

/** /admin/users/permissions: permission groups; created, edited and deleted with the manage permission. */
export function PermissionGroupsPage() {
  usePageTitle('Grupos de permisos');
  const { permissions } = useAdminUser();
  const canManage = hasPermission(permissions, PERMISSIONS.manageUsers);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
  const [editor, setEditor] = useState<EditorState>({ open: false, group: null });
  const [deleting, setDeleting] = useState<EditorState>({ open: false, group: null });
  const query = usePermissionGroupsPage({ page: page + 1, perPage: rowsPerPage });
  const groups = query.data?.permissions_groups ?? [];
  const total = query.data?.total_permisions_groups ?? 0;

  return (
    <Stack spacing={3}>
      <UsersSectionHeader
        section="groups"
        title="Grupos de permisos"
        subtitle="Conjuntos de permisos que se asignan juntos a los usuarios."
        actions={
          canManage ? (
            <Button
              variant="contained"
              startIcon={<Add />}
              aria-haspopup="dialog"
              onClick={() => setEditor({ open: true, group: null })}
            >
              Nuevo grupo
            </Button>
          ) : null
        }
      />

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {query.isPending ? (
          <Stack role="status" direction="row" spacing={2} sx={{ justifyContent: 'center', alignItems: 'center', py: 6 }}>
            <CircularProgress size={28} aria-hidden="true" />
            <Typography>Cargando grupos de permisos…</Typography>
          </Stack>
        ) : query.isError ? (
          <Box sx={{ p: 2 }}>
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                  Reintentar
                </Button>
              }
            >
              {errorMessage(query.error)}
            </Alert>
          </Box>
        ) : groups.length === 0 ? (
          <Box sx={{ py: 6, px: 2, textAlign: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>Aún no hay grupos de permisos</Typography>
            {canManage ? (
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                Crea uno con «Nuevo grupo».
              </Typography>
            ) : null}
          </Box>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }} aria-busy={query.isFetching}>
            <Table size="small" sx={{ minWidth: 640 }} aria-label="Grupos de permisos">
              <TableHead>
                <TableRow>
                  <TableCell>Nombre</TableCell>
                  <TableCell>Descripción</TableCell>
                  <TableCell align="right">Permisos</TableCell>
                  <TableCell align="right">Usuarios</TableCell>
                  {canManage ? <TableCell align="right">Acciones</TableCell> : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {groups.map((group) => (
                  <TableRow key={group.id} hover>
                    <TableCell sx={{ fontWeight: 600 }}>{group.name}</TableCell>
                    <TableCell sx={{ color: group.description ? undefined : 'text.secondary' }}>
                      {group.description || 'Sin descripción'}
                    </TableCell>
                    <TableCell align="right">
{group.permissions.length}
                    </TableCell>
                    <TableCell align="right">{group.users_count}</TableCell>
                    {canManage ? (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <IconButton
                          aria-label={`Editar grupo ${group.name}`}
                          aria-haspopup="dialog"
                          onClick={() => setEditor({ open: true, group })}
                        >
                          <Edit />
                        </IconButton>
                        <IconButton
                          aria-label={`Eliminar grupo ${group.name}`}
                          aria-haspopup="dialog"
                          onClick={() => setDeleting({ open: true, group })}
                        >
                          <Delete />
                        </IconButton>
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <TablePagination
          component="div"
          count={total}
          page={total === 0 ? 0 : Math.min(page, Math.max(0, Math.ceil(total / rowsPerPage) - 1))}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage="Registros por página"
          sx={{ borderTop: 1, borderColor: 'divider' }}
        />
      </Paper>

      {canManage ? (
        <>
          <PermissionGroupDialog
            open={editor.open}
            group={editor.group}
            onClose={() => setEditor((e) => ({ ...e, open: false }))}
          />
          <DeleteGroupDialog
            open={deleting.open}
            group={deleting.group}
            onClose={() => setDeleting((d) => ({ ...d, open: false }))}
          />
        </>
      ) : null}
    </Stack>
  );
}

export default PermissionGroupsPage;
