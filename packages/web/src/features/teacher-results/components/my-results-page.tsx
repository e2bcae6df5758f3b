import { useQuery } from '@tanstack/react-query';
import { resultsNotReleasedMessage } from '@encuestas/core/api/teacher-results';
import { errorMessage } from '../../../api/api-error';
import { LoadingScreen } from '../../../components/loading-screen';
import { RespondentPageLayout } from '../../../components/respondent-page-layout';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useRespondent } from '../../../hooks/use-respondent';
import { teacherTermsQuery } from '../api/teacher-results-api';
import { myTermResultsPath } from '../paths';
import { LightButton, LightLinkButton } from '../../../components/light-button';
import { Alert, Paper, Skeleton, Stack, Text } from '../../../components/light-ui';

// The list's path written out: importing the surveys feature's index would count its modules as shared by one
// more respondent page, and three make them join the kit every respondent page loads (vite.config.ts).
const BACK_TO_LIST = { to: '/evaluated-list', label: 'Mis encuestas' } as const;

/** /mis-resultados: a teacher's terms; each released one opens its results, the others say when they will. */
export function MyResultsPage() {
  usePageTitle('Mis resultados');
  const { data: respondent } = useRespondent();
  if (!respondent) return <LoadingScreen />;
  return (
    <RespondentPageLayout back={BACK_TO_LIST}>
      <Stack spacing={2.5}>
        <Text variant="h1" sx={{ fontSize: '1.6rem' }}>
          Mis resultados
        </Text>
        {respondent.type === 'teacher' ? <TermList teacherId={respondent.id} /> : <Alert severity="info">Esta sección es solo para docentes.</Alert>}
      </Stack>
    </RespondentPageLayout>
  );
}

function TermList({ teacherId }: { teacherId: number }) {
  const terms = useQuery(teacherTermsQuery(teacherId));
  if (terms.isLoading) {
    return (
      <Stack role="status" aria-label="Cargando tus resultados" spacing={1.5}>
        <Skeleton variant="rounded" height={88} />
        <Skeleton variant="rounded" height={88} />
      </Stack>
    );
  }
  if (terms.isError) {
    return (
      <Alert
        severity="error"
        action={
          <LightButton color="inherit" size="small" onClick={() => void terms.refetch()}>
            Reintentar
          </LightButton>
        }
      >
        {errorMessage(terms.error)}
      </Alert>
    );
  }
  const list = terms.data?.terms ?? [];
  if (list.length === 0) {
    return <Text color="textSecondary">Aún no tienes resultados de la evaluación docente.</Text>;
  }
  return (
    <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {list.map((term) => (
        <Paper component="li" key={term.activeId} sx={{ p: 2, borderRadius: 3 }}>
          <Text variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
            Periodo {term.periodo.nombre}
          </Text>
          <Text variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            {term.cycle.name} · campus {term.campus.nombre}
          </Text>
          {term.released ? (
            <LightLinkButton to={myTermResultsPath(term.activeId)} variant="contained" aria-label={`Ver resultados del periodo ${term.periodo.nombre}`}>
              Ver resultados
            </LightLinkButton>
          ) : (
            <Text>{resultsNotReleasedMessage(term.results_release_day)}</Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
