/**
 * The generic report of every survey kind, built from its questionnaire:
 * one aggregation per item type, read only from the aggregates
 * (features/aggregates/queries.ts), with the small-group rule applied to
 * every figure that could describe fewer than MIN_GROUP_SIZE people.
 */
import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import {
  heldResponsesMessage,
  TEXT_ITEM_MESSAGE,
  unlistedTextsNote,
  withheldExplanation,
  type BreakdownItemsReport,
  type BreakdownReport,
  type BreakdownSegment,
  type PeriodTrend,
  type ReportItem,
  type ReportOverview,
  type ReportQuestionnaire,
  type ReportTextList,
  type TextsReport,
  type ValueCount,
} from '@encuestas/core/api/reports';
import { MX_GEO_CATALOGS } from '@encuestas/core/catalogs/mx-geo';
import { isCounted, questionType, type CountedItem } from '@encuestas/core/survey-engine/question-types/registry';
import type { Questionnaire, TextItem } from '@encuestas/core/survey-engine/types';
import type { ReadDatabase } from '../../db/client';
import { sharedAnswer } from '../../db/shared-read';
import { activeCycles, actives, catalogItems, periods } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import {
  campusSummaries,
  countTexts,
  textListSize,
  dailyCounts,
  itemDistribution,
  itemDistributionInDays,
  isReportable,
  responsesByVersion,
  segmentSummaries,
  textsPage,
  type DistributionCell,
} from '../aggregates';
import { missingCounts } from '../missing';
import { heldResponseCount } from '../responses';
import { kindReports } from './registry';
import { expectedPeople, reportKey, type ResolvedReport } from './scope';

/** How many earlier periods the trend reaches back (at most). */
export const TREND_PERIODS = 5;
export const BREAKDOWN_VALUE_NOT_FOUND = 'No hay respuestas de ese plan o grupo en este reporte.';

/** The questionnaires read item by item: a kind answered with one generic questionnaire (not NOM-035's guides, not the suggestion form). */
function genericQuestionnaires(report: ResolvedReport): readonly Questionnaire[] {
  return report.kind.form.type === 'questionnaire' ? [report.kind.form.questionnaire] : [];
}

// ------------------------------------------------------------------ labels

/** Catalogue code → name, disabled entries included (old answers keep their meaning), plus INEGI's claves. */
type CatalogLabels = Map<string, Map<string, string>>;

async function catalogLabels(db: ReadDatabase, questionnaires: readonly Questionnaire[]): Promise<CatalogLabels> {
  const names = [
    ...new Set(questionnaires.flatMap((q) => q.sections.flatMap((s) => s.items)).flatMap((item) => ('catalog' in item && item.catalog ? [item.catalog] : []))),
  ];
  const labels: CatalogLabels = new Map();
  const geo = MX_GEO_CATALOGS as Record<string, readonly { value: string; label: string }[]>;
  const stored = names.filter((name) => !(name in geo));
  for (const name of names.filter((n) => n in geo)) labels.set(name, new Map(geo[name]!.map((entry) => [entry.value, entry.label])));
  if (stored.length) {
    const rows = await db
      .select({ catalog: catalogItems.catalog, code: catalogItems.code, name: catalogItems.name })
      .from(catalogItems)
      .where(inArray(catalogItems.catalog, stored));
    for (const row of rows) {
      const map = labels.get(row.catalog) ?? new Map<string, string>();
      map.set(row.code, row.name);
      labels.set(row.catalog, map);
    }
  }
  return labels;
}

function distributionOf(item: CountedItem, counts: Map<string, number>, catalogs: CatalogLabels): ValueCount[] {
  const offered = questionType(item).reportValues(item);
  if (offered) return offered.map(({ value, label }) => ({ value, label, n: counts.get(value) ?? 0 }));
  // A catalogue (2,400 municipios): the values answered, most frequent first.
  const names = 'catalog' in item && item.catalog ? catalogs.get(item.catalog) : undefined;
  const other = 'otherOption' in item ? item.otherOption : undefined;
  return [...counts.entries()]
    .map(([value, n]) => ({ value, label: value === other?.value ? other.label : (names?.get(value) ?? value), n }))
    .sort((a, b) => b.n - a.n || a.label.localeCompare(b.label, 'es'));
}

/**
 * The text item asked when a choice is answered 'Otro' (gated on its other
 * value): the list the report links the 'Otro' bar to. Null for other items.
 */
