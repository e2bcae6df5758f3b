import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { OWN_GROUP_LABELS, sameWordsLabel, type OwnTeacherReport, type TeacherOwnResults } from '@encuestas/core/api/teacher-results';
import type { TeacherItemResult } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { countOf, formatAverage, formatCount, formatPercent } from '@encuestas/core/format';
import { errorMessage } from '../../../api/api-error';
import { LoadingScreen } from '../../../components/loading-screen';
import { RespondentPageLayout } from '../../../components/respondent-page-layout';
import { usePageTitle } from '../../../hooks/use-page-title';
import { TermReflections } from '../../teacher-reflections';
import { useRespondent } from '../../../hooks/use-respondent';
import { downloadTeacherResultsPdf, teacherResultsQuery } from '../api/teacher-results-api';
import { MY_RESULTS_PATH } from '../paths';
import { LightButton } from '../../../components/light-button';
import { Alert, Box, Paper, Skeleton, Stack, Text } from '../../../components/light-ui';

const BACK_TO_RESULTS = { to: MY_RESULTS_PATH, label: 'Mis resultados' } as const;
const groupLabel = (group: OwnTeacherReport['group']) => (group ? OWN_GROUP_LABELS[group] : '—');

/** /mis-resultados?id={activeId}: one term's results of the teacher signed in. */
export function TermResultsPage({ activeId }: { activeId: number }) {
  usePageTitle('Mis resultados');
  const { data: respondent } = useRespondent();
  if (!respondent) return <LoadingScreen />;
  return (
    <RespondentPageLayout back={BACK_TO_RESULTS}>
      {respondent.type === 'teacher' ? (
        <TermResults teacherId={respondent.id} activeId={activeId} />
      ) : (
        <Alert severity="info">Esta sección es solo para docentes.</Alert>
      )}
    </RespondentPageLayout>
  );
}

export function TermResults({ teacherId, activeId }: { teacherId: number; activeId: number }) {
  const results = useQuery(teacherResultsQuery(teacherId, activeId));
  if (results.isLoading) {
    return (
      <Stack role="status" aria-label="Cargando tus resultados" spacing={2}>
        <Skeleton variant="text" width="70%" height={40} />
        <Skeleton variant="rounded" height={140} />
        <Skeleton variant="rounded" height={200} />
      </Stack>
    );
  }
  if (results.isError || !results.data) {
    return (
      <Stack spacing={2}>
        <Text variant="h1" sx={{ fontSize: '1.6rem' }}>
          Mis resultados
        </Text>
        <Alert
          severity="warning"
          action={
            <LightButton color="inherit" size="small" onClick={() => void results.refetch()}>
              Reintentar
            </LightButton>
          }
        >
          {errorMessage(results.error)}
        </Alert>
      </Stack>
    );
  }
  return <ResultsView teacherId={teacherId} results={results.data} />;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text variant="body2" color="textSecondary">
        {label}
      </Text>
      <Text sx={{ fontWeight: 700, fontSize: '1.25rem' }}>{value}</Text>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper component="section" sx={{ p: 2, borderRadius: 3 }} aria-label={title}>
      <Text variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700, mb: 1 }}>
        {title}
      </Text>
      {children}
    </Paper>
  );
}

function PdfButton({ teacherId, activeId }: { teacherId: number; activeId: number }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      await downloadTeacherResultsPdf(teacherId, activeId);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: errorMessage(error) });
    }
  };
  return (
    <Stack spacing={1}>
      <Box>
        <LightButton variant="outlined" onClick={() => void download()} disabled={state.busy}>
          {state.busy ? 'Preparando PDF…' : 'Descargar PDF'}
        </LightButton>
      </Box>
      {state.error ? <Alert severity="error">{state.error}</Alert> : null}
    </Stack>
  );
}

