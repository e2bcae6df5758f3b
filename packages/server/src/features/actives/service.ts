import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { RESULTS_RELEASE_BEFORE_START_MESSAGE, resultsReleaseDayOf, type Active, type CreateActiveRequest } from '@encuestas/core/api/actives';
import { activeStatus, displayDay, mexicoCityDay } from '@encuestas/core/dates';
import { SUGGESTION_BOX_KIND } from '@encuestas/core/survey-kinds';
import type { Database } from '../../db/client';
import { activeCycles, actives, campusCyclesDisabled, campuses, cycles, periods } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import { assertCampusGranted, assertCyclesGranted } from '../../http/grants';
import { audit } from '../audit/service';
import type { AdminPrincipal } from '../users/service';

export const ACTIVE_NOT_FOUND = 'No se encontró el periodo de encuestas.';

const activeColumns = {
  id: actives.id,
  campusId: actives.campusId,
  periodoId: actives.periodoId,
  campusNombre: campuses.nombre,
  periodoNombre: periods.nombre,
  startActive: actives.startActive,
  endActive: actives.endActive,
  resultsReleaseDay: actives.resultsReleaseDay,
  releaseWaitsForReview: actives.releaseWaitsForReview,
};
type Column<K extends keyof typeof activeColumns> = (typeof activeColumns)[K]['_'];
type ActiveRow = { [K in keyof typeof activeColumns]: Column<K>['notNull'] extends true ? Column<K>['data'] : Column<K>['data'] | null };

function baseQuery(db: Database) {
  return db
    .select(activeColumns)
    .from(actives)
    .innerJoin(campuses, eq(campuses.id, actives.campusId))
    .innerJoin(periods, eq(periods.id, actives.periodoId));
}

/** The survey types (cycles) of these applications, in one query, by cycle id. */
export function cyclesOfActives(db: Database, activeIds: number[]) {
  return db
    .select({ activeId: activeCycles.activeId, id: cycles.id, name: cycles.name })
    .from(activeCycles)
    .innerJoin(cycles, eq(cycles.id, activeCycles.cycleId))
    .where(inArray(activeCycles.activeId, activeIds))
    .orderBy(asc(cycles.id));
}

/** Attaches each active's cycles with one query, and shapes the wire format. */
async function withCycles(db: Database, rows: ActiveRow[], now = new Date()): Promise<Active[]> {
  if (rows.length === 0) return [];
  const links = await cyclesOfActives(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    campus_id: row.campusId,
    periodo_id: row.periodoId,
    campus: { id: row.campusId, nombre: row.campusNombre },
    periodo: { id: row.periodoId, nombre: row.periodoNombre },
    start_active: row.startActive,
    end_active: row.endActive,
    results_release_day: resultsReleaseDayOf(row.endActive, row.resultsReleaseDay),
    results_release_day_chosen: row.resultsReleaseDay,
    release_waits_for_review: row.releaseWaitsForReview,
    status: activeStatus(row.startActive, row.endActive, now),
    cicles: links.filter((l) => l.activeId === row.id).map(({ id, name }) => ({ id, name })),
  }));
}

export async function listActives(
  db: Database,
  principal: AdminPrincipal,
  query: { page: number; perPage: number; campusId?: number; periodoId?: number },
): Promise<{ actives: Active[]; total_actives: number }> {
  if (query.campusId !== undefined) assertCampusGranted(principal, query.campusId);
  if (principal.campusIds.length === 0) return { actives: [], total_actives: 0 };
  const conditions: SQL[] = [inArray(actives.campusId, principal.campusIds)];
  if (query.campusId !== undefined) conditions.push(eq(actives.campusId, query.campusId));
  if (query.periodoId !== undefined) conditions.push(eq(actives.periodoId, query.periodoId));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(desc(actives.startActive), desc(actives.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(actives).where(where),
  ]);
  return { actives: await withCycles(db, rows), total_actives: total?.n ?? 0 };
}

/** Applications in progress today (Mexico City), for the campuses the user may see. */
export async function listActivesInProgress(db: Database, campusIds: readonly number[], now = new Date()): Promise<Active[]> {
  if (campusIds.length === 0) return [];
  const today = mexicoCityDay(now);
  const rows = await baseQuery(db)
    .where(and(inArray(actives.campusId, [...campusIds]), lte(actives.startActive, today), gte(actives.endActive, today)))
    .orderBy(asc(actives.campusId), asc(actives.startActive));
  return withCycles(db, rows, now);
}

export async function getActive(db: Database, principal: AdminPrincipal, id: number): Promise<Active> {
  const [row] = await baseQuery(db).where(eq(actives.id, id));
  if (!row) throw new AppError('NOT_FOUND', ACTIVE_NOT_FOUND);
  assertCampusGranted(principal, row.campusId);
  const [active] = await withCycles(db, [row]);
  return active!;
}

