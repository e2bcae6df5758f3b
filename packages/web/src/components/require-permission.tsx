import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PATHS } from '../app/paths';
import { LoadingScreen } from './loading-screen';
import { useAdminUser } from '../hooks/use-admin-user';

interface RequirePermissionProps {
  allowed: (permissions: readonly string[]) => boolean;
  children: ReactNode;
}

/**
 * Shows its children to a user who may see them; once the server has
 * confirmed the permissions and they fall short, sends the user to /admin
 * (spec §6). The server still checks every call: this only spares a dead end.
 */
export function RequirePermission({ allowed, children }: RequirePermissionProps) {
  const { permissions, permissionsConfirmed } = useAdminUser();
  if (allowed(permissions)) return <>{children}</>;
  if (!permissionsConfirmed) return <LoadingScreen fullScreen={false} />;
  return <Navigate to={PATHS.admin} replace />;
}
