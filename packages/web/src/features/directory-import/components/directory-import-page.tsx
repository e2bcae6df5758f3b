import Typography from '@mui/material/Typography';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { usePageTitle } from '../../../hooks/use-page-title';
import { RequirePermission } from '../../admin/components/require-permission';

const canImport = (permissions: readonly string[]) => hasPermission(permissions, PERMISSIONS.importDirectory);

/** /admin/directorio. */
export function DirectoryImportPage() {
  usePageTitle('Importar directorio');
  return (
    <RequirePermission allowed={canImport}>
      <Typography variant="h1">Importar directorio</Typography>
    </RequirePermission>
  );
}

export default DirectoryImportPage;