/** Cycles must exist, and the suggestion box (BUZÓN) is never attached to an application. */
async function validateCycles(db: Database, cycleIds: number[]): Promise<Map<number, string>> {
  const found = await db
    .select({ id: cycles.id, name: cycles.name, surveyKind: cycles.surveyKind })
    .from(cycles)
    .where(inArray(cycles.id, cycleIds));
  if (found.length !== cycleIds.length) throw fieldError('cicles', 'Uno de los tipos de encuesta no existe');
  if (found.some((c) => c.surveyKind === SUGGESTION_BOX_KIND)) {
    throw fieldError('cicles', 'El buzón de sugerencias no se asigna a un periodo de encuestas');
  }
  return new Map(found.map((c) => [c.id, c.name]));
}

export function campusDisabledMessage(nombre: string): string {
  return `El campus «${nombre}» está deshabilitado: no admite nuevas aplicaciones de encuestas`;
}

/** Survey types turned off at a campus (campus management) are not attached to its applications. */
async function assertCyclesOffered(
  db: Database,
  campusIds: number[],
  cycleIds: number[],
  cycleNames: Map<number, string>,
  campusNames: Map<number, string>,
): Promise<void> {
  if (campusIds.length === 0 || cycleIds.length === 0) return;
  const [off] = await db
    .select({ campusId: campusCyclesDisabled.campusId, cycleId: campusCyclesDisabled.cycleId })
    .from(campusCyclesDisabled)
    .where(and(inArray(campusCyclesDisabled.campusId, campusIds), inArray(campusCyclesDisabled.cycleId, cycleIds)))
    .limit(1);
  if (off)
    throw fieldError('cicles', `«${cycleNames.get(off.cycleId)}» no está habilitado en el campus ${campusNames.get(off.campusId)}`);
}

/**
 * Two applications of the same campus, period and cycle may not overlap in
 * time: a respondent would see the survey twice and could answer it twice
 * (completions are per application). They may follow one another.
 */
async function assertNoOverlap(
  db: Database,
  input: { campusId: number; periodoId: number; startDate: string; endDate: string; cycleIds: number[]; exceptActiveId?: number },
  cycleNames: Map<number, string>,
  /** Named in the message when several campuses are created at once. */
  campusName?: string,
): Promise<void> {
  const conditions = [
    eq(actives.campusId, input.campusId),
    eq(actives.periodoId, input.periodoId),
    lte(actives.startActive, input.endDate),
    gte(actives.endActive, input.startDate),
    inArray(activeCycles.cycleId, input.cycleIds),
  ];
  if (input.exceptActiveId !== undefined) conditions.push(ne(actives.id, input.exceptActiveId));
  const [clash] = await db
    .select({ cycleId: activeCycles.cycleId, start: actives.startActive, end: actives.endActive })
    .from(actives)
    .innerJoin(activeCycles, eq(activeCycles.activeId, actives.id))
    .where(and(...conditions))
    .limit(1);
  if (clash) {
    const where = campusName ? `en el campus ${campusName} y este periodo` : 'en este campus y periodo';
    throw fieldError(
      'cicles',
      `«${cycleNames.get(clash.cycleId) ?? 'Tipo de encuesta'}» ya está asignado ${where} del ${displayDay(clash.start)} al ${displayDay(clash.end)}`,
    );
  }
}

type ReleaseInput = { resultsReleaseDay?: string | null | undefined; releaseWaitsForReview?: boolean | undefined };
type ActiveFieldsInput = ReleaseInput & { periodoId: number; startDate: string; endDate: string; cicles: number[] };
type CreateActiveInput = ActiveFieldsInput & { campusId: number };

export async function createActive(db: Database, principal: AdminPrincipal, input: CreateActiveInput): Promise<Active> {
  const { campusId, ...fields } = input;
  const [active] = await createActives(db, principal, { ...fields, campusIds: [campusId] }, 'campusId');
  return active!;
}

/**
 * One application per campus with the same period, days and cycles, in one
 * transaction: every campus must exist and be granted and none may overlap,
 * or nothing is created. Each application gets its own audit entry.
 */
