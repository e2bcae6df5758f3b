import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../api/api-error';
import { formatInstantEsMx } from '../../../components/dates/day-format';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useAdminUser } from '../../../hooks/use-admin-user';
import { useGrantedCampuses, useGrantedCycles } from '../../../hooks/use-reference-lists';
import { ChangePasswordForm } from './change-password-form';
import { PageSection } from '../../../components/page-section';

/** /admin/porfile: who is signed in, what they may do and see, and their password. */
export function ProfilePage() {
  usePageTitle('Mi perfil');
  const { user, permissions } = useAdminUser();
  const campuses = useGrantedCampuses();
  const cycles = useGrantedCycles();

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          Mi perfil
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
          Tus datos de acceso, permisos y contraseña.
        </Typography>
      </div>

      <PageSection title="Mis datos">
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1 }}>
          <Term>Nombre</Term>
          <Definition>{user?.full_name ?? '—'}</Definition>
          <Term>Correo electrónico</Term>
          <Definition>{user?.email ?? '—'}</Definition>
          {user?.created_at ? (
            <>
              <Term>Cuenta creada</Term>
              <Definition>{formatInstantEsMx(user.created_at)}</Definition>
            </>
          ) : null}
        </Box>
      </PageSection>

      <PageSection title="Mis permisos">
        <ChipList label="Mis permisos" items={permissions} empty="No tienes permisos asignados. Solicítalos a tu administrador." />
      </PageSection>

      <PageSection title="Mis campus">
        {campuses.isError ? (
          <Alert severity="error">{errorMessage(campuses.error)}</Alert>
        ) : (
          <ChipList
            label="Mis campus"
            items={campuses.isPending ? null : (campuses.data ?? []).map((c) => c.nombre)}
            empty="No tienes campus asignados."
          />
        )}
      </PageSection>

      <PageSection title="Mis tipos de encuesta">
        {cycles.isError ? (
          <Alert severity="error">{errorMessage(cycles.error)}</Alert>
        ) : (
          <ChipList
            label="Mis tipos de encuesta"
            items={cycles.isPending ? null : (cycles.data ?? []).map((c) => c.name)}
            empty="No tienes tipos de encuesta asignados."
          />
        )}
      </PageSection>

      <PageSection title="Cambiar contraseña">
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          Al cambiarla se cierran tus sesiones en otros dispositivos.
        </Typography>
        <ChangePasswordForm />
      </PageSection>
    </Stack>
  );
}

export default ProfilePage;

function Term({ children }: { children: ReactNode }) {
  return (
    <Typography component="dt" color="textSecondary">
      {children}
    </Typography>
  );
}

function Definition({ children }: { children: ReactNode }) {
  return (
    <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, fontWeight: 500, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

function ChipList({ label, items, empty }: { label: string; items: readonly string[] | null; empty: string }) {
  if (items === null) return <Typography role="status">Cargando…</Typography>;
  if (items.length === 0) return <Typography color="textSecondary">{empty}</Typography>;
  return (
    <Box component="ul" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => (
        <li key={item}>
          <Chip label={item} />
        </li>
      ))}
    </Box>
  );
}
