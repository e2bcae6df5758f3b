/**
 * New intake's own report: students' opinion by the school they come from
 * (spec §2), from the aggregates' `institute` segment (docs/reports.md,
 * "New intake"). One row per school answered, 'Otro' as one row for every
 * school written by hand. The small-group rule applies per campus and school:
 * a row's averages sum only the campuses where the school has MIN_GROUP_SIZE
 * responses or more. Whole periods: a school beside a day could single a
 * student out, so the date filters do not apply.
 */
import { eq } from 'drizzle-orm';
import { withheldExplanation } from '@encuestas/core/api/reports';
import { NO_INSTITUTE_QUESTION_MESSAGE, type InstituteOpinionReport, type InstituteOpinionRow } from '@encuestas/core/survey-kinds/alumnos-nuevo-ingreso/report-contract';
import type { ChoiceItem, Questionnaire, Section } from '@encuestas/core/survey-engine/types';
import type { ReadDatabase } from '../../../db/client';
import { catalogItems } from '../../../db/schema';
import { fieldError } from '../../../http/errors';
import { segmentScoresByCampus, suppressWithComplement } from '../../aggregates';
import type { AdminPrincipal } from '../../users/service';
import { resolveReportScope, type ReportScopeFilter, type ResolvedReport } from '../scope';

/** The kind's questionnaire and its item whose answer is the `institute` segment, if it asks one. */
function instituteQuestion(report: ResolvedReport): { questionnaire: Questionnaire; item: ChoiceItem } | null {
  for (const questionnaire of report.questionnaires) {
    for (const item of questionnaire.sections.flatMap((s) => s.items)) {
      if (item.type === 'single' && item.segment === 'institute') return { questionnaire, item };
    }
  }
  return null;
}

/** Catalogue code → name, disabled entries included (an old answer keeps its name). */
async function instituteNames(db: ReadDatabase, catalog: string): Promise<Map<string, string>> {
  const rows = await db.select({ code: catalogItems.code, name: catalogItems.name }).from(catalogItems).where(eq(catalogItems.catalog, catalog));
  return new Map(rows.map((row) => [row.code, row.name]));
}

/** A school's responses in scope, and the figures of the campuses where it passes the small-group rule. */
interface SchoolFigures {
  responses: number;
  shownResponses: number;
  total: number;
  scored: number;
  /** Item id → points and scored answers, over the shown campuses. */
  items: Map<string, { total: number; scored: number }>;
}

/**
 * Per school, summed over the campuses where its cell is shown: a campus cell
 * too small to show is never folded into a figure that is shown (differencing
 * the report by cycle with a campus's report then yields only figures shown).
 * The campus's overview shows the total of every school, so within a campus
 * a lone small school is hidden with the next smallest (suppressWithComplement,
 * the responses that named no school counted as hidden already): the total
 * minus the schools shown never isolates fewer than MIN_GROUP_SIZE students.
 */
async function schoolFigures(db: ReadDatabase, report: ResolvedReport, minGroupSize: number): Promise<Map<string, SchoolFigures>> {
  const [{ summaries, items }, totals] = await Promise.all([
    segmentScoresByCampus(db, report.scope, 'institute'),
    segmentScoresByCampus(db, report.scope, 'all'),
  ]);
  const shown = new Set<string>();
  const cellKey = (campusId: number, school: string) => `${campusId}\u0000${school}`;
  for (const campusId of new Set(summaries.map((summary) => summary.campusId))) {
    const cells = summaries.filter((summary) => summary.campusId === campusId);
    const campusResponses = totals.summaries.find((total) => total.campusId === campusId)?.responses ?? 0;
    const unlisted = Math.max(0, campusResponses - cells.reduce((sum, cell) => sum + cell.responses, 0));
    for (const cell of suppressWithComplement(cells, minGroupSize, (c) => c.responses, unlisted).shown) shown.add(cellKey(campusId, cell.segmentValue));
  }
  const schools = new Map<string, SchoolFigures>();
  for (const summary of summaries) {
    const school = schools.get(summary.segmentValue) ?? { responses: 0, shownResponses: 0, total: 0, scored: 0, items: new Map() };
    school.responses += summary.responses;
    if (shown.has(cellKey(summary.campusId, summary.segmentValue))) {
      school.shownResponses += summary.responses;
      school.total += summary.total;
      school.scored += summary.scored;
    }
    schools.set(summary.segmentValue, school);
  }
  for (const cell of items) {
    if (!shown.has(cellKey(cell.campusId, cell.segmentValue))) continue;
    const school = schools.get(cell.segmentValue)!;
    const item = school.items.get(cell.itemId) ?? { total: 0, scored: 0 };
    item.total += cell.total;
    item.scored += cell.scored;
    school.items.set(cell.itemId, item);
  }
  return schools;
}

/** The opinion by school in a report's scope; permissions and grants as every report (resolveReportScope). */
export async function instituteOpinionReport(
  db: ReadDatabase,
  principal: AdminPrincipal,
  minGroupSize: number,
  filter: ReportScopeFilter,
): Promise<InstituteOpinionReport> {
  const report = await resolveReportScope(db, principal, filter);
  const question = instituteQuestion(report);
  if (!question) throw fieldError('cicleId', NO_INSTITUTE_QUESTION_MESSAGE);
  const { questionnaire, item } = question;
  const [schools, names] = await Promise.all([
    schoolFigures(db, report, minGroupSize),
    item.catalog ? instituteNames(db, item.catalog) : Promise.resolve(new Map<string, string>()),
  ]);
  // The columns: sections with a scored item (an unscored section never has an average).
  const scoredSections = questionnaire.sections.filter((section) =>
    section.items.some((i) => i.type === 'rating' || (i.type === 'frequency' && i.scores) || i.type === 'number'),
  );
  const nameOf = (code: string) => (code === item.otherOption?.value ? item.otherOption.label : (names.get(code) ?? code));

  const rows = [...schools].map(([code, school]): InstituteOpinionRow => {
    const withheld = school.shownResponses === 0;
    const sectionAverage = (section: Section) => {
      let total = 0;
      let scored = 0;
      for (const { id } of section.items) {
        total += school.items.get(id)?.total ?? 0;
        scored += school.items.get(id)?.scored ?? 0;
      }
      return withheld || !scored ? null : total / scored;
    };
    return {
      institute: code,
      name: nameOf(code),
      responses: school.responses,
      withheldResponses: school.responses - school.shownResponses,
      average: withheld || !school.scored ? null : school.total / school.scored,
      sections: scoredSections.map((section) => ({ id: section.id, average: sectionAverage(section) })),
      withheld,
    };
  });
  rows.sort((a, b) => b.responses - a.responses || a.name.localeCompare(b.name, 'es'));
  return {
    scope: report.info,
    minGroupSize,
    withheldExplanation: withheldExplanation(minGroupSize),
    sections: scoredSections.map(({ id, title }) => ({ id, title })),
    rows,
    withheldRows: rows.filter((row) => row.withheld).length,
  };
}