export async function createActives(
  db: Database,
  principal: AdminPrincipal,
  input: ActiveFieldsInput & { campusIds: number[] },
  campusField: 'campusId' | 'campusIds' = 'campusIds',
): Promise<Active[]> {
  // Ascending, so two batches take their campus locks in the same order and never deadlock.
  const campusIds = [...new Set(input.campusIds)].sort((a, b) => a - b);
  const found = await db
    .select({ id: campuses.id, nombre: campuses.nombre, enabled: campuses.enabled })
    .from(campuses)
    .where(inArray(campuses.id, campusIds));
  const campusNames = new Map(found.map((campus) => [campus.id, campus.nombre]));
  if (campusIds.some((id) => !campusNames.has(id))) throw fieldError(campusField, 'El campus no existe');
  for (const campusId of campusIds) assertCampusGranted(principal, campusId);
  const disabled = found.find((campus) => !campus.enabled);
  if (disabled) throw fieldError(campusField, campusDisabledMessage(disabled.nombre));
  const [periodo] = await db.select({ id: periods.id }).from(periods).where(eq(periods.id, input.periodoId));
  if (!periodo) throw fieldError('periodoId', 'El periodo no existe');
  const cycleNames = await validateCycles(db, input.cicles);
  assertCyclesGranted(principal, input.cicles);
  await assertCyclesOffered(db, campusIds, input.cicles, cycleNames, campusNames);
  const several = campusIds.length > 1;

  const ids = await db.transaction(async (tx) => {
    const created: number[] = [];
    for (const campusId of campusIds) {
      // Serialises writers of one campus and period so the overlap check holds.
      await tx.execute(sql`select pg_advisory_xact_lock(${campusId}, ${input.periodoId})`);
      await assertNoOverlap(tx, { ...input, campusId, cycleIds: input.cicles }, cycleNames, several ? campusNames.get(campusId) : undefined);
      const [row] = await tx
        .insert(actives)
        .values({
          campusId,
          periodoId: input.periodoId,
          startActive: input.startDate,
          endActive: input.endDate,
          resultsReleaseDay: input.resultsReleaseDay ?? null,
          releaseWaitsForReview: input.releaseWaitsForReview ?? true,
          createdBy: principal.user.id,
        })
        .returning({ id: actives.id });
      await tx.insert(activeCycles).values(input.cicles.map((cycleId) => ({ activeId: row!.id, cycleId })));
      const details = {
        campusId,
        periodoId: input.periodoId,
        startDate: input.startDate,
        endDate: input.endDate,
        cicles: input.cicles,
        resultsReleaseDay: input.resultsReleaseDay ?? null,
        releaseWaitsForReview: input.releaseWaitsForReview ?? true,
      };
      await audit(tx, {
        actorUserId: principal.user.id,
        action: 'create',
        entity: 'active',
        entityId: row!.id,
        details: several ? { ...details, campusIds } : details,
      });
      created.push(row!.id);
    }
    return created;
  });
  const created: Active[] = [];
  for (const id of ids) created.push(await getActive(db, principal, id));
  return created;
}

export async function updateActive(
  db: Database,
  principal: AdminPrincipal,
  id: number,
  input: ReleaseInput & { startDate: string; endDate: string; cicles: number[] },
): Promise<Active> {
  const current = await getActive(db, principal, id);
  // Left out, the chosen day stays (a client that never sends it changes nothing); it must still follow the start.
  const resultsReleaseDay = input.resultsReleaseDay === undefined ? current.results_release_day_chosen : input.resultsReleaseDay;
  if (resultsReleaseDay !== null && resultsReleaseDay < input.startDate) throw fieldError('resultsReleaseDay', RESULTS_RELEASE_BEFORE_START_MESSAGE);
  const releaseWaitsForReview = input.releaseWaitsForReview ?? current.release_waits_for_review;
  const cycleNames = await validateCycles(db, input.cicles);
  assertCyclesGranted(principal, input.cicles);
  // Only a newly attached cycle must be on at the campus: what is attached already stays.
  const added = input.cicles.filter((cycleId) => !current.cicles.some((c) => c.id === cycleId));
  await assertCyclesOffered(db, [current.campus_id], added, cycleNames, new Map([[current.campus_id, current.campus.nombre]]));
  // Cycles the editor may not see stay attached: an edit never drops them unseen.
  const hidden = current.cicles.map((c) => c.id).filter((cycleId) => !principal.cycleIds.includes(cycleId));
  const finalCycles = [...new Set([...input.cicles, ...hidden])];

  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${current.campus_id}, ${current.periodo_id})`);
    await assertNoOverlap(
      tx,
      {
        campusId: current.campus_id,
        periodoId: current.periodo_id,
        startDate: input.startDate,
        endDate: input.endDate,
        cycleIds: finalCycles,
        exceptActiveId: id,
      },
      cycleNames,
    );
    await tx
      .update(actives)
      .set({ startActive: input.startDate, endActive: input.endDate, resultsReleaseDay, releaseWaitsForReview, updatedAt: new Date() })
      .where(eq(actives.id, id));
    await tx.delete(activeCycles).where(eq(activeCycles.activeId, id));
    await tx.insert(activeCycles).values(finalCycles.map((cycleId) => ({ activeId: id, cycleId })));
    // The values before, so the Bitácora shows what changed; cycles as stored (hidden ones included).
    const before = {
      startDate: current.start_active,
      endDate: current.end_active,
      cicles: current.cicles.map((c) => c.id),
      resultsReleaseDay: current.results_release_day_chosen,
      releaseWaitsForReview: current.release_waits_for_review,
    };
    await audit(tx, {
      actorUserId: principal.user.id,
      action: 'update',
      entity: 'active',
      entityId: id,
      details: { startDate: input.startDate, endDate: input.endDate, cicles: finalCycles, resultsReleaseDay, releaseWaitsForReview, before },
    });
  });
  return getActive(db, principal, id);
}

export type { CreateActiveRequest };
