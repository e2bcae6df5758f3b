/**
 * Copying the previous term's applications into a term (docs/permissions.md,
 * "Copying the previous term's applications"). The previous term is the
 * Power Campus period that starts last before the chosen one. Each of its
 * applications at the user's campuses is copied with its days moved by the
 * whole weeks nearest the gap between the two terms' starts, and with the
 * survey types the user is granted that the new term does not already have
 * at that campus; so copying twice creates nothing the second time.
 */
import { and, asc, count, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Active, TermCopyItem, TermCopyPlan, TermSummary } from '@encuestas/core/api/actives';
import { addDays } from '@encuestas/core/dates';
import type { Database } from '../../db/client';
import { activeCycles, actives, campusCyclesDisabled, campuses, periods } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import { assertCampusGranted } from '../../http/grants';
import { audit } from '../audit/service';
import type { AdminPrincipal } from '../users/service';
import { cyclesOfActives, getActive } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;

const termColumns = {
  id: periods.id,
  nombre: periods.nombre,
  fecha_inicio: periods.fechaInicio,
  fecha_fin: periods.fechaFin,
};

/** Whole weeks nearest the gap between the terms' starts, so each copy keeps its weekday. */
export function weeksBetweenTerms(from: TermSummary, to: TermSummary): number {
  const days = Math.round((Date.parse(to.fecha_inicio) - Date.parse(from.fecha_inicio)) / DAY_MS);
  return Math.round(days / 7) * 7;
}

async function findTerms(db: Database, periodoId: number): Promise<{ from: TermSummary; to: TermSummary }> {
  const [to] = await db.select(termColumns).from(periods).where(eq(periods.id, periodoId));
  if (!to) throw fieldError('periodoId', 'El periodo no existe');
  const [from] = await db
    .select(termColumns)
    .from(periods)
    .where(lt(periods.fechaInicio, to.fecha_inicio))
    .orderBy(desc(periods.fechaInicio), desc(periods.id))
    .limit(1);
  if (!from) throw fieldError('periodoId', `No hay un periodo anterior a ${to.nombre} del cual copiar.`);
  return { from, to };
}

/** What the copy creates, read with `db` (inside the copy's transaction, once its locks are held). */
async function planCopy(
  db: Database,
  principal: AdminPrincipal,
  terms: { from: TermSummary; to: TermSummary },
  scope: { campusIds: number[]; oneCampus: boolean },
): Promise<TermCopyPlan> {
  const { campusIds } = scope;
  const shift = weeksBetweenTerms(terms.from, terms.to);
  const plan: TermCopyPlan = { ...terms, shift_days: shift, items: [], not_granted_campus_actives: 0 };
  if (!scope.oneCampus) {
    // Only how many: the user learns nothing else of campuses they are not granted.
    const [others] = await db
      .select({ n: count() })
      .from(actives)
      .where(
        principal.campusIds.length === 0
          ? eq(actives.periodoId, terms.from.id)
          : and(eq(actives.periodoId, terms.from.id), notInArray(actives.campusId, principal.campusIds)),
      );
    plan.not_granted_campus_actives = others?.n ?? 0;
  }
  if (campusIds.length === 0) return plan;

  const sources = await db
    .select({ id: actives.id, campusId: actives.campusId, campusNombre: campuses.nombre, campusEnabled: campuses.enabled, start: actives.startActive, end: actives.endActive })
    .from(actives)
    .innerJoin(campuses, eq(campuses.id, actives.campusId))
    .where(and(eq(actives.periodoId, terms.from.id), inArray(actives.campusId, campusIds)))
    .orderBy(asc(campuses.nombre), asc(actives.startActive), asc(actives.id));
  if (sources.length === 0) return plan;
  const sourceCycles = await cyclesOfActives(
    db,
    sources.map((s) => s.id),
  );
  // Survey types the new term already has, by campus: those are never copied again.
  const present = await db
    .select({ campusId: actives.campusId, cycleId: activeCycles.cycleId })
    .from(actives)
    .innerJoin(activeCycles, eq(activeCycles.activeId, actives.id))
    .where(and(eq(actives.periodoId, terms.to.id), inArray(actives.campusId, campusIds)));
  const already = new Set(present.map((p) => `${p.campusId}:${p.cycleId}`));
  // Survey types turned off at a campus (campus management) are not copied there.
  const offRows = await db
    .select({ campusId: campusCyclesDisabled.campusId, cycleId: campusCyclesDisabled.cycleId })
    .from(campusCyclesDisabled)
    .where(inArray(campusCyclesDisabled.campusId, campusIds));
  const off = new Set(offRows.map((p) => `${p.campusId}:${p.cycleId}`));

  for (const source of sources) {
    const item: TermCopyItem = {
      source: { id: source.id, start_active: source.start, end_active: source.end },
      campus: { id: source.campusId, nombre: source.campusNombre },
      start_active: addDays(source.start, shift),
      end_active: addDays(source.end, shift),
      cicles: [],
      skipped: [],
    };
    for (const cycle of sourceCycles.filter((c) => c.activeId === source.id)) {
      const { id, name } = cycle;
      if (!principal.cycleIds.includes(id)) item.skipped.push({ id, name, reason: 'notGranted' });
      else if (!source.campusEnabled) item.skipped.push({ id, name, reason: 'campusDisabled' });
      else if (off.has(`${source.campusId}:${id}`)) item.skipped.push({ id, name, reason: 'offAtCampus' });
      else if (already.has(`${source.campusId}:${id}`)) item.skipped.push({ id, name, reason: 'exists' });
      else item.cicles.push({ id, name });
    }
    plan.items.push(item);
  }
  return plan;
}

