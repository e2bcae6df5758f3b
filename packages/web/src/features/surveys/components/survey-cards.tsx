import { surveyKindInfo } from '@encuestas/core/survey-kinds';
import { useId } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { Respondent } from '@encuestas/core/api/respondents';
import { formatIsoDay } from '../../../components/dates/day-format';
import { LinkButton } from '../../../components/router-link';
import { timeToAnswer, type SurveyCardModel } from '../availability';
import { SUGGESTION_BOX_PATH, surveyFormPath, surveyIndexPath, type AnswerableKind } from '../survey-paths';
import { kindDescription, kindTitle, nom035GuideLabel } from '../survey-questionnaires';
import type { Voice } from '../voice';
import { entryHasDraft } from './entry-draft';
import { StatusChip } from './status-chip';

/** A teacher-evaluation card's classes: each with its status and 'Evaluar' or 'Continuar'. */
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

/** A kind's card: status, deadline, time, and its link (or, per class, a row per class). */
export function SurveyCard({ card, respondent, voice }: { card: SurveyCardModel; respondent: Respondent; voice: Voice }) {
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

/** The suggestion box's invitation, when the respondent's campus has it open. */
export function SuggestionBoxCard({ voice }: { voice: Voice }) {
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