function ItemResult({ item }: { item: TeacherItemResult }) {
  const answered = item.distribution.reduce((sum, value) => sum + value.n, 0);
  return (
    <Box component="li" sx={{ py: 1.5, listStyle: 'none', borderTop: 1, borderColor: 'divider' }}>
      <Text sx={{ fontWeight: 600 }}>{item.text}</Text>
      <Text variant="body2" color="textSecondary">
        Tu promedio {formatAverage(item.average)} · campus {formatAverage(item.campusAverage)} · institución {formatAverage(item.institutionAverage)}
      </Text>
      <Box component="dl" sx={{ m: 0, mt: 0.5 }}>
        {item.distribution.map((value) => {
          const share = answered ? value.n / answered : 0;
          return (
            <Box key={value.value} sx={{ display: 'grid', gridTemplateColumns: '7.5rem 1fr auto', gap: 1, alignItems: 'center' }}>
              <Text component="dt" variant="body2">
                {value.label}
              </Text>
              <Box aria-hidden sx={{ height: 8, borderRadius: 4, bgcolor: 'action.hover' }}>
                <Box sx={{ height: 8, borderRadius: 4, bgcolor: 'primary.main' }} style={{ width: `${100 * share}%` }} />
              </Box>
              <Text component="dd" variant="body2" sx={{ m: 0 }}>
                {formatCount(value.n)} ({formatPercent(answered ? share : null)})
              </Text>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

function ResultsView({ teacherId, results }: { teacherId: number; results: TeacherOwnResults }) {
  const { report, term, trend } = results;
  return (
    <Stack spacing={2.5}>
      <Box>
        <Text variant="h1" sx={{ fontSize: '1.6rem' }}>
          Mis resultados
        </Text>
        <Text color="textSecondary">
          {term.cycle.name} · periodo {term.periodo.nombre} · campus {term.campus.nombre}
        </Text>
      </Box>
      <PdfButton teacherId={teacherId} activeId={term.activeId} />

      <Section title="Resultado general">
        {report.withheld ? <Alert severity="info">{report.withheldExplanation}</Alert> : null}
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))', gap: 2, mt: report.withheld ? 2 : 0 }}>
          {report.withheld ? null : (
            <>
              <Figure label="Tu promedio" value={formatAverage(report.mean)} />
              <Figure label="Resultado" value={groupLabel(report.group)} />
              <Figure label="Evaluaciones" value={formatCount(report.n ?? 0)} />
            </>
          )}
          <Figure label="Promedio del campus" value={formatAverage(report.campusMean)} />
          <Figure label="Promedio de la institución" value={formatAverage(report.institutionMean)} />
        </Box>
        <Text variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
          {report.setting.rule}
        </Text>
      </Section>

      <Section title="Tendencia por periodo">
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {trend.map((point) => (
            <Box component="li" key={point.periodo.id} sx={{ listStyle: 'none', py: 0.5 }}>
              <Text>
                <strong>Periodo {point.periodo.nombre}:</strong>{' '}
                {point.withheld
                  ? 'sin cifras (menos evaluaciones que el mínimo para cuidar el anonimato)'
                  : `promedio ${formatAverage(point.mean)} · ${groupLabel(point.group)} · ${countOf(point.n ?? 0, 'evaluación', 'evaluaciones')}`}
              </Text>
            </Box>
          ))}
        </Box>
      </Section>

      {report.withheld ? null : (
        <>
          <Section title="Por clase">
            <Box component="ul" sx={{ m: 0, p: 0 }}>
              {report.classes.map((row) => (
                <Box component="li" key={row.classId} sx={{ listStyle: 'none', py: 0.75 }}>
                  <Text sx={{ fontWeight: 600 }}>
                    {row.name} ({row.plan} {row.grupo})
                  </Text>
                  <Text variant="body2" color={row.withheld ? 'text.secondary' : 'text.primary'}>
                    {row.withheld
                      ? report.withheldExplanation
                      : `Promedio ${formatAverage(row.mean)} · ${groupLabel(row.group)} · ${countOf(row.n ?? 0, 'evaluación', 'evaluaciones')}`}
                  </Text>
                </Box>
              ))}
            </Box>
          </Section>
          <Section title="Preguntas">
            <Box component="ul" sx={{ m: 0, p: 0 }}>
              {report.items.map((item) => (
                <ItemResult key={item.id} item={item} />
              ))}
            </Box>
          </Section>
        </>
      )}

      <Section title="Comentarios">
        <OwnComments results={results} />
      </Section>
      <TermReflections teacherId={teacherId} activeId={term.activeId} />
    </Stack>
  );
}

/** The comments a reviewer published (a hidden part reads «[…]»), and what is still under review or withheld by the rule. */
function OwnComments({ results }: { results: TeacherOwnResults }) {
  return (
    <Stack spacing={1.5}>
      {results.comments.length > 0 ? (
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {results.comments.map((comment, i) => (
            <Box component="li" key={i} sx={{ listStyle: 'none', py: 1, borderTop: i ? 1 : 0, borderColor: 'divider' }}>
              <Text sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{comment.text}</Text>
              {comment.copies > 1 || comment.redacted ? (
                <Text variant="body2" color="textSecondary">
                  {[comment.copies > 1 ? sameWordsLabel(comment.copies) : null, comment.redacted ? 'con partes ocultas por la revisión' : null].filter(Boolean).join(' · ')}
                </Text>
              ) : null}
            </Box>
          ))}
        </Box>
      ) : null}
      {results.commentsNote ? <Text color="textSecondary">{results.commentsNote}</Text> : null}
    </Stack>
  );
}
