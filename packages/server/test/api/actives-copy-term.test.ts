/**
 * Copying the previous term's applications (POST /actives/copy-previous):
 * a preview, then the copy in one transaction with one audit entry per
 * application; campus and survey type grants respected; copying twice, or
 * twice at once, creates nothing twice.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CopyPreviousTermResponse } from '@encuestas/core/api/actives';
import { addDays } from '@encuestas/core/dates';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { DEMO_ADMIN, DEMO_CAMPUSES, DEMO_PERIODS_VIEWER } from '../../src/db/seed/demo';
import { actives, activeCycles, adminUsers, auditLog, cycles, periods } from '../../src/db/schema';
import { CAMPUS_NOT_GRANTED } from '../../src/http/grants';
import { createAdminUser } from '../../src/features/users/service';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';

let t: TestApp;
let adminToken: string;
let campusIds: Record<string, number>;
/** The demo's periods, oldest first: three past ones, the current one (with applications, as the one before it) and the next. */
let terms: { id: number; nombre: string; fechaInicio: string; fechaFin: string }[];
let servicesA: number;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  adminToken = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  campusIds = t.demo!.campusIds as Record<string, number>;
  terms = await t.db.select().from(periods).orderBy(asc(periods.fechaInicio));
  servicesA = (await t.db.select().from(cycles).where(eq(cycles.name, 'Encuesta de Servicios A')))[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

const copy = (payload: object, token = adminToken) => t.request({ method: 'POST', url: `${API}/actives/copy-previous`, payload, token });
const activesOf = (periodoId: number) => t.db.select().from(actives).where(eq(actives.periodoId, periodoId));
const current = () => terms[terms.length - 2]!;
const next = () => terms[terms.length - 1]!;

/** A term after every other one, so the last term is its previous one. */
async function addTermAfterLast(nombre: string) {
  const last = terms[terms.length - 1]!;
  const [row] = await t.db
    .insert(periods)
    .values({ nombre, fechaInicio: addDays(last.fechaFin, 1), fechaFin: addDays(last.fechaFin, 183) })
    .returning();
  terms.push(row!);
  return row!;
}

describe(`copying the previous term's applications (${driverName})`, () => {
  it('previews, then copies every application of the previous term with its days moved by whole weeks, each audited', async () => {
    const target = next();
    const preview = await copy({ periodoId: target.id, preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const { plan } = preview.json() as CopyPreviousTermResponse;
    expect(plan.from.id).toBe(current().id);
    expect(plan.to.id).toBe(target.id);
    expect(plan.shift_days % 7).toBe(0);
    expect(Math.abs(plan.shift_days - (Date.parse(target.fechaInicio) - Date.parse(current().fechaInicio)) / 86_400_000)).toBeLessThanOrEqual(3);
    expect(plan.items).toHaveLength(DEMO_CAMPUSES.length);
    expect(plan.not_granted_campus_actives).toBe(0);
    const first = plan.items[0]!;
    expect(first.start_active).toBe(addDays(first.source.start_active, plan.shift_days));
    expect(first.end_active).toBe(addDays(first.source.end_active, plan.shift_days));
    expect(first.skipped).toEqual([]);
    expect(await activesOf(target.id)).toEqual([]);

    const response = await copy({ periodoId: target.id, fromPeriodoId: current().id });
    expect(response.statusCode, response.body).toBe(201);
    const created = (response.json() as CopyPreviousTermResponse).actives;
    expect(created.map((a) => a.campus.nombre).sort()).toEqual([...DEMO_CAMPUSES].sort());
    const puebla = created.find((a) => a.campus_id === campusIds.Puebla)!;
    const pueblaItem = plan.items.find((i) => i.campus.id === campusIds.Puebla)!;
    expect(puebla).toMatchObject({ periodo_id: target.id, start_active: pueblaItem.start_active, end_active: pueblaItem.end_active });
    expect(puebla.cicles.map((c) => c.id)).toEqual(pueblaItem.cicles.map((c) => c.id));
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'active'), inArray(auditLog.entityId, created.map((a) => String(a.id)))));
    expect(entries).toHaveLength(DEMO_CAMPUSES.length);
    expect(entries.every((e) => e.action === 'create')).toBe(true);
    expect(entries[0]!.details).toMatchObject({ periodoId: target.id, copiedFrom: { periodoId: current().id } });
  });

  it('creates nothing on a second click: every survey type is already in the term', async () => {
    const target = next();
    const before = await activesOf(target.id);
    const again = await copy({ periodoId: target.id, fromPeriodoId: current().id });
    expect(again.statusCode, again.body).toBe(200);
    const body = again.json() as CopyPreviousTermResponse;
    expect(body.actives).toEqual([]);
    expect(body.plan.items.every((i) => i.cicles.length === 0 && i.skipped.every((s) => s.reason === 'exists'))).toBe(true);
    expect(await activesOf(target.id)).toHaveLength(before.length);
  });

  it('two copies sent at once create each application once', async () => {
    const target = await addTermAfterLast('2999A');
    const answers = await Promise.all([copy({ periodoId: target.id }), copy({ periodoId: target.id })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    const rows = await activesOf(target.id);
    expect(rows).toHaveLength(DEMO_CAMPUSES.length);
    expect(new Set(rows.map((r) => r.campusId)).size).toBe(DEMO_CAMPUSES.length);
  });

  it('a campus-restricted user copies only their campus and their survey types, and learns only how many others there are', async () => {
    const target = await addTermAfterLast('2999B');
    await createAdminUser(t.db, { email: 'copia.puebla@encuestas.mx', password: 'Copia2026!x', name: 'Copia Puebla' });
    const id = (await t.db.select().from(adminUsers).where(eq(adminUsers.email, 'copia.puebla@encuestas.mx')))[0]!.id;
    const access = await t.request({
      method: 'PUT',
      url: `${API}/users/${id}/access`,
      payload: { permissions: [PERMISSIONS.createActives, PERMISSIONS.viewActives], groups: [], campusIds: [campusIds.Puebla], cicleIds: [servicesA] },
      token: adminToken,
    });
    expect(access.statusCode, access.body).toBe(200);
    const token = await t.login('copia.puebla@encuestas.mx', 'Copia2026!x');

    const preview = (await copy({ periodoId: target.id, preview: true }, token)).json() as CopyPreviousTermResponse;
    expect(preview.plan.items.map((i) => i.campus.id)).toEqual([campusIds.Puebla]);
    expect(preview.plan.items[0]!.cicles.map((c) => c.id)).toEqual([servicesA]);
    expect(preview.plan.items[0]!.skipped.length).toBeGreaterThan(0);
    expect(preview.plan.items[0]!.skipped.every((s) => s.reason === 'notGranted')).toBe(true);
    expect(preview.plan.not_granted_campus_actives).toBe(DEMO_CAMPUSES.length - 1);

    const otherCampus = await copy({ periodoId: target.id, campusId: campusIds.Guadalajara }, token);
    expect(otherCampus.statusCode).toBe(403);
    expect(otherCampus.json().error.message).toBe(CAMPUS_NOT_GRANTED);

    const done = await copy({ periodoId: target.id, fromPeriodoId: preview.plan.from.id }, token);
    expect(done.statusCode, done.body).toBe(201);
    const rows = await t.db
      .select({ campusId: actives.campusId, cycleId: activeCycles.cycleId })
      .from(actives)
      .innerJoin(activeCycles, eq(activeCycles.activeId, actives.id))
      .where(eq(actives.periodoId, target.id));
    expect(rows).toEqual([{ campusId: campusIds.Puebla, cycleId: servicesA }]);

    // The administrator then copies the rest; Puebla's survey A is not copied twice.
    const rest = await copy({ periodoId: target.id, campusId: campusIds.Puebla });
    const body = rest.json() as CopyPreviousTermResponse;
    expect(body.plan.items[0]!.skipped).toEqual([expect.objectContaining({ id: servicesA, reason: 'exists' })]);
    expect(body.actives[0]!.cicles.map((c) => c.id)).not.toContain(servicesA);
  });

  it("needs 'Crear Periodo de Encuestas', even for the preview", async () => {
    const viewer = await t.login(DEMO_PERIODS_VIEWER.email, DEMO_PERIODS_VIEWER.password);
    for (const preview of [true, false]) {
      const response = await copy({ periodoId: next().id, preview }, viewer);
      expect(response.statusCode).toBe(403);
    }
  });

  it('copies nothing from a previous term without applications, and refuses in Spanish a term with no previous one, an unknown one or a changed previous one', async () => {
    const quiet = await copy({ periodoId: terms[1]!.id });
    expect(quiet.statusCode, quiet.body).toBe(200);
    expect(quiet.json()).toMatchObject({ plan: { from: { id: terms[0]!.id }, items: [] }, actives: [] });
    expect(await activesOf(terms[1]!.id)).toEqual([]);

    const first = await copy({ periodoId: terms[0]!.id, preview: true });
    expect(first.statusCode).toBe(422);
    expect(first.json().error.fields.periodoId).toEqual([`No hay un periodo anterior a ${terms[0]!.nombre} del cual copiar.`]);

    const unknown = await copy({ periodoId: 999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fields.periodoId).toEqual(['El periodo no existe']);

    const stale = await copy({ periodoId: next().id, fromPeriodoId: terms[0]!.id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/^El periodo anterior a \S+ ahora es \S+\. Revisa de nuevo/);

    const bad = await copy({ periodoId: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(await t.db.select().from(actives).where(and(eq(actives.periodoId, terms[0]!.id)))).toEqual([]);
  });
});
