/** Campuses: listed to everyone in the back office, created, renamed, enabled and given survey types by who manages them. */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { campusNameTakenMessage, type CampusCycle } from '@encuestas/core/api/campuses';
import { SUGGESTION_BOX_KIND } from '@encuestas/core/survey-kinds';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { campusCyclesDisabled, campuses, cycles, userCampusGrants } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import { assertCampusGranted, assertCyclesGranted } from '../../http/grants';
import { audit } from '../audit/service';
import type { AdminPrincipal } from '../users/service';

const campusColumns = { id: campuses.id, nombre: campuses.nombre, avalible: campuses.enabled };
export const CAMPUS_NOT_FOUND = 'No se encontró el campus.';
/** One key for every change of campus names, so two differing only in case never both pass the check. */
const CAMPUS_NAMES_LOCK_KEY = 7_300_101;

type CampusRow = typeof campuses.$inferSelect;

/** Names compare without case or accents' case ('león' is 'León'): the unique index alone compares exactly. */
async function assertNameFree(tx: Database, nombre: string, exceptId?: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CAMPUS_NAMES_LOCK_KEY}::bigint)`);
  const conditions = [sql`lower(${campuses.nombre}) = lower(${nombre})`];
  if (exceptId !== undefined) conditions.push(ne(campuses.id, exceptId));
  const [taken] = await tx.select({ nombre: campuses.nombre }).from(campuses).where(and(...conditions));
  if (taken) throw fieldError('nombre', campusNameTakenMessage(taken.nombre));
}

function rethrowDuplicate(nombre: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw fieldError('nombre', campusNameTakenMessage(nombre));
    throw error;
  };
}

/** Survey types a campus may offer: every cycle but the suggestion box's, which has its own switch per campus. */
async function campusCycles(db: Database, campusId: number): Promise<CampusCycle[]> {
  const rows = await db
    .select({ id: cycles.id, name: cycles.name, survey_kind: cycles.surveyKind, off: campusCyclesDisabled.cycleId })
    .from(cycles)
    .leftJoin(campusCyclesDisabled, and(eq(campusCyclesDisabled.cycleId, cycles.id), eq(campusCyclesDisabled.campusId, campusId)))
    .where(ne(cycles.surveyKind, SUGGESTION_BOX_KIND))
    .orderBy(asc(cycles.id));
  return rows.map(({ off, ...cycle }) => ({ ...cycle, avalible: off === null }));
}

export function listCampuses(db: Database) {
  return db.select(campusColumns).from(campuses).orderBy(asc(campuses.id));
}

/** The campuses granted to the principal, and whether that is 'Todos los campus'. */
export async function grantedCampuses(db: Database, principal: AdminPrincipal) {
  const every = await listCampuses(db);
  const granted = every.filter((campus) => principal.campusIds.includes(campus.id));
  return { campuses: granted, allCampuses: granted.length === every.length && every.length > 0 };
}

export async function getCampus(db: Database, principal: AdminPrincipal, id: number) {
  assertCampusGranted(principal, id);
  const [campus] = await db.select(campusColumns).from(campuses).where(eq(campuses.id, id));
  if (!campus) throw new AppError('NOT_FOUND', CAMPUS_NOT_FOUND);
  return campus;
}

/** A new campus offers every survey type and is granted to its creator, who could not reach it otherwise. */
export async function createCampus(db: Database, principal: AdminPrincipal, nombre: string) {
  return db
    .transaction(async (tx) => {
      await assertNameFree(tx, nombre);
      const [created] = await tx.insert(campuses).values({ nombre }).returning(campusColumns);
      await tx.insert(userCampusGrants).values({ userId: principal.user.id, campusId: created!.id });
      await audit(tx, { actorUserId: principal.user.id, action: 'create', entity: 'campus', entityId: created!.id, details: { nombre } });
      return created!;
    })
    .catch(rethrowDuplicate(nombre));
}

export async function renameCampus(db: Database, principal: AdminPrincipal, id: number, nombre: string) {
  assertCampusGranted(principal, id);
  return db
    .transaction(async (tx) => {
      await assertNameFree(tx, nombre, id);
      const [before] = await tx.select({ nombre: campuses.nombre }).from(campuses).where(eq(campuses.id, id));
      if (!before) throw new AppError('NOT_FOUND', CAMPUS_NOT_FOUND);
      const [updated] = await tx.update(campuses).set({ nombre }).where(eq(campuses.id, id)).returning(campusColumns);
      await audit(tx, { actorUserId: principal.user.id, action: 'rename', entity: 'campus', entityId: id, details: { from: before.nombre, nombre } });
      return updated!;
    })
    .catch(rethrowDuplicate(nombre));
}

/** Sets one of a granted campus's switches, audited in the same transaction as `action` with the details `details` gives. */
export async function switchCampus(
  db: Database,
  principal: AdminPrincipal,
  id: number,
  values: Pick<Partial<CampusRow>, 'enabled' | 'suggestionBoxOpen'>,
  action: string,
  details: (updated: CampusRow) => Record<string, unknown>,
): Promise<CampusRow> {
  assertCampusGranted(principal, id);
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(campuses).set(values).where(eq(campuses.id, id)).returning();
    if (!updated) throw new AppError('NOT_FOUND', CAMPUS_NOT_FOUND);
    await audit(tx, { actorUserId: principal.user.id, action, entity: 'campus', entityId: updated.id, details: details(updated) });
    return updated;
  });
}

/** Disabling keeps everything attached (answers, applications, directory, reports): a campus is never deleted. */
export async function setCampusEnabled(db: Database, principal: AdminPrincipal, id: number, enabled: boolean) {
  const updated = await switchCampus(db, principal, id, { enabled }, enabled ? 'enable' : 'disable', (campus) => ({ nombre: campus.nombre }));
  return { id: updated.id, nombre: updated.nombre, avalible: updated.enabled };
}

async function assertCampusExists(db: Database, id: number): Promise<void> {
  const [campus] = await db.select({ id: campuses.id }).from(campuses).where(eq(campuses.id, id));
  if (!campus) throw new AppError('NOT_FOUND', CAMPUS_NOT_FOUND);
}

export async function grantedCampusCycles(db: Database, principal: AdminPrincipal, id: number): Promise<CampusCycle[]> {
  assertCampusGranted(principal, id);
  await assertCampusExists(db, id);
  return campusCycles(db, id);
}

/**
 * `wanted` lists the survey types the campus offers. Types the principal holds no grant for keep their state
 * (a change never reaches what the principal cannot see); naming one is 403.
 */
export async function setCampusCycles(db: Database, principal: AdminPrincipal, campusId: number, wanted: number[]): Promise<CampusCycle[]> {
  assertCampusGranted(principal, campusId);
  assertCyclesGranted(principal, wanted);
  await assertCampusExists(db, campusId);
  const offerable = (await campusCycles(db, campusId)).map((cycle) => cycle.id);
  if (wanted.some((id) => !offerable.includes(id))) throw fieldError('cicles', 'Uno de los tipos de encuesta no existe');
  const on = new Set(wanted);
  const managed = offerable.filter((id) => principal.cycleIds.includes(id));
  const off = managed.filter((id) => !on.has(id));
  await db.transaction(async (tx) => {
    if (managed.length > 0)
      await tx
        .delete(campusCyclesDisabled)
        .where(and(eq(campusCyclesDisabled.campusId, campusId), inArray(campusCyclesDisabled.cycleId, managed)));
    if (off.length > 0) await tx.insert(campusCyclesDisabled).values(off.map((cycleId) => ({ campusId, cycleId })));
    await audit(tx, { actorUserId: principal.user.id, action: 'cycles', entity: 'campus', entityId: campusId, details: { on: [...on], off } });
  });
  return campusCycles(db, campusId);
}
