import { Suspense, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Respondent } from '@encuestas/core/api/respondents';
import type { Availability } from '@encuestas/core/api/surveys';
import { errorMessage } from '../../../api/api-error';
import { LoadingScreen } from '../../../components/loading-screen';
import { RespondentPageLayout } from '../../../components/respondent-page-layout';
import { usePageTitle } from '../../../hooks/use-page-title';
import { clearDraft, purgeStaleDrafts } from '../../../survey-runner/draft-storage';
import { suggestionBoxAvailableQuery } from '../respondent-queries';
import { useRespondent } from '../../../hooks/use-respondent';
import { useRespondentLogout } from '../../../hooks/use-respondent-logout';
import { preloadTeacherProgress, TeacherProgress } from '../../teacher-results';
import { Nom035ResultsCard, preloadNom035ResultsCard } from '../../nom035-results';
import { allEntries, surveyCards } from '../availability';
import { useAvailability } from '../hooks/use-availability';
import { voiceFor, type Voice } from '../voice';
import { entryDraftKey } from './entry-draft';
import { SuggestionBoxCard, SurveyCard } from './survey-cards';
import { LightButton } from '../../../components/light-button';
import { Alert, Box, Paper, Skeleton, Stack, Text } from '../../../components/light-ui';
import { LogoutIcon, PlaceIcon } from '../../../components/light-icons';

function respondentDetails(respondent: Respondent): string | null {
  if (respondent.type === 'student') {
    return [respondent.plan && `Plan ${respondent.plan}`, respondent.grupo && `Grupo ${respondent.grupo}`].filter(Boolean).join(' · ') || null;
  }
  if (respondent.type === 'teacher') return 'Docente';
  return respondent.puesto || 'Personal administrativo';
}

/** Stale drafts go on arrival; so do drafts of what is already answered (from another device, or a reply lost on the way back). */
function useDraftsCleanup(availability: Availability | undefined, respondent: Respondent | undefined) {
  useEffect(() => {
    purgeStaleDrafts();
  }, []);
  useEffect(() => {
    if (!availability || !respondent) return;
    for (const entry of allEntries(availability)) {
      if (entry.done) clearDraft(entryDraftKey(entry, respondent));
    }
  }, [availability, respondent]);
}

/** /evaluated-list: who is answering, their campus, and a card per survey they may answer now. */
export function EvaluatedListPage() {
  usePageTitle('Mis encuestas');
  const { data: respondent } = useRespondent();
  const availability = useAvailability();
  const suggestionBox = useQuery(suggestionBoxAvailableQuery);
  const { logout, pending: loggingOut } = useRespondentLogout();
  const voice = voiceFor(respondent?.type);
  useDraftsCleanup(availability.data, respondent);
  // The parts below the cards are drawn once the cards are in; their code is fetched meanwhile.
  const respondentType = respondent?.type;
  useEffect(() => {
    if (respondentType === 'teacher') preloadTeacherProgress();
    if (respondentType && respondentType !== 'student') preloadNom035ResultsCard();
  }, [respondentType]);

  if (!respondent) return <LoadingScreen />;

  const details = respondentDetails(respondent);

  return (
    <RespondentPageLayout
      actions={
        <LightButton color="inherit" onClick={() => void logout()} disabled={loggingOut} startIcon={<LogoutIcon />}>
          Cerrar sesión
        </LightButton>
      }
    >
      <Stack spacing={2.5}>
        <Box>
          <Text variant="h1" sx={{ fontSize: '1.6rem' }}>
            {voice.greeting(respondent.name)}
          </Text>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.5, color: 'text.secondary' }}>
            <PlaceIcon fontSize="small" aria-hidden />
            <Text>
              Campus {respondent.campus.nombre}
              {details ? ` · ${details}` : ''}
            </Text>
          </Stack>
        </Box>
        <SurveyCards availability={availability} respondent={respondent} voice={voice} />
        {/* What follows the cards comes once they and the suggestion box's answer have, each part below those
            before it: nothing already on the screen moves down under a finger about to tap it. */}
        {availability.isLoading || suggestionBox.isLoading ? null : (
          <>
            {suggestionBox.data === true ? <SuggestionBoxCard voice={voice} /> : null}
            {/* The staff's card inside the teacher's boundary, so that it never comes above a teacher's groups still
                loading; a boundary each (one with two lazy parts leaves Preact throwing a suspension unhandled). */}
            <Suspense fallback={null}>
              {respondent.type === 'teacher' ? <TeacherProgress teacherId={respondent.id} /> : null}
              {respondent.type === 'student' ? null : (
                <Suspense fallback={null}>
                  <Nom035ResultsCard />
                </Suspense>
              )}
            </Suspense>
          </>
        )}
      </Stack>
    </RespondentPageLayout>
  );
}

interface SurveyCardsProps {
  availability: ReturnType<typeof useAvailability>;
  respondent: Respondent;
  voice: Voice;
}

/** The cards, or the list's loading, failure ('Reintentar') and empty states. */
function SurveyCards({ availability, respondent, voice }: SurveyCardsProps) {
  if (availability.isLoading) {
    // The loaded list's shape (its introduction, then the cards), so that the cards do not move down when it comes.
    return (
      <>
        <Skeleton variant="rounded">
          <Text component="span" sx={{ display: 'block' }} aria-hidden>
            {voice.listIntro}
          </Text>
        </Skeleton>
        <Stack spacing={2} aria-hidden>
          <Skeleton variant="rounded" height={180} />
          <Skeleton variant="rounded" height={180} />
        </Stack>
      </>
    );
  }
  if (availability.isError) {
    return (
      <Alert
        severity="error"
        action={
          <LightButton color="inherit" size="small" onClick={() => void availability.refetch()}>
            Reintentar
          </LightButton>
        }
      >
        {errorMessage(availability.error)}
      </Alert>
    );
  }
  const cards = availability.data ? surveyCards(availability.data) : [];
  if (cards.length === 0) {
    return (
      <Paper sx={{ p: 3, borderRadius: 3, textAlign: 'center' }}>
        <Text variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
          Sin encuestas por ahora
        </Text>
        <Text color="textSecondary">{voice.nothingAvailable}</Text>
      </Paper>
    );
  }
  const allDone = cards.every((card) => card.done);
  return (
    <>
      <Text>{allDone ? voice.allDone : voice.listIntro}</Text>
      <Stack spacing={2}>
        {cards.map((card) => (
          <SurveyCard key={`${card.kind}:${card.activeId}:${card.cicleId}`} card={card} respondent={respondent} voice={voice} />
        ))}
      </Stack>
    </>
  );
}
