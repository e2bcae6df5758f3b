import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Nom035FileApplication } from '@encuestas/core/api/nom035-file';
import { displayDay } from '@encuestas/core/dates';
import { MutationError, useFileChange } from './campus-forms';

/**
 * 7.8: «Publicar resultados al personal» for one application, or its withdrawal. The staff of the campus then see the
 * campus-wide summary (levels, never a score's distribution nor an area) in their respondent area.
 */
export function PublicationControl({ campusId, application }: { campusId: number; application: Nom035FileApplication }) {
  const { publication } = application;
  const mutation = useFileChange(campusId, publication ? 'Publicación retirada' : 'Resultados publicados al personal');
  const send = (published: boolean) => mutation.mutate({ kind: 'publication', activeId: application.id, published });
  return (
    <Stack component="section" spacing={1.5} aria-labelledby={`nom035-publication-${application.id}`} sx={{ mb: 3 }}>
      <Typography id={`nom035-publication-${application.id}`} component="h3" sx={{ fontWeight: 600 }}>
        Resultados a disposición de los trabajadores (7.8)
      </Typography>
      {publication ? (
        <Alert severity="success">
          Publicados al personal del campus el {displayDay(publication.publishedOn)}
          {publication.publishedBy ? ` por ${publication.publishedBy}` : ''}. El personal y los docentes los ven en su área de encuestas.
        </Alert>
      ) : (
        <Typography color="textSecondary">
          El personal y los docentes del campus verán en su área de encuestas el nivel de riesgo del campus, de cada categoría y de cada dominio, y las
          acciones del programa (sin responsables). Nada de un grupo de menos trabajadores que la regla de grupos pequeños, ni por área.
        </Typography>
      )}
      <MutationError error={mutation.error} />
      <Box>
        {publication ? (
          <Button variant="outlined" color="warning" loading={mutation.isPending} onClick={() => send(false)}>
            Retirar la publicación
          </Button>
        ) : (
          <Button variant="contained" loading={mutation.isPending} onClick={() => send(true)}>
            Publicar resultados al personal
          </Button>
        )}
      </Box>
    </Stack>
  );
}
