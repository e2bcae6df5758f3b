import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { OBLIGATION_STATES, type Nom035CampusFile, type Obligation, type ObligationState } from '@encuestas/core/api/nom035-file';
import { formatCount } from '@encuestas/core/format';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { errorMessage } from '../../../api/api-error';
import { RequirePermission } from '../../../components/require-permission';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useGrantedCampuses } from '../../../hooks/use-reference-lists';
import { DownloadButton } from '../../reports';
import { fetchCampusFile, filePdfRequest, nom035FileKey, programXlsxRequest } from '../api/nom035-file-api';
import { NoticesSection, PolicySection } from './campus-forms';
import { ApplicationSection } from './application-section';

export const NOM035_FILE_TITLE = 'Expediente NOM-035';

const canManage = (permissions: readonly string[]) => hasPermission(permissions, PERMISSIONS.manageNom035);

const STATE_COLORS: Record<ObligationState, 'success' | 'warning' | 'error' | 'default'> = {
  cumplido: 'success',
  pendiente: 'warning',
  vencido: 'error',
  noAplica: 'default',
};

const BAND_TEXT: Record<Nom035CampusFile['band'], string> = {
  upTo15: 'hasta 15 trabajadores',
  from16To50: 'de 16 a 50 trabajadores',
  over50: 'más de 50 trabajadores',
};

/** /admin/nom035/expediente: a campus's evidence file, numeral by numeral (issue 22). */
export function Nom035FilePage() {
  usePageTitle(NOM035_FILE_TITLE);
  return (
    <RequirePermission allowed={canManage}>
      <Nom035FileScreen />
    </RequirePermission>
  );
}

export default Nom035FilePage;

function Nom035FileScreen() {
  const campusesQuery = useGrantedCampuses();
  const campuses = campusesQuery.data ?? [];
  const [chosenId, setCampusId] = useState<number | null>(null);
  // The campus a link names (?campus=, the start page's 7.9 warning), else the first granted one, until the user picks one.
  const linked = Number(useSearchParams()[0].get('campus'));
  const campusId = chosenId ?? campuses.find((c) => c.id === linked)?.id ?? campuses[0]?.id ?? null;

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, textWrap: 'balance' }}>
          {NOM035_FILE_TITLE}
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
          Lo que la NOM-035-STPS-2018 pide a cada centro de trabajo, numeral por numeral, con su evidencia.
        </Typography>
      </div>
      {campusesQuery.isError ? <Alert severity="error">{errorMessage(campusesQuery.error)}</Alert> : null}
      {campusesQuery.isSuccess && campuses.length === 0 ? <Alert severity="info">No tienes campus asignados. Solicítalo a tu administrador.</Alert> : null}
      {campuses.length > 0 ? (
        <TextField
          select
          id="nom035-file-campus"
          label="Campus"
          value={campusId ?? ''}
          onChange={(event) => setCampusId(Number(event.target.value))}
          sx={{ maxWidth: { sm: 360 } }}
        >
          {campuses.map((campus) => (
            <MenuItem key={campus.id} value={campus.id}>
              {campus.nombre}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {campusId !== null ? <CampusFile campusId={campusId} /> : null}
    </Stack>
  );
}

function CampusFile({ campusId }: { campusId: number }) {
  const query = useQuery({ queryKey: nom035FileKey(campusId), queryFn: ({ signal }) => fetchCampusFile(campusId, signal) });
  if (query.isPending) {
    return (
      <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} />
        <span>Cargando el expediente…</span>
      </Stack>
    );
  }
  if (query.isError) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  const file = query.data;
  return (
    <Stack spacing={3} aria-busy={query.isFetching}>
      <Typography>
        {file.campus.nombre}: {formatCount(file.headcount)} trabajadores activos en el directorio ({BAND_TEXT[file.band]}, numeral 2).
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <DownloadButton label="Descargar expediente (PDF)" request={filePdfRequest(campusId)} />
        <DownloadButton label="Programa de acción (XLSX)" request={programXlsxRequest(campusId)} />
      </Stack>
      <ObligationsList obligations={file.obligations} />
      <PolicySection campusId={campusId} policy={file.policy} />
      <NoticesSection campusId={campusId} notices={file.notices} />
      <ApplicationSection campusId={campusId} applications={file.applications} />
    </Stack>
  );
}

function ObligationsList({ obligations }: { obligations: readonly Obligation[] }) {
  return (
    <Box component="section" aria-labelledby="nom035-obligations">
      <Typography id="nom035-obligations" variant="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
        Obligaciones
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {obligations.map((o) => (
          <Paper component="li" key={o.numeral} variant="outlined" sx={{ p: 2 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {o.numeral} · {o.title}
              </Typography>
              <Chip label={OBLIGATION_STATES[o.state]} color={STATE_COLORS[o.state]} size="small" sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }} />
            </Stack>
            <Typography color="textSecondary" sx={{ mt: 0.5 }}>
              {o.detail}
            </Typography>
            {o.evidence.length ? (
              <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(12rem, max-content) 1fr' }, columnGap: 2 }}>
                {o.evidence.map((e, index) => (
                  <Box key={index} sx={{ display: 'contents' }}>
                    <Box component="dt" sx={{ fontWeight: 500 }}>
                      {e.label}
                    </Box>
                    <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
                      {e.link ? (
                        <Link component={RouterLink} to={e.link}>
                          {e.value}
                        </Link>
                      ) : (
                        e.value
                      )}
                    </Box>
                  </Box>
                ))}
              </Box>
            ) : null}
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
