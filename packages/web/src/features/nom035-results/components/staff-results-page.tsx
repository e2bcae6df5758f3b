/**
 * NOM-035 numeral 7.8 in the respondent area, in one lazy chunk: the card on a worker's list of surveys and
 * /resultados-nom035?id=, the summary the campus published (levels of the campus as a whole, never a score's
 * distribution nor an area; what the campus is doing about it, never who).
 */
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { StaffResults } from '@encuestas/core/api/nom035-results';
import { displayDay } from '@encuestas/core/dates';
import { countOf } from '@encuestas/core/format';
import { errorMessage } from '../../../api/api-error';
import { LoadingScreen } from '../../../components/loading-screen';
import { RespondentPageLayout } from '../../../components/respondent-page-layout';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useRespondent } from '../../../hooks/use-respondent';
import { staffPublicationsQuery, staffResultsQuery } from '../api';
import { nom035ResultsPath, resultsIdOf } from '../paths';
import { LightLinkButton } from '../../../components/light-button';
import { Alert, Box, Paper, Skeleton, Stack, Text } from '../../../components/light-ui';

const TITLE = 'Resultados de la NOM-035';
// The list's path written out: importing the surveys feature would share its modules with one more page.
const BACK_TO_LIST = { to: '/evaluated-list', label: 'Mis encuestas' } as const;

/** «Resultados de la NOM-035» on a worker's list: each summary the campus published; nothing when none is. */
export function Nom035ResultsCard() {
  const publications = useQuery(staffPublicationsQuery);
  const list = publications.data?.publications ?? [];
  if (list.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby="nom035-results-card" sx={{ p: 2, borderRadius: 3 }}>
      <Text id="nom035-results-card" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {TITLE}
      </Text>
      <Text color="textSecondary" sx={{ mt: 0.5, mb: 1.5 }}>
        Tu campus publicó lo que encontró la evaluación de factores de riesgo psicosocial y lo que hace al respecto.
      </Text>
      <Stack spacing={1}>
        {list.map((p) => (
          <div key={p.activeId}>
            <LightLinkButton to={nom035ResultsPath(p.activeId)} variant="contained">
              Ver resultados del periodo {p.periodo}
            </LightLinkButton>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/** /resultados-nom035?id={activeId}: one published summary. */
export function Nom035ResultsPage() {
  usePageTitle(TITLE);
  const { data: respondent } = useRespondent();
  const activeId = resultsIdOf(useLocation().search);
  if (!respondent) return <LoadingScreen />;
  const notFound = <Alert severity="info">El campus no ha publicado estos resultados de la NOM-035.</Alert>;
  return (
    <RespondentPageLayout back={BACK_TO_LIST}>
      <Stack spacing={2.5}>
        <Text variant="h1" sx={{ fontSize: '1.6rem' }}>
          {TITLE}
        </Text>
        {respondent.type === 'student' ? (
          <Alert severity="info">Esta sección es solo para el personal y los docentes del campus.</Alert>
        ) : activeId === null ? (
          notFound
        ) : (
          <PublishedResults activeId={activeId} />
        )}
      </Stack>
    </RespondentPageLayout>
  );
}

function PublishedResults({ activeId }: { activeId: number }) {
  const results = useQuery(staffResultsQuery(activeId));
  if (results.isLoading) {
    return (
      <Stack role="status" aria-label="Cargando los resultados" spacing={2}>
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  if (results.isError || !results.data) return <Alert severity="warning">{errorMessage(results.error)}</Alert>;
  const data = results.data;
  return (
    <Stack spacing={3}>
      <Text color="textSecondary">
        Campus {data.campus} · periodo {data.periodo} · aplicación del {displayDay(data.startActive)} al {displayDay(data.endActive)} · publicados el{' '}
        {displayDay(data.publishedOn)}
      </Text>
      <Text>
        Son los niveles de riesgo del campus en conjunto, del promedio de quienes respondieron. No se muestra ninguna respuesta ni ningún grupo de menos de{' '}
        {countOf(data.minGroupSize, 'persona', 'personas')}.
      </Text>
      {data.guides.length === 0 ? <Alert severity="info">No hay resultados que mostrar sin romper la regla de grupos pequeños.</Alert> : null}
      {data.guides.map((guide) => (
        <Stack key={guide.title} component="section" aria-label={guide.title} spacing={2}>
          <Paper sx={{ p: 2, borderLeft: 12, borderLeftColor: guide.final.color }}>
            <Text component="p" sx={{ fontSize: '1.4rem', fontWeight: 700 }}>
              Nivel de riesgo del campus: {guide.final.label}
            </Text>
            <Text variant="body2" color="textSecondary">
              {guide.title} · {countOf(guide.workers, 'trabajador respondió', 'trabajadores respondieron')}
            </Text>
          </Paper>
          <LevelList title="Por categoría" rows={guide.categories} />
          <LevelList title="Por dominio" rows={guide.domains} />
        </Stack>
      ))}
      <ActionList actions={data.actions} />
    </Stack>
  );
}

type Rows = StaffResults['guides'][number]['categories'];

/** Each category or domain by its full name (wrapped, never cut) with its level's name beside its colour. */
function LevelList({ title, rows }: { title: string; rows: Rows }) {
  if (rows.length === 0) return null;
  return (
    <Box component="section" aria-label={title}>
      <Text variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {title}
      </Text>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <Box component="li" key={row.name} sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', gap: 1.5, alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Text sx={{ flex: '1 1 14rem', minWidth: 0, overflowWrap: 'anywhere' }}>{row.name}</Text>
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 600 }}>
              <Box component="span" aria-hidden="true" sx={{ width: 14, height: 14, bgcolor: row.level.color, border: 1, borderColor: 'text.secondary' }} />
              {row.level.label}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function ActionList({ actions }: { actions: StaffResults['actions'] }) {
  return (
    <Box component="section" aria-labelledby="nom035-actions">
      <Text id="nom035-actions" variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        Lo que el campus está haciendo
      </Text>
      {actions.length === 0 ? (
        <Text color="textSecondary">El campus aún no registra acciones.</Text>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {actions.map((action, index) => (
            <Paper component="li" key={index} sx={{ p: 1.5 }}>
              <Text sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{action.measure}</Text>
              <Text variant="body2" color="textSecondary">
                {action.area} · atiende: {action.answers} · {action.state} · para el {displayDay(action.dueOn)}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}
