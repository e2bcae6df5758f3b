import Typography from '@mui/material/Typography';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { usePageTitle } from '../../../hooks/use-page-title';
import { RequirePermission } from '../../admin/components/require-permission';

const canViewReferrals = (permissions: readonly string[]) => hasPermission(permissions, PERMISSIONS.viewNom035Referrals);

/** /admin/nom035. */
export function Nom035ReferralsPage() {
  usePageTitle('Canalizaciones NOM-035');
  return (
    <RequirePermission allowed={canViewReferrals}>
      <Typography variant="h1">Canalizaciones NOM-035</Typography>
    </RequirePermission>
  );
}

export default Nom035ReferralsPage;