function otherListOf(questionnaire: Questionnaire, item: CountedItem): string | null {
  const other = 'otherOption' in item ? item.otherOption?.value : undefined;
  if (other === undefined) return null;
  for (const candidate of questionnaire.sections.flatMap((s) => s.items)) {
    if (candidate.type !== 'text' || !candidate.gate) continue;
    const conditions = 'anyOf' in candidate.gate ? candidate.gate.anyOf : candidate.gate.allOf;
    if (conditions.some((c) => c.item === item.id && c.in.includes(other))) return candidate.id;
  }
  return null;
}

// ------------------------------------------------------------------ one questionnaire from its cells

/**
 * A questionnaire's sections and items from distribution cells of one segment
 * value (or of everything); `withheld` hides every figure (the cells rest on
 * too few responses). Text items are listed apart (textLists).
 */
export function questionnaireReport(
  questionnaire: Questionnaire,
  cells: readonly DistributionCell[],
  catalogs: CatalogLabels,
  withheld: boolean,
): ReportQuestionnaire {
  const byItem = new Map<string, { counts: Map<string, number>; total: number; scored: number; n: number; responses: number }>();
  for (const cell of cells) {
    const entry = byItem.get(cell.itemId) ?? { counts: new Map<string, number>(), total: 0, scored: 0, n: 0, responses: 0 };
    entry.counts.set(cell.value, (entry.counts.get(cell.value) ?? 0) + cell.n);
    entry.total += cell.total;
    entry.scored += cell.scored;
    entry.n += cell.n;
    // The cells of one call are of one segment value (or of everything): one response count.
    entry.responses = Math.max(entry.responses, cell.responses);
    byItem.set(cell.itemId, entry);
  }
  return {
    id: questionnaire.id,
    version: questionnaire.version,
    title: questionnaire.title,
    sections: questionnaire.sections.map((section) => {
      let total = 0;
      let scored = 0;
      const items: ReportItem[] = [];
      for (const item of section.items) {
        if (!isCounted(item)) continue;
        const entry = byItem.get(item.id);
        total += entry?.total ?? 0;
        scored += entry?.scored ?? 0;
        items.push({
          id: item.id,
          text: item.text,
          type: item.type,
          distribution: withheld ? [] : distributionOf(item, entry?.counts ?? new Map(), catalogs),
          average: withheld || !entry?.scored ? null : entry.total / entry.scored,
          scored: withheld ? 0 : (entry?.scored ?? 0),
          shareBase: withheld || !entry ? 0 : item.type === 'multiple' ? entry.responses : entry.n,
          withheld,
          otherList: otherListOf(questionnaire, item),
        });
      }
      return {
        id: section.id,
        title: section.title,
        average: withheld || !scored ? null : total / scored,
        scored: withheld ? 0 : scored,
        items,
      };
    }),
  };
}

function textItems(questionnaires: readonly Questionnaire[]): { item: TextItem; sectionId: string }[] {
  return questionnaires.flatMap((q) =>
    q.sections.flatMap((section) => section.items.flatMap((item) => (item.type === 'text' ? [{ item, sectionId: section.id }] : []))),
  );
}

// ------------------------------------------------------------------ overview

function monthlyFrom(daily: readonly { day: string; n: number }[]): { month: string; n: number }[] {
  const months = new Map<string, number>();
  for (const { day, n } of daily) months.set(day.slice(0, 7), (months.get(day.slice(0, 7)) ?? 0) + n);
  return [...months.entries()].map(([month, n]) => ({ month, n }));
}

/**
 * Totals, response rate, daily and monthly counts, per-campus totals, every
 * item's distribution and average, section averages, comment lists and the
 * trend across earlier periods. The date range narrows totals, days, months,
 * campuses and distributions (the `day` segment); the response rate, comment
 * lists and the trend cover whole periods.
 */
export function buildOverview(db: ReadDatabase, report: ResolvedReport, minGroupSize: number): Promise<ReportOverview> {
  // Coordinators opening the same report at a deadline make it once (docs/benchmarks.md, 20 readers).
  return sharedAnswer(db, `overview:${minGroupSize}:${reportKey(report)}`, () => readOverview(db, report, minGroupSize));
}

