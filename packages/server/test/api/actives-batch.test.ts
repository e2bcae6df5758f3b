/**
 * Creating an application for several campuses at once (POST /actives/batch):
 * one transaction, one audit entry per application, 'Crear Periodo de
 * Encuestas' and a grant for every campus, or nothing is created.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_CAMPUSES_MESSAGE } from '@encuestas/core/api/actives';
import { addDays, mexicoCityDay } from '@encuestas/core/dates';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { actives, adminUsers, auditLog, cycles } from '../../src/db/schema';
import { CAMPUS_NOT_GRANTED } from '../../src/http/grants';
import { createAdminUser } from '../../src/features/users/service';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { createAdmin, createCampus, createPeriod } from '../helpers/factories';

let t: TestApp;
let adminToken: string;
/** Sees applications at Puebla but may not create one. */
let viewerToken: string;
let campusIds: Record<string, number>;
let currentPeriod: number;
let servicesA: number;
const today = mexicoCityDay();

beforeAll(async () => {
  t = await createTestApp();
  campusIds = {};
  for (const nombre of ['Puebla', 'Guadalajara', 'CDMX', 'Oaxaca']) campusIds[nombre] = await createCampus(t.db, nombre);
  currentPeriod = await createPeriod(t.db);
  servicesA = (await t.db.select().from(cycles).where(eq(cycles.name, 'Encuesta de Servicios A')))[0]!.id;
  adminToken = (await createAdmin(t)).token;
  viewerToken = await signedInAdmin(t, {
    email: 'consulta.lote@prueba.mx',
    password: 'Consulta-Lote-2026!',
    permissionNames: [PERMISSIONS.viewActives],
    campusIds: [campusIds.Puebla!],
    cycleIds: [servicesA],
  });
});
afterAll(async () => {
  await t?.close();
});

const batch = (payload: object, token = adminToken) => t.request({ method: 'POST', url: `${API}/actives/batch`, payload, token });
const window = (offset: number) => ({ startDate: addDays(today, offset), endDate: addDays(today, offset + 9) });
const activesFrom = (startDate: string) => t.db.select().from(actives).where(eq(actives.startActive, startDate));

describe(`several campuses at once (${driverName})`, () => {
  it('creates one application per campus with the same period, days and cycles, each audited', async () => {
    const days = window(300);
    const chosen = [campusIds.Puebla!, campusIds.Guadalajara!, campusIds.CDMX!];
    const response = await batch({ campusIds: chosen, periodoId: currentPeriod, ...days, cicles: [servicesA] });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json().actives as { id: number; campus_id: number; start_active: string; cicles: { id: number }[] }[];
    expect(created.map((a) => a.campus_id).sort()).toEqual([...chosen].sort());
    expect(created.every((a) => a.start_active === days.startDate && a.cicles[0]?.id === servicesA)).toBe(true);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'active'), inArray(auditLog.entityId, created.map((a) => String(a.id)))));
    expect(entries).toHaveLength(3);
    expect(entries.every((e) => e.action === 'create' && e.entity === 'active')).toBe(true);
  });

  it('creates nothing when one campus clashes, and names that campus in Spanish', async () => {
    const days = window(330);
    const first = await batch({ campusIds: [campusIds.Oaxaca!], periodoId: currentPeriod, ...days, cicles: [servicesA] });
    expect(first.statusCode).toBe(201);
    const response = await batch({ campusIds: [campusIds.Puebla!, campusIds.Oaxaca!], periodoId: currentPeriod, ...days, cicles: [servicesA] });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toMatch(/ya está asignado en el campus Oaxaca y este periodo/);
    expect((await activesFrom(days.startDate)).map((a) => a.campusId)).toEqual([campusIds.Oaxaca]);
  });

  it('refuses the whole batch when one campus is not granted, or does not exist, or none is given', async () => {
    await createAdminUser(t.db, { email: 'lote.puebla@encuestas.mx', password: 'Lote2026!x', name: 'Lote Puebla', permissionNames: [PERMISSIONS.createActives] });
    const id = (await t.db.select().from(adminUsers).where(eq(adminUsers.email, 'lote.puebla@encuestas.mx')))[0]!.id;
    const access = await t.request({
      method: 'PUT',
      url: `${API}/users/${id}/access`,
      payload: { permissions: [PERMISSIONS.createActives], groups: [], campusIds: [campusIds.Puebla], cicleIds: [servicesA] },
      token: adminToken,
    });
    expect(access.statusCode, access.body).toBe(200);
    const token = await t.login('lote.puebla@encuestas.mx', 'Lote2026!x');

    const days = window(360);
    const notGranted = await batch({ campusIds: [campusIds.Puebla!, campusIds.Guadalajara!], periodoId: currentPeriod, ...days, cicles: [servicesA] }, token);
    expect(notGranted.statusCode).toBe(403);
    expect(notGranted.json().error.message).toBe(CAMPUS_NOT_GRANTED);
    const missing = await batch({ campusIds: [campusIds.Puebla!, 99999], periodoId: currentPeriod, ...days, cicles: [servicesA] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.fields.campusIds).toEqual(['El campus no existe']);
    const none = await batch({ campusIds: [], periodoId: currentPeriod, ...days, cicles: [servicesA] });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.fields.campusIds).toContain(ACTIVE_CAMPUSES_MESSAGE);
    expect(await activesFrom(days.startDate)).toEqual([]);

    const own = await batch({ campusIds: [campusIds.Puebla!], periodoId: currentPeriod, ...days, cicles: [servicesA] }, token);
    expect(own.statusCode).toBe(201);
  });

  it("needs 'Crear Periodo de Encuestas'", async () => {
    const response = await batch({ campusIds: [campusIds.Puebla!], periodoId: currentPeriod, ...window(390), cicles: [servicesA] }, viewerToken);
    expect(response.statusCode).toBe(403);
    expect(await activesFrom(window(390).startDate)).toEqual([]);
  });
});