/**
 * Previews or performs the copy. Performing it takes the same per campus and
 * period locks as creating an application, then plans again under them: a
 * second click, or a copy racing another, finds the survey types already
 * there and creates nothing twice. One audit entry per application created.
 */
export async function copyPreviousTerm(
  db: Database,
  principal: AdminPrincipal,
  input: { periodoId: number; fromPeriodoId?: number; campusId?: number; preview: boolean },
): Promise<{ plan: TermCopyPlan; actives: Active[] }> {
  const terms = await findTerms(db, input.periodoId);
  if (input.fromPeriodoId !== undefined && input.fromPeriodoId !== terms.from.id) {
    throw new AppError(
      'CONFLICT',
      `El periodo anterior a ${terms.to.nombre} ahora es ${terms.from.nombre}. Revisa de nuevo qué se copiará.`,
    );
  }
  if (input.campusId !== undefined) {
    const [campus] = await db.select({ id: campuses.id }).from(campuses).where(eq(campuses.id, input.campusId));
    if (!campus) throw fieldError('campusId', 'El campus no existe');
    assertCampusGranted(principal, input.campusId);
  }
  // Ascending, as every writer of applications takes its locks, so none deadlock.
  const oneCampus = input.campusId !== undefined;
  const campusIds = input.campusId !== undefined ? [input.campusId] : [...principal.campusIds].sort((a, b) => a - b);
  if (input.preview) return { plan: await planCopy(db, principal, terms, { campusIds, oneCampus }), actives: [] };

  const { plan, ids } = await db.transaction(async (tx) => {
    for (const campusId of campusIds) await tx.execute(sql`select pg_advisory_xact_lock(${campusId}, ${terms.to.id})`);
    const locked = await planCopy(tx, principal, terms, { campusIds, oneCampus });
    const created: number[] = [];
    for (const item of locked.items.filter((i) => i.cicles.length > 0)) {
      const [row] = await tx
        .insert(actives)
        .values({
          campusId: item.campus.id,
          periodoId: terms.to.id,
          startActive: item.start_active,
          endActive: item.end_active,
          createdBy: principal.user.id,
        })
        .returning({ id: actives.id });
      const cicles = item.cicles.map((c) => c.id);
      await tx.insert(activeCycles).values(cicles.map((cycleId) => ({ activeId: row!.id, cycleId })));
      await audit(tx, {
        actorUserId: principal.user.id,
        action: 'create',
        entity: 'active',
        entityId: row!.id,
        details: {
          campusId: item.campus.id,
          periodoId: terms.to.id,
          startDate: item.start_active,
          endDate: item.end_active,
          cicles,
          copiedFrom: { activeId: item.source.id, periodoId: terms.from.id },
        },
      });
      created.push(row!.id);
    }
    return { plan: locked, ids: created };
  });
  const created: Active[] = [];
  for (const id of ids) created.push(await getActive(db, principal, id));
  return { plan, actives: created };
}
