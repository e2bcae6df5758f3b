import { Outlet } from 'react-router';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { RequirePermission } from '../../../components/require-permission';

const canViewUsers = (permissions: readonly string[]) => hasPermission(permissions, PERMISSIONS.viewUsers);

/** Users list, permission groups and user detail share this layout (spec §2). */
export function AdminUsersLayout() {
  return (
    <RequirePermission allowed={canViewUsers}>
      <Outlet />
    </RequirePermission>
  );
}
