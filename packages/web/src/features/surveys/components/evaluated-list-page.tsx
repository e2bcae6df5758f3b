import { surveyKindInfo } from '@encuestas/core/survey-kinds';
import { useEffect, useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Logout from '@mui/icons-material/Logout';
import Place from '@mui/icons-material/Place';
import { useQuery } from '@tanstack/react-query';
import type { AvailableSurvey } from '@encuestas/core/api/surveys';
import type { Respondent } from '@encuestas/core/api/respondents';
import { errorMessage } from '../../../api/api-error';
import { LoadingScreen } from '../../../components/loading-screen';
import { RespondentPageLayout } from '../../../components/respondent-page-layout';
import { LinkButton } from '../../../components/router-link';
import { usePageTitle } from '../../../hooks/use-page-title';
import { clearDraft, draftKey, hasDraft, purgeStaleDrafts } from '../../../survey-runner/draft-storage';
import { suggestionBoxAvailableQuery } from '../respondent-queries';
import { useRespondent } from '../../../hooks/use-respondent';
import { useRespondentLogout } from '../../../hooks/use-respondent-logout';
import { allEntries, surveyCards, timeToAnswer, type SurveyCardModel } from '../availability';
import { formatIsoDay } from '../../../components/dates/day-format';
import { useAvailability } from '../hooks/use-availability';
import { kindDescription, kindTitle, nom035GuideLabel } from '../survey-questionnaires';
import { SUGGESTION_BOX_PATH, surveyFormPath, surveyIndexPath, type AnswerableKind } from '../survey-paths';
import { voiceFor, type Voice } from '../voice';
import { StatusChip } from './status-chip';

function entryHasDraft(entry: AvailableSurvey, respondent: Respondent): boolean {
  return hasDraft(
    draftKey({
      kind: entry.kind,
      activeId: entry.activeId,
      cicleId: entry.cicleId,
      subject: entry.subject,
      respondent: { type: respondent.type, id: respondent.id },
    }),
  );
}

function TeacherRows({ card, respondent }: { card: SurveyCardModel; respondent: Respondent }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}>
      {card.entries.map((entry) => {
        const action = entryHasDraft(entry, respondent) ? 'Continuar' : 'Evaluar';
        const label = `${action} ${entry.className ?? 'materia'}, ${entry.teacher?.full_name ?? ''}`;
        return (
          <Box
            component="li"
            key={entry.subject}
            sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', gap: 1.5 }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{entry.className}</Typography>
              <Typography variant="body2" color="text.secondary">
                {entry.teacher?.full_name}
              </Typography>
              <Box sx={{ mt: 0.5 }}>
                <StatusChip done={entry.done} />
              </Box>
            </Box>
            {entry.done ? null : (
              <LinkButton
                to={surveyFormPath(entry, card.ambiguous ? entry.activeId : undefined)}
                variant="contained"
                aria-label={label}
                sx={{ minHeight: 44, flexShrink: 0 }}
              >
                {action}
              </LinkButton>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

function SurveyCard({ card, respondent, voice }: { card: SurveyCardModel; respondent: Respondent; voice: Voice }) {
  const titleId = useId();
  const kind = card.kind as AnswerableKind;
  const perClass = surveyKindInfo(kind).subjects === 'perClass';
  const entry = card.entries.find((e) => !e.done) ?? card.entries[0]!;
  const guide = nom035GuideLabel(entry);
  const pendingCount = card.entries.filter((e) => !e.done).length;
  return (
    <Paper component="article" aria-labelledby={titleId} variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
      <Stack spacing={1.25}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <StatusChip done={card.done} />
          {guide && !card.done ? <Chip size="small" variant="outlined" label={`Siguiente: ${guide}`} /> : null}
          {perClass && !card.done ? (
            <Typography variant="body2" color="text.secondary">
              {pendingCount === 1 ? 'Te falta 1 materia' : `Te faltan ${pendingCount} materias`}
            </Typography>
          ) : null}
        </Stack>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.15rem' }}>
          {kindTitle(kind)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {card.cicleName} · {voice.deadline(formatIsoDay(card.endActive))}
        </Typography>
        <Typography variant="body2">{kindDescription(kind)}</Typography>
        {card.done ? null : <Typography variant="body2">{timeToAnswer(entry)}</Typography>}
        {perClass ? (
          <TeacherRows card={card} respondent={respondent} />
        ) : card.done ? null : (
          <LinkButton
            to={surveyIndexPath(kind, card.ambiguous ? card.activeId : undefined)}
            variant="contained"
            size="large"
            endIcon={<ChevronRight />}
            sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minHeight: 48 }}
          >
            {entryHasDraft(entry, respondent) ? 'Continuar' : 'Responder'}
          </LinkButton>
        )}
      </Stack>
    </Paper>
  );
}

function SuggestionBoxCard({ voice }: { voice: Voice }) {
  const titleId = useId();
  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: 2, borderRadius: 3, bgcolor: 'secondary.light' }}
    >
      <Stack spacing={1.25}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.15rem' }}>
          Buzón de sugerencias
        </Typography>
        <Typography variant="body2">{voice.suggestionBoxInvite}</Typography>
        <LinkButton
          to={SUGGESTION_BOX_PATH}
          variant="outlined"
          size="large"
          endIcon={<ChevronRight />}
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minHeight: 48, bgcolor: 'background.paper' }}
        >
          Escribir un comentario
        </LinkButton>
      </Stack>
    </Paper>
  );
}

function respondentDetails(respondent: Respondent): string | null {
  if (respondent.type === 'student') {
    return [respondent.plan && `Plan ${respondent.plan}`, respondent.grupo && `Grupo ${respondent.grupo}`].filter(Boolean).join(' · ') || null;
  }
  if (respondent.type === 'teacher') return 'Docente';
  return respondent.puesto || 'Personal administrativo';
}

/** /evaluated-list: who is answering, their campus, and a card per survey they may answer now. */
export function EvaluatedListPage() {
  usePageTitle('Mis encuestas');
  const { data: respondent } = useRespondent();
  const availability = useAvailability();
  const suggestionBox = useQuery(suggestionBoxAvailableQuery);
  const { logout, pending: loggingOut } = useRespondentLogout();
  const voice = voiceFor(respondent?.type);

  useEffect(() => {
    purgeStaleDrafts();
  }, []);
  // Drafts of what is already answered (from another device, or a reply lost on the way back) go.
  useEffect(() => {
    if (!availability.data || !respondent) return;
    for (const entry of allEntries(availability.data)) {
      if (!entry.done) continue;
      clearDraft(
        draftKey({
          kind: entry.kind,
          activeId: entry.activeId,
          cicleId: entry.cicleId,
          subject: entry.subject,
          respondent: { type: respondent.type, id: respondent.id },
        }),
      );
    }
  }, [availability.data, respondent]);

  if (!respondent) return <LoadingScreen />;

  const cards = availability.data ? surveyCards(availability.data) : [];
  const details = respondentDetails(respondent);
  const allDone = cards.length > 0 && cards.every((card) => card.done);

  return (
    <RespondentPageLayout
      actions={
        <Button color="inherit" onClick={() => void logout()} disabled={loggingOut} startIcon={<Logout />} sx={{ minHeight: 44 }}>
          Cerrar sesión
        </Button>
      }
    >
      <Stack spacing={2.5}>
        <Box>
          <Typography variant="h1" sx={{ fontSize: '1.6rem' }}>
            {voice.greeting(respondent.name)}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.5, color: 'text.secondary' }}>
            <Place fontSize="small" aria-hidden />
            <Typography>
              Campus {respondent.campus.nombre}
              {details ? ` · ${details}` : ''}
            </Typography>
          </Stack>
        </Box>

        {availability.isLoading ? (
          <Stack spacing={2} aria-hidden>
            <Skeleton variant="rounded" height={180} />
            <Skeleton variant="rounded" height={180} />
          </Stack>
        ) : availability.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void availability.refetch()}>
                Reintentar
              </Button>
            }
          >
            {errorMessage(availability.error)}
          </Alert>
        ) : cards.length === 0 ? (
          <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, textAlign: 'center' }}>
            <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
              Sin encuestas por ahora
            </Typography>
            <Typography color="text.secondary">{voice.nothingAvailable}</Typography>
          </Paper>
        ) : (
          <>
            <Typography>{allDone ? voice.allDone : voice.listIntro}</Typography>
            <Stack spacing={2}>
              {cards.map((card) => (
                <SurveyCard key={`${card.kind}:${card.activeId}:${card.cicleId}`} card={card} respondent={respondent} voice={voice} />
              ))}
            </Stack>
          </>
        )}

        {suggestionBox.data === true ? <SuggestionBoxCard voice={voice} /> : null}
      </Stack>
    </RespondentPageLayout>
  );
}
