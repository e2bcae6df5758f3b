import { useQuery } from '@tanstack/react-query';
import type { TeacherClassProgress } from '@encuestas/core/api/teacher-results';
import { displayDay } from '@encuestas/core/dates';
import { countOf, formatCount } from '@encuestas/core/format';
import { errorMessage } from '../../../api/api-error';
import { teacherProgressQuery } from '../api/teacher-results-api';
import { MY_RESULTS_PATH } from '../paths';
import { LightButton, LightLinkButton } from '../../../components/light-button';
import { Alert, Box, Paper, ProgressBar, Skeleton, Stack, Text } from '../../../components/light-ui';

function ClassRow({ row, withheldNote }: { row: TeacherClassProgress; withheldNote: string }) {
  const label = `${row.name} (${row.plan} ${row.grupo})`;
  return (
    <Box component="li" sx={{ py: 1, listStyle: 'none' }}>
      <Text sx={{ fontWeight: 600 }}>{label}</Text>
      {row.withheld || row.expected === null || row.answered === null ? (
        <Text variant="body2" color="textSecondary">
          {withheldNote}
        </Text>
      ) : (
        <>
          <Text variant="body2">
            {formatCount(row.answered)} de {countOf(row.expected, 'alumno', 'alumnos')} han respondido
          </Text>
          <ProgressBar value={row.expected ? (100 * row.answered) / row.expected : 0} aria-label={`Avance de ${label}`} />
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
      <Text id="mis-grupos" variant="h2" sx={{ fontSize: '1.25rem' }}>
        Mis grupos
      </Text>
      {progress.isLoading ? (
        <Stack role="status" aria-label="Cargando tus grupos" spacing={1}>
          <Skeleton variant="rounded" height={96} />
        </Stack>
      ) : progress.isError ? (
        <Alert
          severity="error"
          action={
            <LightButton color="inherit" size="small" onClick={() => void progress.refetch()}>
              Reintentar
            </LightButton>
          }
        >
          {errorMessage(progress.error)}
        </Alert>
      ) : !progress.data || progress.data.applications.length === 0 ? (
        <Text color="textSecondary">No hay una evaluación docente en curso para tus grupos.</Text>
      ) : (
        <>
          <Text variant="body2" color="textSecondary">
            Ves cuántos alumnos han respondido, nunca sus respuestas.
          </Text>
          {progress.data.applications.map((application) => (
            <Paper key={application.activeId} sx={{ p: 2, borderRadius: 3 }}>
              <Text variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
                {application.cycle.name} · periodo {application.periodo.nombre}
              </Text>
              <Text variant="body2" color="textSecondary">
                Campus {application.campus.nombre} · cierra el {displayDay(application.end_active)}
              </Text>
              <Text variant="body2" color="textSecondary">
                Resultados para docentes: {displayDay(application.results_release_day)}
              </Text>
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

