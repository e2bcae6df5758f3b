/**
 * New intake's own report: students' opinion by the school they come from
 * (spec §2), from the aggregates' `institute` segment (docs/reports.md,
 * "New intake"). One row per school answered, 'Otro' as one row for every
 * school written by hand; a row's averages are sent only when it rests on
 * MIN_GROUP_SIZE responses or more. Whole periods: a school beside a day
 * could single a student out, so the date filters do not apply.
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

export async function buildInstituteOpinion(db: Database, report: ResolvedReport, minGroupSize: number): Promise<InstituteOpinionReport> {
  const question = instituteQuestion(report);
  if (!question) throw fieldError('cicleId', NO_INSTITUTE_QUESTION_MESSAGE);
  const { questionnaire, item } = question;
  const [summaries, names] = await Promise.all([
    segmentSummaries(db, report.scope, 'institute'),
    item.catalog ? instituteNames(db, item.catalog) : Promise.resolve(new Map<string, string>()),
  ]);
  // The columns: sections with a scored item (an unscored section never has an average).
  const scoredSections = questionnaire.sections.filter((section) =>
    section.items.some((i) => i.type === 'rating' || (i.type === 'frequency' && i.scores) || i.type === 'number'),
  );
  const nameOf = (code: string) => (code === item.otherOption?.value ? item.otherOption.label : (names.get(code) ?? code));

  const rows = await Promise.all(
    summaries.map(async (summary): Promise<InstituteOpinionRow> => {
      const row = { institute: summary.segmentValue, name: nameOf(summary.segmentValue), responses: summary.responses };
      if (!isReportable(summary.responses, minGroupSize)) {
        return { ...row, average: null, sections: scoredSections.map((s) => ({ id: s.id, average: null })), withheld: true };
      }
      const cells = await itemDistribution(db, report.scope, 'institute', summary.segmentValue);
      const shaped = new Map(questionnaireReport(questionnaire, cells, new Map(), false).sections.map((s) => [s.id, s.average]));
      return { ...row, average: summary.average, sections: scoredSections.map((s) => ({ id: s.id, average: shaped.get(s.id) ?? null })), withheld: false };
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