async function readOverview(db: ReadDatabase, report: ResolvedReport, minGroupSize: number): Promise<ReportOverview> {
  const { scope, days, kind } = report;
  const questionnaires = genericQuestionnaires(report);
  const textList = textItems(questionnaires);
  const activeIds = report.applications.map((a) => a.id);
  const campusIds = report.info.campuses.map((c) => c.id);

  const [allDays, cells, held, respondents, campusRows, catalogs, textTotals, trend] = await Promise.all([
    dailyCounts(db, scope),
    questionnaires.length ? (days ? itemDistributionInDays(db, scope, days) : itemDistribution(db, scope, 'all')) : Promise.resolve([]),
    heldResponseCount(db, { activeIds, cycleId: scope.cycleId }),
    kind.respondent === 'any' ? Promise.resolve(null) : missingCounts(db, expectedPeople(report, kind.respondent)),
    campusIds.length > 1 ? campusSummaries(db, scope, days ?? undefined) : Promise.resolve(null),
    catalogLabels(db, questionnaires),
    Promise.all(textList.map(({ item }) => textListSize(db, { scope, itemIds: [item.id], minGroupSize }))),
    periodTrend(db, report, questionnaires, minGroupSize),
  ]);

  const daily = days ? allDays.filter(({ day }) => day >= days.from && day <= days.to) : [...allDays];
  const published = daily.reduce((sum, { n }) => sum + n, 0);
  const withheld = !isReportable(published, minGroupSize);
  const campusNames = new Map(report.info.campuses.map((c) => [c.id, c.nombre]));

  return {
    scope: report.info,
    kind: { id: kind.id, title: kind.title, respondent: kind.respondent },
    minGroupSize,
    withheldExplanation: withheldExplanation(minGroupSize),
    totals: {
      published,
      held,
      heldMessage: held ? heldResponsesMessage(held) : null,
      expected: respondents?.expected ?? null,
      respondents: respondents?.answered ?? null,
      responseRate: respondents?.expected ? respondents.answered / respondents.expected : null,
    },
    daily,
    monthly: monthlyFrom(daily),
    campuses:
      campusRows &&
      report.info.campuses.map((campus) => {
        const row = campusRows.find((r) => r.campusId === campus.id);
        const responses = row?.responses ?? 0;
        const shown = isReportable(responses, minGroupSize);
        return { campus: { id: campus.id, nombre: campusNames.get(campus.id)! }, responses, average: shown ? (row?.average ?? null) : null, withheld: !shown };
      }),
    questionnaires: questionnaires.map((q) => questionnaireReport(q, cells, catalogs, withheld)),
    texts: textList.map(({ item, sectionId }, i): ReportTextList => {
      const total = textTotals[i]?.readable ?? 0;
      return { id: item.id, text: item.text, sectionId, total, withheld: !isReportable(total, minGroupSize) };
    }),
    trend,
    extraReports: [...kindReports(kind.id)],
  };
}

/**
 * Section averages of this period and of up to TREND_PERIODS earlier ones
 * (by start date) at the same campuses, for the same cycle, whose responses
 * were all given on the questionnaire's current version (another version may
 * ask other things under the same ids). Whole periods, never a date range.
 */
async function periodTrend(
  db: ReadDatabase,
  report: ResolvedReport,
  questionnaires: readonly Questionnaire[],
  minGroupSize: number,
): Promise<PeriodTrend[]> {
  const [questionnaire] = questionnaires;
  const campusIds = report.info.campuses.map((c) => c.id);
  if (!questionnaire || campusIds.length === 0) return [];
  const earlier = await db
    .selectDistinct({ id: periods.id, nombre: periods.nombre, fechaInicio: periods.fechaInicio })
    .from(periods)
    .innerJoin(actives, eq(actives.periodoId, periods.id))
    .innerJoin(activeCycles, and(eq(activeCycles.activeId, actives.id), eq(activeCycles.cycleId, report.scope.cycleId)))
    .where(and(inArray(actives.campusId, campusIds), lt(periods.fechaInicio, report.periodo.fechaInicio)))
    .orderBy(desc(periods.fechaInicio), asc(periods.id))
    .limit(TREND_PERIODS);
  const candidates = [...earlier.reverse(), report.periodo];
  const versions = await responsesByVersion(db, { cycleId: report.scope.cycleId, periodoIds: candidates.map((p) => p.id), campusIds });
  const comparable = candidates.filter((periodo) => {
    const rows = versions.filter((v) => v.periodoId === periodo.id);
    return (
      periodo.id === report.periodo.id ||
      (rows.length > 0 && rows.every((v) => v.questionnaireId === questionnaire.id && v.questionnaireVersion === questionnaire.version))
    );
  });
  return Promise.all(
    comparable.map(async (periodo) => {
      const responses = versions.filter((v) => v.periodoId === periodo.id).reduce((sum, v) => sum + v.responses, 0);
      const withheld = !isReportable(responses, minGroupSize);
      const cells = withheld ? [] : await itemDistribution(db, { cycleId: report.scope.cycleId, periodoId: periodo.id, campusIds }, 'all');
      const shaped = questionnaireReport(questionnaire, cells, new Map(), withheld);
      return {
        periodo: { id: periodo.id, nombre: periodo.nombre },
        responses,
        sections: shaped.sections.map((s) => ({ id: s.id, average: s.average })),
        withheld,
      };
    }),
  );
}

