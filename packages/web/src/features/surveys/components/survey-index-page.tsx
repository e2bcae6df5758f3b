import { surveyKindInfo } from '@encuestas/core/survey-kinds';
import { useLocation } from 'react-router';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useRespondent } from '../../../hooks/use-respondent';
import { INSTRUCTIONS_SHOWN, surveyCards, timeToAnswer, type SurveyCardModel } from '../availability';
import { formatIsoDay } from '../../../components/dates/day-format';
import { useAvailability } from '../hooks/use-availability';
import { useSurveyEntry } from '../hooks/use-survey-entry';
import { parseActiveId, surveyFormPath, type AnswerableKind } from '../survey-paths';
import { kindTitle, nom035GuideLabel } from '../survey-questionnaires';
import { voiceFor } from '../voice';
import { entryHasDraft } from './entry-draft';
import { StatusChip } from './status-chip';
import { NotAvailableNotice, SurveyLoadError, SurveyNotice, SurveyPageLoading, framed } from './survey-page-parts';
import { LightLinkButton } from '../../../components/light-button';
import { Alert, Box, Paper, Stack, Text } from '../../../components/light-ui';
import { PlayArrowIcon } from '../../../components/light-icons';

/**
 * A kind's index page (spec §2): what the survey is about, its
 * instructions, and 'Comenzar'. Teacher evaluation lists the classes to
 * evaluate; NOM-035 presents the guide answered next.
 */
export function SurveyIndexPage({ kind }: { kind: AnswerableKind }) {
  const title = kindTitle(kind);
  usePageTitle(title);
  const location = useLocation();
  const { data: respondent } = useRespondent();
  const availability = useAvailability();
  const { isLoading, error, refetch, entry, questionnaire } = useSurveyEntry(kind);
  const voice = voiceFor(respondent?.type);

  if (isLoading || !respondent) return framed(<SurveyPageLoading />);
  if (error) return framed(<SurveyLoadError error={error} onRetry={refetch} />);
  if (!entry || !questionnaire) return framed(<NotAvailableNotice title={title} />);

  const perClass = surveyKindInfo(kind).subjects === 'perClass';
  const activeId = parseActiveId(location.search);
  const card = availability.data
    ? surveyCards(availability.data).find((c) => c.kind === kind && c.activeId === entry.activeId && c.cicleId === entry.cicleId)
    : undefined;
  if (entry.done) {
    return framed(
      <SurveyNotice
        title={title}
        severity="success"
        message={perClass ? 'Ya evaluaste todas tus materias. ¡Gracias por tu participación!' : voice.alreadyAnswered}
      />
    );
  }

  const guide = nom035GuideLabel(entry);
  const resuming = entryHasDraft(entry, respondent);

  return framed(
    <Stack spacing={2.5}>
      <Box>
        <Text variant="h1" sx={{ fontSize: '1.6rem' }}>
          {title}
        </Text>
        {guide ? (
          <Text sx={{ mt: 0.5, fontWeight: 600 }}>
            {guide}: {questionnaire.title}
          </Text>
        ) : null}
        <Text variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          {entry.cicleName} · {voice.deadline(formatIsoDay(entry.endActive))}
        </Text>
        <Text sx={{ mt: 0.5, fontWeight: 600 }}>{timeToAnswer(entry)}</Text>
      </Box>

      {guide && entry.subject !== 'I' ? (
        <Alert severity="info">Ya respondió la Guía I. Ahora conteste la {guide} para terminar.</Alert>
      ) : null}

      <Paper sx={{ p: 2, borderRadius: 3 }}>
        <Text variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
          Antes de comenzar
        </Text>
        <Stack spacing={1.25}>
          {questionnaire.instructions.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
        </Stack>
      </Paper>

      {perClass && card ? <ClassList card={card} /> : null}

      <LightLinkButton
        to={surveyFormPath(entry, activeId)}
        // The instructions are on this page: the form need not show them again.
        state={INSTRUCTIONS_SHOWN}
        variant="contained"
        size="large"
        startIcon={<PlayArrowIcon />}
        className="cta"
      >
        {resuming ? voice.continueDraft : voice.start}
      </LightLinkButton>
    </Stack>
    );
}

/** 'Tus materias': each class to evaluate, with its teacher and status. */
function ClassList({ card }: { card: SurveyCardModel }) {
  return (
    <Box component="section" aria-labelledby="materias-heading">
      <Text id="materias-heading" variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        Tus materias
      </Text>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {card.entries.map((classEntry) => (
          <Box
            component="li"
            key={classEntry.subject}
            sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', gap: 1.5, alignItems: 'center' }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Text sx={{ fontWeight: 600 }}>{classEntry.className}</Text>
              <Text variant="body2" color="textSecondary">
                {classEntry.teacher?.full_name}
              </Text>
            </Box>
            <StatusChip done={classEntry.done} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
