import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campusAnswerSchema,
  campusAvailabilityBodySchema,
  campusCyclesAnswerSchema,
  campusCyclesBodySchema,
  campusNameBodySchema,
  campusNameTakenMessage,
  campusesAnswerSchema,
  grantedCampusesSchema,
  type CampusCycle,
} from '@encuestas/core/api/campuses';
import { answers, idParamSchema } from '@encuestas/core/api/common';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { SUGGESTION_BOX_KIND } from '@encuestas/core/survey-kinds';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { campusCyclesDisabled, campuses, cycles, userCampusGrants } from '../../db/schema';
import { requireAdmin } from '../../http/auth';
import { AppError, fieldError } from '../../http/errors';
import { assertCampusGranted, assertCyclesGranted } from '../../http/grants';
import { audit } from '../audit/service';

const campusColumns = { id: campuses.id, nombre: campuses.nombre, avalible: campuses.enabled };
const NOT_FOUND = 'No se encontró el campus.';
/** One key for every change of campus names, so two differing only in case never both pass the check. */
const CAMPUS_NAMES_LOCK_KEY = 7_300_101;

/** Names compare without case or accents' case ('león' is 'León'): the unique index alone compares exactly. */
async function assertNameFree(tx: Database, nombre: string, exceptId?: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CAMPUS_NAMES_LOCK_KEY}::bigint)`);
  const conditions = [sql`lower(${campuses.nombre}) = lower(${nombre})`];
  if (exceptId !== undefined) conditions.push(ne(campuses.id, exceptId));
  const [taken] = await tx.select({ nombre: campuses.nombre }).from(campuses).where(and(...conditions));
  if (taken) throw fieldError('nombre', campusNameTakenMessage(taken.nombre));
}

/** Survey types a campus may offer: every cycle but the suggestion box's, which has its own switch per campus. */
export async function campusCycles(db: Database, campusId: number): Promise<CampusCycle[]> {
  const rows = await db
    .select({ id: cycles.id, name: cycles.name, survey_kind: cycles.surveyKind, off: campusCyclesDisabled.cycleId })
    .from(cycles)
    .leftJoin(campusCyclesDisabled, and(eq(campusCyclesDisabled.cycleId, cycles.id), eq(campusCyclesDisabled.campusId, campusId)))
    .where(ne(cycles.surveyKind, SUGGESTION_BOX_KIND))
    .orderBy(asc(cycles.id));
  return rows.map(({ off, ...cycle }) => ({ ...cycle, avalible: off === null }));
}

export function campusRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/campus', { config: { auth: 'admin' }, schema: { tags: ['campus'], response: answers({ 200: campusesAnswerSchema }) } }, async () => ({
      campuses: await db.select(campusColumns).from(campuses).orderBy(asc(campuses.id)),
    }));

    // allCampuses tells a screen whether 'Todos los campus' is true for this user, or only their granted ones.
    app.get('/campus/permissions', { config: { auth: 'admin' }, schema: { tags: ['campus'], response: answers({ 200: grantedCampusesSchema }) } }, async (request) => {
      const { campusIds } = requireAdmin(request);
      const every = await db.select(campusColumns).from(campuses).orderBy(asc(campuses.id));
      const granted = every.filter((campus) => campusIds.includes(campus.id));
      return { campuses: granted, allCampuses: granted.length === every.length && every.length > 0 };
    });

    app.get(
      '/campus/:id',
      { config: { auth: 'admin' }, schema: { tags: ['campus'], params: idParamSchema, response: answers({ 200: campusAnswerSchema }) } },
      async (request) => {
        assertCampusGranted(requireAdmin(request), request.params.id);
        const [campus] = await db.select(campusColumns).from(campuses).where(eq(campuses.id, request.params.id));
        if (!campus) throw new AppError('NOT_FOUND', NOT_FOUND);
        return { campus };
      },
    );

    // A new campus offers every survey type and is granted to its creator, who could not reach it otherwise.
    app.post(
      '/campus',
      { config: { auth: 'admin', permission: PERMISSIONS.manageCampuses }, schema: { tags: ['campus'], body: campusNameBodySchema, response: answers({ 201: campusAnswerSchema }) } },
      async (request, reply) => {
        const principal = requireAdmin(request);
        const { nombre } = request.body;
        const campus = await db
          .transaction(async (tx) => {
            await assertNameFree(tx, nombre);
            const [created] = await tx.insert(campuses).values({ nombre }).returning(campusColumns);
            await tx.insert(userCampusGrants).values({ userId: principal.user.id, campusId: created!.id });
            await audit(tx, { actorUserId: principal.user.id, action: 'create', entity: 'campus', entityId: created!.id, details: { nombre } });
            return created!;
          })
          .catch(rethrowDuplicate(nombre));
        return reply.status(201).send({ campus });
      },
    );

    app.put(
      '/campus/:id',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageCampuses },
        schema: { tags: ['campus'], params: idParamSchema, body: campusNameBodySchema, response: answers({ 200: campusAnswerSchema }) },
      },
      async (request) => {
        const principal = requireAdmin(request);
        assertCampusGranted(principal, request.params.id);
        const { nombre } = request.body;
        const campus = await db
          .transaction(async (tx) => {
            await assertNameFree(tx, nombre, request.params.id);
            const [before] = await tx.select({ nombre: campuses.nombre }).from(campuses).where(eq(campuses.id, request.params.id));
            if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
            const [updated] = await tx.update(campuses).set({ nombre }).where(eq(campuses.id, request.params.id)).returning(campusColumns);
            await audit(tx, { actorUserId: principal.user.id, action: 'rename', entity: 'campus', entityId: request.params.id, details: { from: before.nombre, nombre } });
            return updated!;
          })
          .catch(rethrowDuplicate(nombre));
        return { campus };
      },
    );

    // Disabling keeps everything attached (answers, applications, directory, reports): a campus is never deleted.
    app.put(
      '/campus/:id/avalible',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageCampuses },
        schema: { tags: ['campus'], params: idParamSchema, body: campusAvailabilityBodySchema, response: answers({ 200: campusAnswerSchema }) },
      },
      async (request) => {
        const principal = requireAdmin(request);
        assertCampusGranted(principal, request.params.id);
        const campus = await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(campuses)
            .set({ enabled: request.body.avalible })
            .where(eq(campuses.id, request.params.id))
            .returning(campusColumns);
          if (!updated) throw new AppError('NOT_FOUND', NOT_FOUND);
          await audit(tx, { actorUserId: principal.user.id, action: request.body.avalible ? 'enable' : 'disable', entity: 'campus', entityId: updated.id, details: { nombre: updated.nombre } });
          return updated;
        });
        return { campus };
      },
    );

    app.get(
      '/campus/:id/ciclos',
      { config: { auth: 'admin' }, schema: { tags: ['campus'], params: idParamSchema, response: answers({ 200: campusCyclesAnswerSchema }) } },
      async (request) => {
        assertCampusGranted(requireAdmin(request), request.params.id);
        const [campus] = await db.select({ id: campuses.id }).from(campuses).where(eq(campuses.id, request.params.id));
        if (!campus) throw new AppError('NOT_FOUND', NOT_FOUND);
        return { cicles: await campusCycles(db, campus.id) };
      },
    );

    // The body lists the survey types the campus offers. Types the user holds no grant for keep their state
    // (a change never reaches what the user cannot see); naming one is 403.
    app.put(
      '/campus/:id/ciclos',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageCampusCycles },
        schema: { tags: ['campus'], params: idParamSchema, body: campusCyclesBodySchema, response: answers({ 200: campusCyclesAnswerSchema }) },
      },
      async (request) => {
        const principal = requireAdmin(request);
        const campusId = request.params.id;
        assertCampusGranted(principal, campusId);
        assertCyclesGranted(principal, request.body.cicles);
        const [campus] = await db.select({ id: campuses.id }).from(campuses).where(eq(campuses.id, campusId));
        if (!campus) throw new AppError('NOT_FOUND', NOT_FOUND);
        const offerable = (await campusCycles(db, campusId)).map((cycle) => cycle.id);
        if (request.body.cicles.some((id) => !offerable.includes(id))) throw fieldError('cicles', 'Uno de los tipos de encuesta no existe');
        const wanted = new Set(request.body.cicles);
        const managed = offerable.filter((id) => principal.cycleIds.includes(id));
        const off = managed.filter((id) => !wanted.has(id));
        await db.transaction(async (tx) => {
          if (managed.length > 0)
            await tx
              .delete(campusCyclesDisabled)
              .where(and(eq(campusCyclesDisabled.campusId, campusId), inArray(campusCyclesDisabled.cycleId, managed)));
          if (off.length > 0) await tx.insert(campusCyclesDisabled).values(off.map((cycleId) => ({ campusId, cycleId })));
          await audit(tx, { actorUserId: principal.user.id, action: 'cycles', entity: 'campus', entityId: campusId, details: { on: [...wanted], off } });
        });
        return { cicles: await campusCycles(db, campusId) };
      },
    );
  };
}

function rethrowDuplicate(nombre: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw fieldError('nombre', campusNameTakenMessage(nombre));
    throw error;
  };
}
