/**
 * The students report as a PDF (GET /ciclo/{id}/pdf/students): the generic
 * overview's figures (totals, response rate, responses by campus and month,
 * every section and item with its distribution and average, the comment
 * lists' sizes) with the small-group rule's explanation where a figure is
 * withheld. A plan or a plan and group narrows the sections to that
 * segment's responses; nothing else of a student is in an anonymous answer.
 * Read with the report's checks by data.ts, drawn here.
 */
import type { BreakdownItemsReport, ReportOverview, ReportQuestionnaire } from '@encuestas/core/api/reports';
import { countOf, formatAverage, formatCount, formatCountShare, shareOf } from '@encuestas/core/format';
import { choiceBaseText, HEADLINE_FIGURES, headlineFigureRows, heldResponsesNote } from '@encuestas/core/report-figures';
import { barChart, ensureSpace, figures, finish, heading, paragraph, reportPdf, type Branding, type Pdf } from './document';

/** Catalogue items (2,400 municipios) show their most frequent answers only. */
const MAX_BARS = 15;
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const monthName = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;

function sections(doc: Pdf, questionnaires: readonly ReportQuestionnaire[], explanation: string): void {
  for (const questionnaire of questionnaires) {
    const items = questionnaire.sections.flatMap((section) => section.items);
    if (items.length > 0 && items.every((item) => item.withheld)) {
      heading(doc, questionnaire.title);
      paragraph(doc, explanation, { muted: true });
      continue;
    }
    for (const section of questionnaire.sections) {
      if (section.items.length === 0) continue;
      heading(doc, section.average === null ? section.title : `${section.title} · promedio ${formatAverage(section.average)}`, 12);
      for (const item of section.items) {
        // An item, its line and its chart on one page.
        ensureSpace(doc, 40 + Math.min(item.distribution.length, MAX_BARS) * 15);
        doc.moveDown(0.2);
        paragraph(doc, item.text, { size: 9.5 });
        if (item.withheld) {
          paragraph(doc, explanation, { muted: true, size: 8.5 });
          continue;
        }
        const answered = item.distribution.reduce((sum, value) => sum + value.n, 0);
        if (answered === 0) {
          paragraph(doc, 'Sin respuestas.', { muted: true, size: 8.5 });
          continue;
        }
        // The screen's percentages: of who answered the question, or for a multiple choice of everyone who answered the survey (ReportItem.shareBase).
        const summary = item.type === 'multiple' ? choiceBaseText(item) : countOf(answered, 'respuesta', 'respuestas');
        paragraph(doc, `${summary}${item.average === null ? '' : ` · promedio ${formatAverage(item.average)}`}`, { muted: true, size: 8.5 });
        barChart(
          doc,
          item.distribution.slice(0, MAX_BARS).map((value) => ({
            label: value.label,
            value: value.n,
            caption: formatCountShare(value.n, shareOf(value.n, item.shareBase)),
          })),
        );
        if (item.distribution.length > MAX_BARS) paragraph(doc, item.distribution.length - MAX_BARS === 1 ? 'Y 1 respuesta más con menos menciones.' : `Y ${item.distribution.length - MAX_BARS} respuestas más con menos menciones.`, { muted: true, size: 8.5 });
      }
    }
  }
}

function totals(doc: Pdf, overview: ReportOverview, segmentResponses: number | null): void {
  heading(doc, 'Participación');
  const { totals } = overview;
  if (segmentResponses !== null) {
    figures(doc, [[`${HEADLINE_FIGURES.published.label} del plan o grupo`, formatCount(segmentResponses)]]);
    paragraph(doc, 'La tasa de respuesta se calcula sobre todos los alumnos del campus: descarga el reporte sin plan ni grupo para verla.', { muted: true, size: 8.5 });
  } else {
    figures(doc, headlineFigureRows(totals));
    if (totals.expected) {
      doc.moveDown(0.3);
      barChart(
        doc,
        [
          { label: HEADLINE_FIGURES.respondents.label, value: totals.respondents ?? 0, color: '#2e7d32' },
          { label: 'Faltan por responder', value: totals.expected - (totals.respondents ?? 0), color: '#c62828' },
        ],
        { max: totals.expected },
      );
    }
    paragraph(doc, `${HEADLINE_FIGURES.respondents.label}: ${HEADLINE_FIGURES.respondents.explanation} ${HEADLINE_FIGURES.published.label}: ${HEADLINE_FIGURES.published.explanation}`, { muted: true, size: 8.5 });
  }
  const heldNote = heldResponsesNote(totals.held);
  if (heldNote) paragraph(doc, heldNote, { muted: true, size: 8.5 });
  if (overview.campuses?.length) {
    heading(doc, `${HEADLINE_FIGURES.published.label} por campus`, 12);
    // Each campus's share of the report's responses, as the screen's chart.
    const published = overview.campuses.reduce((sum, row) => sum + row.responses, 0);
    barChart(
      doc,
      overview.campuses.map((row) => ({
        label: row.campus.nombre,
        value: row.responses,
        caption: `${formatCountShare(row.responses, shareOf(row.responses, published))}${row.average === null ? '' : ` · prom. ${formatAverage(row.average)}`}`,
      })),
    );
  }
  if (overview.monthly.length) {
    heading(doc, `${HEADLINE_FIGURES.published.label} por mes`, 12);
    barChart(doc, overview.monthly.map((row) => ({ label: monthName(row.month), value: row.n })));
  }
}

/** What the students PDF shows: the overview, and the plan's or group's own figures when it is narrowed to one. */
export interface StudentsPdfData {
  overview: ReportOverview;
  narrowed: BreakdownItemsReport | null;
}

/** Draws the students PDF (in a worker thread: pure layout, no database). */
export function drawStudentsPdf(branding: Branding, { overview, narrowed }: StudentsPdfData): Pdf {
  const info = overview.scope;
  const campusLine = info.campusId === null ? `Todos tus campus (${info.campuses.map((c) => c.nombre).join(', ') || 'ninguno con aplicación'})` : `Campus ${info.campuses[0]?.nombre ?? ''}`;
  const filterLine = narrowed ? `Plan ${narrowed.plan}${narrowed.grupo ? `, grupo ${narrowed.grupo}` : ''}` : null;
  const doc = reportPdf(branding, `Reporte de alumnos: ${info.cycle.name}`, [
    `Periodo ${info.periodo.nombre} · ${campusLine}`,
    ...(filterLine ? [filterLine] : []),
  ]);
  if (info.emptyMessage) paragraph(doc, info.emptyMessage, { muted: true });
  totals(doc, overview, narrowed ? narrowed.responses : null);
  sections(doc, narrowed ? narrowed.questionnaires : overview.questionnaires, overview.withheldExplanation);
  if (overview.texts.length) {
    heading(doc, 'Comentarios');
    paragraph(doc, 'Los comentarios se leen en la plataforma o se descargan en XLSX o CSV; aquí, cuántos hay en cada lista (todo el periodo).', { muted: true, size: 8.5 });
    figures(
      doc,
      overview.texts.map((list): [string, string] => [list.text, list.withheld ? `${formatCount(list.total)} (${overview.withheldExplanation})` : formatCount(list.total)]),
    );
  }
  return finish(doc);
}
