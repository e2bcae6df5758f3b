/**
 * NOM-035 Guía I referrals: the workers whom the norm sends to clinical
 * evaluation. The only person-linked NOM-035 data; visible only with
 * 'Ver Canalizaciones NOM-035', the NOM-035 survey type (cycle) granted, and
 * within the user's campuses (docs/permissions.md).
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers, idParamSchema } from '@encuestas/core/api/common';
import { referralAnswerSchema, referralsPageSchema, referralsQuerySchema, updateReferralSchema } from '@encuestas/core/api/nom035-referrals';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { Database } from '../../db/client';
import type { SurveyKindId } from '@encuestas/core/survey-kinds';
import { fullName } from '@encuestas/core/directory';
import { actives, campuses, cycles, nom035Referrals, periods, staff } from '../../db/schema';
import { requireAdmin } from '../../http/auth';
import { AppError } from '../../http/errors';
import { assertCampusGranted } from '../../http/grants';
import { audit } from '../audit/service';
import type { AdminPrincipal } from '../users/service';

function selectReferrals(db: Database) {
  return db
    .select({
      id: nom035Referrals.id,
      attendedAt: nom035Referrals.attendedAt,
      notes: nom035Referrals.notes,
      staffId: staff.id,
      pcId: staff.pcId,
      name: staff.name,
      lastName: staff.lastName,
      maternalSurName: staff.maternalSurName,
      email: staff.email,
      puesto: staff.puesto,
      campusId: campuses.id,
      campusNombre: campuses.nombre,
      activeId: actives.id,
      startActive: actives.startActive,
      endActive: actives.endActive,
      periodoNombre: periods.nombre,
    })
    .from(nom035Referrals)
    .innerJoin(staff, eq(staff.id, nom035Referrals.staffId))
    .innerJoin(campuses, eq(campuses.id, staff.campusId))
    .innerJoin(actives, eq(actives.id, nom035Referrals.activeId))
    .innerJoin(periods, eq(periods.id, actives.periodoId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectReferrals>['execute']>>[number];

function toDto(r: Row) {
  return {
    id: r.id,
    attended_at: r.attendedAt?.toISOString() ?? null,
    notes: r.notes,
    staff: {
      id: r.staffId,
      pc_id: r.pcId,
      full_name: fullName(r.name, r.lastName, r.maternalSurName),
      email: r.email,
      puesto: r.puesto,
    },
    campus: { id: r.campusId, nombre: r.campusNombre },
    // The application's window says when the referral arose; a day of its own could single out the worker's answers.
    active: { id: r.activeId, periodo: r.periodoNombre, start_active: r.startActive, end_active: r.endActive },
  };
}

const NOM035: SurveyKindId = 'administrativos/norma';

/** Referrals come from NOM-035 answers, so they need that survey type granted like its reports do (403 otherwise). */
async function assertNom035Granted(db: Database, principal: AdminPrincipal): Promise<void> {
  const [cycle] = await db.select({ id: cycles.id, name: cycles.name }).from(cycles).where(eq(cycles.surveyKind, NOM035));
  if (!cycle || !principal.cycleIds.includes(cycle.id)) {
    const name = cycle ? `«${cycle.name}»` : 'NOM-035';
    throw new AppError('FORBIDDEN', `Para ver las canalizaciones necesitas acceso al tipo de encuesta ${name}. Solicítalo a tu administrador.`);
  }
}

async function getReferral(db: Database, principal: AdminPrincipal, id: number) {
  const [row] = await selectReferrals(db).where(eq(nom035Referrals.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'No se encontró la canalización.');
  assertCampusGranted(principal, row.campusId);
  return toDto(row);
}

export function nom035Routes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/nom035/referrals',
      { config: { auth: 'admin', permission: PERMISSIONS.viewNom035Referrals }, schema: { tags: ['nom035'], querystring: referralsQuerySchema, response: answers({ 200: referralsPageSchema }) } },
      async (request) => {
        const principal = requireAdmin(request);
        await assertNom035Granted(db, principal);
        const { page, perPage, campusId, attended } = request.query;
        if (campusId !== undefined) assertCampusGranted(principal, campusId);
        if (principal.campusIds.length === 0) return { referrals: [], total: 0 };
        const conditions: SQL[] = [inArray(staff.campusId, campusId !== undefined ? [campusId] : principal.campusIds)];
        if (attended !== undefined) {
          conditions.push(attended ? isNotNull(nom035Referrals.attendedAt) : isNull(nom035Referrals.attendedAt));
        }
        const where = and(...conditions);
        const [rows, [total]] = await Promise.all([
          selectReferrals(db)
            .where(where)
            .orderBy(desc(actives.endActive), desc(nom035Referrals.id))
            .limit(perPage)
            .offset((page - 1) * perPage),
          db.select({ n: count() }).from(nom035Referrals).innerJoin(staff, eq(staff.id, nom035Referrals.staffId)).where(where),
        ]);
        return { referrals: rows.map(toDto), total: total?.n ?? 0 };
      },
    );

    app.put(
      '/nom035/referrals/:id',
      {
        config: { auth: 'admin', permission: PERMISSIONS.viewNom035Referrals },
        schema: { tags: ['nom035'], params: idParamSchema, body: updateReferralSchema, response: answers({ 200: referralAnswerSchema }) },
      },
      async (request) => {
        const principal = requireAdmin(request);
        await assertNom035Granted(db, principal);
        await getReferral(db, principal, request.params.id);
        await db.transaction(async (tx) => {
          await tx
            .update(nom035Referrals)
            .set({ attendedAt: request.body.attended ? new Date() : null, notes: request.body.notes })
            .where(eq(nom035Referrals.id, request.params.id));
          await audit(tx, { actorUserId: principal.user.id, action: 'update', entity: 'nom035_referral', entityId: request.params.id });
        });
        return { referral: await getReferral(db, principal, request.params.id) };
      },
    );
  };
}
