import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReportItem, ReportQuestionnaire, ReportTextList } from '@encuestas/core/api/reports';
import { choiceBaseText } from '@encuestas/core/report-figures';
import { ShareFigure } from '../charts/share-figure';
import { formatAverage, formatCount } from '../logic/chart-data';
import { isChoiceItem } from '../logic/overview-charts';
import { CHOICE_BARS, choiceShares } from '../logic/shares';
import { likertRows } from '../logic/likert';
import { ANCHOR_OFFSET, sectionAnchor, SKIP_WHILE_OFF_SCREEN } from '../logic/report-index';
import { LikertFigure } from '../charts/likert-figure';
import { ReportTable, type ReportColumn } from './report-table';
import { WithheldCell } from './withheld-note';
import { RevealInTurn } from '../../../components/reveal-in-turn';

/** The comment lists of the report, and how to open one (CommentsPanel), for the 'Otro' links of choices. */
export interface OtherListLinks {
  lists: readonly ReportTextList[];
  open: (listId: string) => void;
}

interface SectionResultsProps {
  questionnaires: readonly ReportQuestionnaire[];
  withheldExplanation: string;
  otherLists?: OtherListLinks;
  /** Each section carries the id the report's index leads to (the report itself, not a group's dialog). */
  anchored?: boolean;
}

/** Number items (no scale, no options): their mean in a table. */
function numberColumns(withheldExplanation: string): ReportColumn<ReportItem & { number: number }>[] {
  return [
    { key: 'text', label: 'Pregunta', value: (item) => `${item.number}. ${item.text}` },
    {
      key: 'average',
      label: 'Promedio',
      numeric: true,
      value: (item) => item.average,
      render: (item) => (item.withheld ? <WithheldCell explanation={withheldExplanation} /> : formatAverage(item.average)),
    },
  ];
}

/**
 * Per questionnaire and section: the scale items as diverging bars (their table
 * holds every option and average), each choice's bars with counts and shares.
 * Sections are drawn one a task (RevealInTurn): a long questionnaire's
 * figures took one task of 150-250 ms.
 */
export function SectionResults({ questionnaires, withheldExplanation, otherLists, anchored = false }: SectionResultsProps) {
  if (questionnaires.length === 0) return null;
  const parts = questionnaires.flatMap((questionnaire) =>
    questionnaire.sections.map(
      (section, index) =>
        [
          `${questionnaire.id}-${questionnaire.version}-${section.id}`,
          <>
            {index === 0 && questionnaires.length > 1 ? <Typography variant="h6">{questionnaire.title}</Typography> : null}
            <SectionFigures
              section={section}
              anchor={anchored ? sectionAnchor(questionnaire, section.id) : undefined}
              withheldExplanation={withheldExplanation}
              otherLists={otherLists}
            />
          </>,
        ] as const,
    ),
  );
  return (
    <Stack component="section" aria-label="Resultados por sección" spacing={3}>
      <Typography component="h2" variant="h3">
        Resultados por sección y pregunta
      </Typography>
      <RevealInTurn parts={parts} />
    </Stack>
  );
}

function SectionFigures({ section, anchor, withheldExplanation, otherLists }: { section: ReportQuestionnaire['sections'][number]; anchor?: string; withheldExplanation: string; otherLists?: OtherListLinks }) {
  const rows = likertRows(section.items);
  const items = section.items.map((item, index) => ({ ...item, number: index + 1 }));
  const numbers = items.filter((item) => item.type === 'number');
  return (
    <Stack id={anchor} spacing={1.5} sx={{ scrollMarginTop: ANCHOR_OFFSET, outline: 'none', ...SKIP_WHILE_OFF_SCREEN }}>
      {rows.length > 0 ? (
        <LikertFigure
          title={section.title}
          description={
            section.average == null
              ? 'Porcentaje de respuestas por pregunta'
              : `Porcentaje de respuestas por pregunta · promedio de la sección ${formatAverage(section.average)}`
          }
          rows={rows}
          withheldExplanation={withheldExplanation}
        />
      ) : null}
      {items.filter(isChoiceItem).map((item) => (
        <ChoiceFigure key={item.id} item={item} withheldExplanation={withheldExplanation} otherLists={otherLists} />
      ))}
      {numbers.length > 0 ? (
        <ReportTable caption={`Promedios de ${section.title}`} columns={numberColumns(withheldExplanation)} rows={numbers} rowKey={(item) => item.id} paged={false} />
      ) : null}
    </Stack>
  );
}

/** A choice's answers as bars with each one's count and share, with a link to what the students wrote under 'Otro'. */
function ChoiceFigure({ item, withheldExplanation, otherLists }: { item: ReportItem & { number: number }; withheldExplanation: string; otherLists?: OtherListLinks }) {
  const rows = choiceShares(item);
  const list = item.otherList ? otherLists?.lists.find((l) => l.id === item.otherList) : undefined;
  const description = [item.withheld ? null : choiceBaseText(item), rows.length > CHOICE_BARS ? `las ${CHOICE_BARS} más elegidas; la tabla las lista todas` : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <ShareFigure
      title={`${item.number}. ${item.text}`}
      description={description}
      rows={rows}
      categoryLabel="Respuesta"
      countLabel="Respuestas"
      drawn={CHOICE_BARS}
      emptyText={item.withheld ? withheldExplanation : undefined}
      footer={
        list && otherLists && list.total > 0 ? (
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => otherLists.open(list.id)}
            sx={{ mt: 1, display: 'inline-block', textAlign: 'left' }}
          >
            {list.withheld
              ? `Lo escrito en «Otro» (${formatCount(list.total)}): muy pocas respuestas para mostrarse`
              : `Ver lo escrito en «Otro» (${formatCount(list.total)})`}
          </Link>
        ) : null
      }
    />
  );
}
