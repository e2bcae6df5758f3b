import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import type { PermissionGroup } from '@encuestas/core/api/users';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { QueryListBody } from '../../../components/lists/query-list-body';
import { PagedTablePagination } from '../../../components/paging/paged-table-pagination';
import { pagingQuery } from '../../../components/paging/paging';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePaging } from '../../../hooks/use-paging';
import { useAdminUser } from '../../../hooks/use-admin-user';
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
  const paging = usePaging();
  const [editor, setEditor] = useState<EditorState>({ open: false, group: null });
  const [deleting, setDeleting] = useState<EditorState>({ open: false, group: null });
  const query = usePermissionGroupsPage(pagingQuery(paging));
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
        <QueryListBody
          query={query}
          isEmpty={groups.length === 0}
          loadingText="Cargando grupos de permisos…"
          emptyTitle="Aún no hay grupos de permisos"
          emptyText={canManage ? 'Crea uno con «Nuevo grupo».' : null}
        >
          <GroupsTable
            groups={groups}
            busy={query.isFetching}
            canManage={canManage}
            onEdit={(group) => setEditor({ open: true, group })}
            onDelete={(group) => setDeleting({ open: true, group })}
          />
        </QueryListBody>
        <PagedTablePagination paging={paging} total={total} />
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

interface GroupsTableProps {
  groups: readonly PermissionGroup[];
  busy: boolean;
  canManage: boolean;
  onEdit: (group: PermissionGroup) => void;
  onDelete: (group: PermissionGroup) => void;
}

/** The groups with their permission and user counts; edit and delete for managers. */
function GroupsTable({ groups, busy, canManage, onEdit, onDelete }: GroupsTableProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }} aria-busy={busy}>
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
                    onClick={() => onEdit(group)}
                  >
                    <Edit />
                  </IconButton>
                  <IconButton
                    aria-label={`Eliminar grupo ${group.name}`}
                    aria-haspopup="dialog"
                    onClick={() => onDelete(group)}
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
  );
}
