import { surveyKindInfo } from '@encuestas/core/survey-kinds';
import type { AvailableSurvey, SubmitResponseResult } from '@encuestas/core/api/surveys';
import type { SubmissionFailure } from '../../../survey-runner/server-errors';
import { EVALUATED_LIST_PATH, surveyFormPath, surveyIndexPath, type AnswerableKind } from '../survey-paths';
import type { Voice } from '../voice';
import { FocusedHeading, SurveyNotice } from './survey-page-parts';
import { LightLinkButton } from '../../../components/light-button';
import { Alert, Box, Stack, Text } from '../../../components/light-ui';
import { ArrowForwardIcon, CheckCircleIcon } from '../../../components/light-icons';

interface SurveyConfirmationProps {
  /** What was just answered. */
  entry: AvailableSurvey;
  result: SubmitResponseResult;
  /** Teacher evaluation: the next class still to evaluate. */
  nextTeacher?: AvailableSurvey;
  /** The kind's entry in the refreshed availability (NOM-035: the guide that follows). */
  currentEntry?: AvailableSurvey;
  voice: Voice;
}

/** After the server accepted the answers: thanks, and where to go next. */
export function SurveyConfirmation({ entry, result, nextTeacher, currentEntry, voice }: SurveyConfirmationProps) {
  const perClass = surveyKindInfo(entry.kind).subjects === 'perClass';
  const isGuideOne = surveyKindInfo(entry.kind).subjects === 'nom035Guides' && entry.subject === 'I';
  const nextGuide =
    isGuideOne && currentEntry && currentEntry.subject !== 'I' && !currentEntry.done ? currentEntry.subject : undefined;

  return (
    <Stack spacing={2.5} sx={{ pt: 2 }}>
      <Box sx={{ textAlign: 'center' }}>
        <CheckCircleIcon aria-hidden sx={{ fontSize: 72, color: 'success.main' }} />
      </Box>
      <Box sx={{ textAlign: 'center' }}>
        <FocusedHeading>{voice.thanks}</FocusedHeading>
      </Box>

      {perClass ? (
        <Text sx={{ textAlign: 'center' }}>
          Evaluaste {entry.className} con {entry.teacher?.full_name}.
          {nextTeacher ? null : ' Ya evaluaste todas tus materias.'}
        </Text>
      ) : null}

      {result.referral ? (
        <Alert severity="info" role="status">
          De acuerdo con sus respuestas, le recomendamos una valoración clínica. Una persona del área responsable se
          pondrá en contacto con usted de manera confidencial para acompañarle. No es un diagnóstico ni tiene
          consecuencias en su trabajo; sus respuestas siguen siendo confidenciales.
        </Alert>
      ) : null}

      {isGuideOne ? (
        <Text sx={{ textAlign: 'center' }}>
          Para terminar, falta contestar {nextGuide ? `la Guía ${nextGuide}` : 'el siguiente cuestionario'} de la
          NOM-035.
        </Text>
      ) : null}

      {nextTeacher ? (
        <Stack spacing={0.5}>
          <LightLinkButton
            to={surveyFormPath(nextTeacher)}
            variant="contained"
            size="large"
            endIcon={<ArrowForwardIcon />}
            className="tall"
          >
            Evaluar la siguiente materia
          </LightLinkButton>
          <Text variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
            {nextTeacher.className} · {nextTeacher.teacher?.full_name}
          </Text>
        </Stack>
      ) : null}

      {isGuideOne ? (
        <LightLinkButton
          to={surveyIndexPath(entry.kind as AnswerableKind)}
          variant="contained"
          size="large"
          endIcon={<ArrowForwardIcon />}
          className="tall"
        >
          {nextGuide ? `Continuar con la Guía ${nextGuide}` : 'Continuar'}
        </LightLinkButton>
      ) : null}

      <LightLinkButton
        to={EVALUATED_LIST_PATH}
        variant={nextTeacher || isGuideOne ? 'outlined' : 'contained'}
        size="large"
        className="tall"
      >
        Volver a mis encuestas
      </LightLinkButton>
    </Stack>
  );
}

/** The server refused the answers for good: already answered (409), not available (403), Guía I first (409). */
export function SurveyClosedNotice({
  title,
  failure,
}: {
  title: string;
  failure: Exclude<SubmissionFailure, { type: 'invalid' | 'retryable' }>;
}) {
  switch (failure.type) {
    case 'alreadyAnswered':
      return <SurveyNotice title={title} severity="success" message={failure.message} />;
    case 'notAvailable':
      return <SurveyNotice title={title} severity="warning" message={failure.message} />;
    case 'conflict':
      return <SurveyNotice title={title} severity="info" message={failure.message} />;
    default: {
      const unreachable: never = failure;
      return unreachable;
    }
  }
}
