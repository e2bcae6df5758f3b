/**
 * The back office's start page (core/api/dashboard.ts): the open
 * applications within the user's grants, their participation as the missing
 * lists count it (`missingCounts`, the one definition), the days left and the
 * previous term's final figures. Participation only: no answer is read.
 */
import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { DASHBOARD_NOT_PERMITTED, type Dashboard, type DashboardApplication, type Participation } from '@encuestas/core/api/dashboard';
import { mexicoCityDay } from '@encuestas/core/dates';
import { hasPermission, PERMISSIONS } from '@encuestas/core/permissions';
import type { RespondentType, SurveyKindId } from '@encuestas/core/survey-kinds';
import { SURVEY_KIND_DEFINITIONS } from '@encuestas/core/survey-kinds/registry';
import type { ReadDatabase } from '../../db/client';
import { activeCycles, actives, campuses, cycles, periods } from '../../db/schema';
import { AppError } from '../../http/errors';
import { missingCountsBy, type SegmentCount } from '../missing';
import { expectedPeopleOf } from '../reports';
import type { AdminPrincipal } from '../users/service';

/** An application's survey type, as the queries below read it. */
interface ApplicationRow {
  activeId: number;
  campusId: number;
  campusName: string;
  periodoId: number;
  periodoName: string;
  periodoStart: string;
  startDay: string;
  endDay: string;
  cycleId: number;
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Either report permission opens the start page's figures, as it opens the missing lists' counts. */
function assertMayReadParticipation(principal: AdminPrincipal): void {
  const { permissions } = principal;
  if (!hasPermission(permissions, PERMISSIONS.viewCycleReports) && !hasPermission(permissions, PERMISSIONS.viewCampusReports))
    throw new AppError('FORBIDDEN', DASHBOARD_NOT_PERMITTED);
}

const applicationColumns = {
  activeId: actives.id,
  campusId: actives.campusId,
  campusName: campuses.nombre,
  periodoId: actives.periodoId,
  periodoName: periods.nombre,
  periodoStart: periods.fechaInicio,
  startDay: actives.startActive,
  endDay: actives.endActive,
  cycleId: activeCycles.cycleId,
};

/** The applications' survey types at the campuses, of the cycles, that began by `today` (`open`: and have not ended). */
function applicationsOf(db: ReadDatabase, filter: { campusIds: readonly number[]; cycleIds: readonly number[]; today: string; open: boolean }): Promise<ApplicationRow[]> {
  if (!filter.campusIds.length || !filter.cycleIds.length) return Promise.resolve([]);
  return db
    .select(applicationColumns)
    .from(actives)
    .innerJoin(activeCycles, eq(activeCycles.activeId, actives.id))
    .innerJoin(campuses, eq(campuses.id, actives.campusId))
    .innerJoin(periods, eq(periods.id, actives.periodoId))
    .where(
      and(
        inArray(actives.campusId, [...filter.campusIds]),
        inArray(activeCycles.cycleId, [...filter.cycleIds]),
        lte(actives.startActive, filter.today),
        filter.open ? gte(actives.endActive, filter.today) : undefined,
      ),
    );
}

const ratio = (counts: { expected: number; answered: number }): Participation => ({
  expected: counts.expected,
  answered: counts.answered,
  rate: counts.expected ? counts.answered / counts.expected : null,
});

/** Lowest participation first (nobody expected last), then the soonest to close, then by campus and survey type. */
function furthestBehindFirst(a: DashboardApplication, b: DashboardApplication): number {
  const rateA = a.participation.rate ?? Infinity;
  const rateB = b.participation.rate ?? Infinity;
  return rateA - rateB || a.daysLeft - b.daysLeft || a.campus.nombre.localeCompare(b.campus.nombre, 'es') || a.cycle.name.localeCompare(b.cycle.name, 'es');
}

export async function buildDashboard(db: ReadDatabase, principal: AdminPrincipal, now: Date = new Date()): Promise<Dashboard> {
  assertMayReadParticipation(principal);
  const today = mexicoCityDay(now);
  const open = await applicationsOf(db, { campusIds: principal.campusIds, cycleIds: principal.cycleIds, today, open: true });

  // One survey type at one campus in one period is one row (as its missing list counts it: every application of the period).
  const rows = new Map<string, ApplicationRow>();
  for (const row of open) {
    const key = `${row.periodoId}:${row.campusId}:${row.cycleId}`;
    const seen = rows.get(key);
    if (!seen || seen.endDay < row.endDay) rows.set(key, row);
  }
  if (rows.size === 0) return { today, periodo: await latestBegunPeriod(db, today), applications: [] };

  const openRows = [...rows.values()];
  const [related, cycleRows] = await Promise.all([
    // Every application of the same campuses and survey types that began by today: this term's others and the earlier terms'.
    applicationsOf(db, {
      campusIds: [...new Set(openRows.map((row) => row.campusId))],
      cycleIds: [...new Set(openRows.map((row) => row.cycleId))],
      today,
      open: false,
    }),
    db.select().from(cycles).where(inArray(cycles.id, [...new Set(openRows.map((row) => row.cycleId))])),
  ]);
  const cycleById = new Map(cycleRows.map((cycle) => [cycle.id, cycle]));

  // What each row counts: this term, and the previous one (the latest other period's application that ended before this one began).
  const planned = openRows.flatMap((row) => {
    const cycle = cycleById.get(row.cycleId);
    const kind = cycle && SURVEY_KIND_DEFINITIONS[cycle.surveyKind as SurveyKindId];
    // The suggestion box expects nobody: no participation to show.
    if (!cycle || !kind || kind.respondent === 'any') return [];
    const previousTerm = related
      .filter((other) => other.campusId === row.campusId && other.cycleId === row.cycleId && other.periodoId !== row.periodoId && other.endDay < row.startDay)
      .reduce<ApplicationRow | null>((latest, other) => (latest && latest.endDay >= other.endDay ? latest : other), null);
    return [{ row, cycle, kind, respondent: kind.respondent, previousTerm }];
  });
  const thisTerm = planned.map(({ row, kind, respondent }) => ({ kind: kind.id, respondent, cycleId: row.cycleId, periodoId: row.periodoId, campusId: row.campusId }));
  // Students' figures this term are read by plan and group only: a campus's are their sum (campusFromGroups), one statement less per survey type.
  const [counts, groups] = await Promise.all([
    countsBy(db, related, 'campus', [
      ...thisTerm.filter((want) => want.respondent !== 'student'),
      ...planned.flatMap(({ row, kind, respondent, previousTerm }) =>
        previousTerm ? [{ kind: kind.id, respondent, cycleId: row.cycleId, periodoId: previousTerm.periodoId, campusId: row.campusId }] : [],
      ),
    ]),
    countsBy(db, related, 'group', thisTerm.filter((want) => want.respondent === 'student')),
  ]);
  const nobody = { expected: 0, answered: 0 };
  const participationAt = (cycleId: number, periodoId: number, campusId: number) =>
    ratio(campusCount(counts, cycleId, periodoId, campusId) ?? campusFromGroups(groups, cycleId, periodoId, campusId) ?? nobody);
  const applications = planned.map(({ row, cycle, kind, respondent, previousTerm }): DashboardApplication => ({
    cycle: { id: cycle.id, name: cycle.name, surveyKind: kind.id },
    title: kind.title,
    respondent,
    campus: { id: row.campusId, nombre: row.campusName },
    periodo: { id: row.periodoId, nombre: row.periodoName },
    startDay: row.startDay,
    endDay: row.endDay,
    daysLeft: daysBetween(today, row.endDay),
    participation: participationAt(row.cycleId, row.periodoId, row.campusId),
    groupsBehind: groupsBehind(groups.get(countKey(row.cycleId, row.periodoId)) ?? [], row.campusId),
    previous: previousTerm
      ? {
          periodo: { id: previousTerm.periodoId, nombre: previousTerm.periodoName },
          participation: participationAt(row.cycleId, previousTerm.periodoId, row.campusId),
        }
      : null,
  }));
  applications.sort(furthestBehindFirst);

  // The period most open applications belong to (ties: the one that began last).
  const periodCount = new Map<number, { periodo: { id: number; nombre: string }; start: string; n: number }>();
  for (const row of openRows) {
    const entry = periodCount.get(row.periodoId) ?? { periodo: { id: row.periodoId, nombre: row.periodoName }, start: row.periodoStart, n: 0 };
    entry.n += 1;
    periodCount.set(row.periodoId, entry);
  }
  const current = [...periodCount.values()].sort((a, b) => b.n - a.n || b.start.localeCompare(a.start))[0]!;
  return { today, periodo: current.periodo, applications };
}

const countKey = (cycleId: number, periodoId: number) => `${cycleId}:${periodoId}`;

/**
 * Participation of every (survey type, period, campus) asked, as the missing
 * lists count it, per campus or per plan and group, in one read per survey
 * type and period over all its campuses (missingCountsBy): the start page
 * made two reads a row before.
 */
async function countsBy(
  db: ReadDatabase,
  related: readonly ApplicationRow[],
  segment: 'campus' | 'group',
  wanted: { kind: SurveyKindId; respondent: RespondentType; cycleId: number; periodoId: number; campusId: number }[],
): Promise<Map<string, SegmentCount[]>> {
  const groups = new Map<string, (typeof wanted)[number] & { campusIds: Set<number> }>();
  for (const want of wanted) {
    const key = countKey(want.cycleId, want.periodoId);
    const group = groups.get(key) ?? { ...want, campusIds: new Set<number>() };
    group.campusIds.add(want.campusId);
    groups.set(key, group);
  }
  const read = await Promise.all(
    [...groups].map(async ([key, group]) => {
      const activeIds = related
        .filter((a) => a.cycleId === group.cycleId && a.periodoId === group.periodoId && group.campusIds.has(a.campusId))
        .map((a) => a.activeId);
      const people = expectedPeopleOf(
        { kind: group.kind, periodoId: group.periodoId, cycleId: group.cycleId, activeIds: [...new Set(activeIds)], campusIds: [...group.campusIds] },
        group.respondent,
      );
      return [key, await missingCountsBy(db, people, segment)] as const;
    }),
  );
  return new Map(read);
}

const campusCount = (counts: Map<string, SegmentCount[]>, cycleId: number, periodoId: number, campusId: number) =>
  counts.get(countKey(cycleId, periodoId))?.find((row) => row.campusId === campusId);

/**
 * A campus's participation as the sum of its plans' and groups' (students):
 * every expected student is counted in exactly one group, one without a plan
 * or group included, so the sums are the campus's own counts.
 */
function campusFromGroups(groups: Map<string, SegmentCount[]>, cycleId: number, periodoId: number, campusId: number) {
  const rows = groups.get(countKey(cycleId, periodoId))?.filter((row) => row.campusId === campusId);
  if (!rows?.length) return undefined;
  return rows.reduce((sum, row) => ({ expected: sum.expected + row.expected, answered: sum.answered + row.answered }), { expected: 0, answered: 0 });
}

/** The campus's plans and groups with someone missing, lowest rate first, three at most. */
function groupsBehind(segments: readonly SegmentCount[], campusId: number): DashboardApplication['groupsBehind'] {
  return segments
    .filter((row) => row.campusId === campusId && row.plan !== null && row.grupo !== null && row.answered < row.expected)
    .map((row) => ({ plan: row.plan!, grupo: row.grupo!, participation: ratio(row) }))
    .sort((a, b) => (a.participation.rate ?? 0) - (b.participation.rate ?? 0) || b.participation.expected - a.participation.expected)
    .slice(0, 3);
}

/** With nothing open: the latest period that began by today. */
async function latestBegunPeriod(db: ReadDatabase, today: string): Promise<{ id: number; nombre: string } | null> {
  const [row] = await db
    .select({ id: periods.id, nombre: periods.nombre })
    .from(periods)
    .where(lte(periods.fechaInicio, today))
    .orderBy(desc(periods.fechaInicio), desc(periods.id))
    .limit(1);
  return row ?? null;
}
