import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { TeacherClassProgress } from '@encuestas/core/api/teacher-results';
import { displayDay } from '@encuestas/core/dates';
import { countOf, formatCount } from '@encuestas/core/format';
import { errorMessage } from '../../../api/api-error';
import { teacherProgressQuery } from '../api/teacher-results-api';
import { MY_RESULTS_PATH } from '../paths';
import { LightLinkButton } from '../../../components/light-button';

function ClassRow({ row, withheldNote }: { row: TeacherClassProgress; withheldNote: string }) {
  const label = `${row.name} (${row.plan} ${row.grupo})`;
  return (
    <Box component="li" sx={{ py: 1, listStyle: 'none' }}>
      <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
      {row.withheld || row.expected === null || row.answered === null ? (
        <Typography variant="body2" color="textSecondary">
          {withheldNote}
        </Typography>
      ) : (
        <>
          <Typography variant="body2">
            {formatCount(row.answered)} de {countOf(row.expected, 'alumno', 'alumnos')} han respondido
          </Typography>
          <LinearProgress
            variant="determinate"
            value={row.expected ? (100 * row.answered) / row.expected : 0}
            aria-label={`Avance de ${label}`}
            sx={{ mt: 0.5, height: 8, borderRadius: 4 }}
          />
        </>
      )}
    </Box>
  );
}

/**
 * «Mis grupos» on a teacher's list of surveys: how many students of each
 * class have answered the running teacher evaluation (counts only), and the
 * way to «Mis resultados».
 */
export function TeacherProgress({ teacherId }: { teacherId: number }) {
  const progress = useQuery(teacherProgressQuery(teacherId));
  return (
    <Stack component="section" aria-labelledby="mis-grupos" spacing={1.5}>
      <Typography id="mis-grupos" variant="h2" sx={{ fontSize: '1.25rem' }}>
        Mis grupos
      </Typography>
      {progress.isLoading ? (
        <Stack role="status" aria-label="Cargando tus grupos" spacing={1}>
          <Skeleton variant="rounded" height={96} />
        </Stack>
      ) : progress.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void progress.refetch()}>
              Reintentar
            </Button>
          }
        >
          {errorMessage(progress.error)}
        </Alert>
      ) : !progress.data || progress.data.applications.length === 0 ? (
        <Typography color="textSecondary">No hay una evaluación docente en curso para tus grupos.</Typography>
      ) : (
        <>
          <Typography variant="body2" color="textSecondary">
            Ves cuántos alumnos han respondido, nunca sus respuestas.
          </Typography>
          {progress.data.applications.map((application) => (
            <Paper key={application.activeId} variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
              <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
                {application.cycle.name} · periodo {application.periodo.nombre}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                Campus {application.campus.nombre} · cierra el {displayDay(application.end_active)}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                Resultados para docentes: {displayDay(application.results_release_day)}
              </Typography>
              <Box component="ul" sx={{ m: 0, mt: 1, p: 0 }}>
                {application.classes.map((row) => (
                  <ClassRow
                    key={row.classId}
                    row={row}
                    withheldNote={`Grupo de menos de ${countOf(progress.data.minGroupSize, 'alumno', 'alumnos')}: no se muestran cifras para cuidar el anonimato.`}
                  />
                ))}
              </Box>
            </Paper>
          ))}
        </>
      )}
      <div>
        <LightLinkButton to={MY_RESULTS_PATH} variant="outlined">
          Mis resultados
        </LightLinkButton>
      </div>
    </Stack>
  );
}

