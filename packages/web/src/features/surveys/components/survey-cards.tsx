import { surveyKindInfo } from '@encuestas/core/survey-kinds';
import { useId } from 'react';
import type { Respondent } from '@encuestas/core/api/respondents';
import { formatIsoDay } from '../../../components/dates/day-format';
import { useStaticClass } from '../../../components/static-style';
import { timeToAnswer, type SurveyCardModel } from '../availability';
import { SUGGESTION_BOX_PATH, surveyFormPath, surveyIndexPath, type AnswerableKind } from '../survey-paths';
import { kindDescription, kindTitle, nom035GuideLabel } from '../survey-questionnaires';
import type { Voice } from '../voice';
import { entryHasDraft } from './entry-draft';
import { StatusChip } from './status-chip';
import { LightLinkButton } from '../../../components/light-button';
import { ChevronRightIcon } from '../../../components/light-icons';

/**
 * A card's look in one style rule, its parts plain elements under it: the
 * list draws a card per survey and a row per class, and as Papers, Stacks,
 * Boxes and Typographies they were most of the list's first render on a
 * phone (Lighthouse traces, docs/benchmarks.md). Same look: an outlined
 * paper, the theme's h2 at 1.15rem, body1 and body2 texts, 10 px between parts.
 */
const CARD_SX = {
  p: 2,
  border: 1,
  borderColor: 'divider',
  borderRadius: 3,
  bgcolor: 'background.paper',
  color: 'text.primary',
  display: 'flex',
  flexDirection: 'column',
  gap: 1.25,
  '& h2': { typography: 'h2', fontSize: '1.15rem', m: 0 },
  '& p': { typography: 'body2', m: 0 },
  '& p.secondary': { color: 'text.secondary' },
  '& .card-status': { display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 },
  '& .next-guide': {
    display: 'inline-flex',
    alignItems: 'center',
    height: 24,
    px: 1,
    borderRadius: 3,
    border: 1,
    borderColor: 'grey.400',
    fontSize: '0.8125rem',
    whiteSpace: 'nowrap',
    boxSizing: 'border-box',
  },
  '& ul': { listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' },
  '& li': { py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', gap: 1.5 },
  '& li > div': { flex: 1, minWidth: 0 },
  '& li p.class-name': { typography: 'body1', fontWeight: 600 },
  '& li .class-status': { mt: 0.5 },
  '& .class-action': { minHeight: 44, flexShrink: 0 },
  '& .card-action': { alignSelf: { xs: 'stretch', sm: 'flex-start' }, minHeight: 48 },
} as const;

/** A teacher-evaluation card's classes: each with its status and 'Evaluar' or 'Continuar'. */
function TeacherRows({ card, respondent }: { card: SurveyCardModel; respondent: Respondent }) {
  return (
    <ul>
      {card.entries.map((entry) => {
        const action = entryHasDraft(entry, respondent) ? 'Continuar' : 'Evaluar';
        const label = `${action} ${entry.className ?? 'materia'}, ${entry.teacher?.full_name ?? ''}`;
        return (
          <li key={entry.subject}>
            <div>
              <p className="class-name">{entry.className}</p>
              <p className="secondary">{entry.teacher?.full_name}</p>
              <div className="class-status">
                <StatusChip done={entry.done} />
              </div>
            </div>
            {entry.done ? null : (
              <LightLinkButton
                to={surveyFormPath(entry, card.ambiguous ? entry.activeId : undefined)}
                variant="contained"
                aria-label={label}
                className="class-action"
              >
                {action}
              </LightLinkButton>
            )}
          </li>
        );
      })}
    </ul>
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
    <article aria-labelledby={titleId} className={useStaticClass(CARD_SX)}>
      <div className="card-status">
        <StatusChip done={card.done} />
        {guide && !card.done ? <span className="next-guide">{`Siguiente: ${guide}`}</span> : null}
        {perClass && !card.done ? (
          <p className="secondary">{pendingCount === 1 ? 'Te falta 1 materia' : `Te faltan ${pendingCount} materias`}</p>
        ) : null}
      </div>
      <h2 id={titleId}>{kindTitle(kind)}</h2>
      <p className="secondary">
        {card.cicleName} · {voice.deadline(formatIsoDay(card.endActive))}
      </p>
      <p>{kindDescription(kind)}</p>
      {card.done ? null : <p>{timeToAnswer(entry)}</p>}
      {perClass ? (
        <TeacherRows card={card} respondent={respondent} />
      ) : card.done ? null : (
        <LightLinkButton
          to={surveyIndexPath(kind, card.ambiguous ? card.activeId : undefined)}
          variant="contained"
          size="large"
          endIcon={<ChevronRightIcon />}
          className="card-action"
        >
          {entryHasDraft(entry, respondent) ? 'Continuar' : 'Responder'}
        </LightLinkButton>
      )}
    </article>
  );
}

const SUGGESTION_CARD_SX = {
  ...CARD_SX,
  bgcolor: 'secondary.light',
  '& .card-action': { ...CARD_SX['& .card-action'], bgcolor: 'background.paper' },
} as const;

/** The suggestion box's invitation, when the respondent's campus has it open. */
export function SuggestionBoxCard({ voice }: { voice: Voice }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className={useStaticClass(SUGGESTION_CARD_SX)}>
      <h2 id={titleId}>Buzón de sugerencias</h2>
      <p>{voice.suggestionBoxInvite}</p>
      <LightLinkButton to={SUGGESTION_BOX_PATH} variant="outlined" size="large" endIcon={<ChevronRightIcon />} className="card-action">
        Escribir un comentario
      </LightLinkButton>
    </article>
  );
}