// ------------------------------------------------------------------ breakdowns (never crossed with days)

export async function buildBreakdown(
  db: ReadDatabase,
  report: ResolvedReport,
  segment: BreakdownSegment,
  minGroupSize: number,
): Promise<BreakdownReport> {
  const summaries = await segmentSummaries(db, report.scope, segment);
  const rows = summaries.map((row) => {
    const shown = isReportable(row.responses, minGroupSize);
    return {
      value: row.segmentValue,
      plan: row.plan ?? row.segmentValue,
      grupo: row.grupo ?? null,
      responses: row.responses,
      average: shown ? row.average : null,
      withheld: !shown,
    };
  });
  return {
    scope: report.info,
    segment,
    minGroupSize,
    withheldExplanation: withheldExplanation(minGroupSize),
    rows,
    withheldRows: rows.filter((row) => row.withheld).length,
  };
}

export async function buildBreakdownItems(
  db: ReadDatabase,
  report: ResolvedReport,
  segment: BreakdownSegment,
  value: string,
  minGroupSize: number,
): Promise<BreakdownItemsReport> {
  const questionnaires = genericQuestionnaires(report);
  const [cells, catalogs] = await Promise.all([itemDistribution(db, report.scope, segment, value), catalogLabels(db, questionnaires)]);
  const [first] = cells;
  if (!first) throw new AppError('NOT_FOUND', BREAKDOWN_VALUE_NOT_FOUND);
  const withheld = !isReportable(first.responses, minGroupSize);
  return {
    scope: report.info,
    segment,
    value,
    plan: first.plan ?? value,
    grupo: first.grupo ?? null,
    responses: first.responses,
    withheld,
    withheldExplanation: withheldExplanation(minGroupSize),
    questionnaires: questionnaires.map((q) => questionnaireReport(q, withheld ? [] : cells, catalogs, withheld)),
  };
}

// ------------------------------------------------------------------ free texts

/**
 * One page of a text item's answers (comments or an 'other' list), searchable,
 * with its total; nothing is sent when the whole list (before any search)
 * holds fewer texts than the small-group rule asks. Texts of a cell below the
 * rule (one application's, or one teacher's at it) are never read, only
 * counted in `unlisted` (queries.ts, TextFilter.minGroupSize). A search only narrows what
 * can already be read, so its hits are shown however few (the teacher
 * comments follow the same rule). Only the kind's own text items are accepted.
 */
export async function buildTexts(
  db: ReadDatabase,
  report: ResolvedReport,
  query: { item: string; search?: string | undefined; after?: string | undefined; limit: number },
  minGroupSize: number,
): Promise<TextsReport> {
  const found = textItems(genericQuestionnaires(report)).find(({ item }) => item.id === query.item);
  if (!found) throw fieldError('item', TEXT_ITEM_MESSAGE);
  const search = query.search?.trim() || undefined;
  const whole = { scope: report.scope, itemIds: [found.item.id], minGroupSize };
  const filter = { ...whole, ...(search ? { search } : {}) };
  const [listed, total] = await Promise.all([textListSize(db, whole), search ? countTexts(db, filter) : null]);
  const withheld = !isReportable(listed.readable, minGroupSize);
  const page = withheld
    ? { texts: [], next: null }
    : await textsPage(db, { ...filter, after: query.after ? { itemId: found.item.id, id: query.after } : null, limit: query.limit });
  return {
    item: { id: found.item.id, text: found.item.text },
    total: total ?? listed.readable,
    unlisted: listed.unlisted,
    unlistedNote: unlistedTextsNote(listed.unlisted, minGroupSize),
    withheld,
    withheldExplanation: withheldExplanation(minGroupSize),
    texts: page.texts.map(({ id, text }) => ({ id, text })),
    next: page.next?.id ?? null,
  };
}
