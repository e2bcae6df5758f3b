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
import {
  NO_INSTITUTE_QUESTION_MESSAGE,
  type InstituteOpinionReport,
  type InstituteOpinionRow,
} from '@encuestas/core/api/reports-new-intake';
import type { ChoiceItem, Questionnaire } from '@encuestas/core/survey-engine/types';
import type { Database } from '../../../db/client';
import { catalogItems } from '../../../db/schema';
import { fieldError } from '../../../http/errors';
import { itemDistribution, segmentSummaries } from '../../aggregates/queries';
import { isReportable } from '../../aggregates/small-groups';
import { questionnaireReport } from '../generic';
import type { ResolvedReport } from '../scope';

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
async function instituteNames(db: Database, catalog: string): Promise<Map<string, string>> {
  const rows = await db.select({ code: catalogItems.code, name: catalogItems.name }).from(catalogItems).where(eq(catalogItems.catalog, catalog));
  return new Map(rows.map((row) => [row.code, row.name]));
}

/** A school's responses in scope, and those at campuses where it passes the small-group rule. */
interface SchoolCells {
  responses: number;
  campusIds: number[];
  shownResponses: number;
  total: number;
  scored: number;
}

/**
 * Per school, summed over the campuses where it has at least `minGroupSize`
 * responses: each campus's summary is read apart, so a campus cell too small
 * to show is never folded into a figure that is shown (differencing the
 * report by cycle with a campus's report then yields only figures shown).
 */
async function schoolCells(db: Database, report: ResolvedReport, minGroupSize: number): Promise<Map<string, SchoolCells>> {
  const { cycleId } = report.scope;
  const campuses = report.info.campuses.map((c) => c.id);
  const perCampus = await Promise.all(
    campuses.map(async (campusId) => ({
      campusId,
      summaries: await segmentSummaries(db, { cycleId, periodoId: report.periodo.id, campusIds: [campusId] }, 'institute'),
    })),
  );
  const schools = new Map<string, SchoolCells>();
  for (const { campusId, summaries } of perCampus) {
    for (const summary of summaries) {
      const school = schools.get(summary.segmentValue) ?? { responses: 0, campusIds: [], shownResponses: 0, total: 0, scored: 0 };
      school.responses += summary.responses;
      if (isReportable(summary.responses, minGroupSize)) {
        school.campusIds.push(campusId);
        school.shownResponses += summary.responses;
        school.total += (summary.average ?? 0) * summary.scored;
        school.scored += summary.scored;
      }
      schools.set(summary.segmentValue, school);
    }
  }
  return schools;
}

export async function buildInstituteOpinion(db: Database, report: ResolvedReport, minGroupSize: number): Promise<InstituteOpinionReport> {
  const question = instituteQuestion(report);
  if (!question) throw fieldError('cicleId', NO_INSTITUTE_QUESTION_MESSAGE);
  const { questionnaire, item } = question;
  const [schools, names] = await Promise.all([
    schoolCells(db, report, minGroupSize),
    item.catalog ? instituteNames(db, item.catalog) : Promise.resolve(new Map<string, string>()),
  ]);
  // The columns: sections with a scored item (an unscored section never has an average).
  const scoredSections = questionnaire.sections.filter((section) =>
    section.items.some((i) => i.type === 'rating' || (i.type === 'frequency' && i.scores) || i.type === 'number'),
  );
  const nameOf = (code: string) => (code === item.otherOption?.value ? item.otherOption.label : (names.get(code) ?? code));

  const rows = await Promise.all(
    [...schools].map(async ([code, school]): Promise<InstituteOpinionRow> => {
      const row = { institute: code, name: nameOf(code), responses: school.responses, withheldResponses: school.responses - school.shownResponses };
      if (school.campusIds.length === 0) {
        return { ...row, average: null, sections: scoredSections.map((s) => ({ id: s.id, average: null })), withheld: true };
      }
      const scope = { cycleId: report.scope.cycleId, periodoId: report.periodo.id, campusIds: school.campusIds };
      const cells = await itemDistribution(db, scope, 'institute', code);
      const shaped = new Map(questionnaireReport(questionnaire, cells, new Map(), false).sections.map((s) => [s.id, s.average]));
      return {
        ...row,
        average: school.scored ? school.total / school.scored : null,
        sections: scoredSections.map((s) => ({ id: s.id, average: shaped.get(s.id) ?? null })),
        withheld: false,
      };
    }),
  );
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
