import Alert from '@mui/material/Alert';
import { PATHS } from '../../../app/paths';
import { CenteredCardLayout } from '../../../components/centered-card-layout';
import { LinkButton } from '../../../components/router-link';
import { usePageTitle } from '../../../hooks/use-page-title';

const TITLE = 'Acceso para alumnos, docentes y personal';

/** Placeholder until the respondent login (one-time code) is built. */
export function StudentLoginPage() {
  usePageTitle(TITLE);
  return (
    <CenteredCardLayout
      title={TITLE}
      description="Aquí entrarás con tu matrícula o tu correo institucional para responder las encuestas de tu campus."
    >
      <Alert severity="info">El acceso a las encuestas estará disponible muy pronto.</Alert>
      <LinkButton to={PATHS.landing} variant="outlined">
        Volver a la página principal
      </LinkButton>
    </CenteredCardLayout>
  );
}
