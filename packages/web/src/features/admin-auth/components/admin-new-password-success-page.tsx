import { PATHS } from '../../../app/paths';
import { CenteredCardLayout } from '../../../components/centered-card-layout';
import { LinkButton } from '../../../components/link-button';
import { usePageTitle } from '../../../hooks/use-page-title';

/** After a successful password reset. */
export function AdminNewPasswordSuccessPage() {
  usePageTitle('Contraseña actualizada');
  return (
    <CenteredCardLayout
      title="Contraseña actualizada correctamente"
      description="Ya puedes entrar con tu contraseña nueva."
    >
      <LinkButton to={PATHS.adminLogin} variant="contained" size="large" fullWidth>
        Iniciar sesión
      </LinkButton>
    </CenteredCardLayout>
  );
}
