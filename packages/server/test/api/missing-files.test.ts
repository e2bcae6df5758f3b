/**
 * The missing list as a file (GET /reports/export?table=missing): the XLSX
 * (read back with exceljs) and the CSV (parsed, BOM first) hold exactly the
 * people the missing list endpoint names, under the same student filter; a
 * name that looks like a formula stays text; names need 'Ver Pendientes por
 * Responder' and the campus grant, refused with a Spanish 403 before a byte;
 * a list over the row cap is refused whole.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACADEMIC_FILTER_MESSAGE, MISSING_LIST_NOT_PERMITTED, type MissingPerson, type MissingReport } from '@encuestas/core/api/missing';
import { exportTooBigMessage, STUDENT_FILTER_ONLY_MISSING } from '@encuestas/core/api/report-files';
import { PERMISSIONS, type PermissionName } from '@encuestas/core/permissions';
import { actives, activeCycles, campuses, completions, cycles, periods, staff, students, userCampusGrants, userCycleGrants } from '../../src/db/schema';
import { createAdminUser } from '../../src/features/users/service';
import { CAMPUS_NOT_GRANTED } from '../../src/http/grants';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';

const PASSWORD = 'Pendientes-Archivo-2026!';
const FORMULA_NAME = '=HYPERLINK("http://malo.example","clic")';
let t: TestApp;
const ids = { campusA: 0, campusB: 0, periodo: 0, services: 0, environment: 0 };
const tokens = { admin: '', noNames: '', campusB: '', noReports: '' };

// Campus A: ING 1A (four, one answered, one named like a formula), ING 1B (two, one answered), ADM 2A (two). Campus B: one.
const PEOPLE = [
  { name: 'Ana', campus: 'A', plan: 'ING', grupo: '1A', answered: true },
  { name: FORMULA_NAME, campus: 'A', plan: 'ING', grupo: '1A' },
  { name: 'Beto', campus: 'A', plan: 'ING', grupo: '1A' },
  { name: 'Ñoño', campus: 'A', plan: 'ING', grupo: '1A', email: null },
  { name: 'Carla', campus: 'A', plan: 'ING', grupo: '1B', answered: true },
  { name: 'Dario', campus: 'A', plan: 'ING', grupo: '1B' },
  { name: 'Elena', campus: 'A', plan: 'ADM', grupo: '2A' },
  { name: 'Fausto', campus: 'A', plan: 'ADM', grupo: '2A' },
  { name: 'Gina', campus: 'B', plan: 'ING', grupo: '1A' },
] as const;

async function user(email: string, permissionNames: PermissionName[], campusIds: number[]): Promise<string> {
  const row = await createAdminUser(t.db, { email, password: PASSWORD, name: 'Prueba', permissionNames });
  await t.db.insert(userCampusGrants).values(campusIds.map((campusId) => ({ userId: row.id, campusId })));
  await t.db.insert(userCycleGrants).values([ids.services, ids.environment].map((cycleId) => ({ userId: row.id, cycleId })));
  return t.login(email, PASSWORD);
}

beforeAll(async () => {
  // Campus A has six missing: over this cap whole, under it by plan.
  t = await createTestApp({ env: { EXPORT_MAX_ROWS: '5' } });
  const { db } = t;
  const cycleOf = async (kind: string) => (await db.select().from(cycles).where(eq(cycles.surveyKind, kind)))[0]!.id;
  ids.services = await cycleOf('alumnos/serviciosA');
  ids.environment = await cycleOf('administrativos/ambiente');
  [ids.campusA, ids.campusB] = (await db.insert(campuses).values([{ nombre: 'Archivo Pendientes A' }, { nombre: 'Archivo Pendientes B' }]).returning()).map(
    (c) => c.id,
  ) as [number, number];
  ids.periodo = (await db.insert(periods).values({ nombre: '2026A', fechaInicio: '2026-01-15', fechaFin: '2026-06-30' }).returning())[0]!.id;
  const [activeA, activeB] = (
    await db
      .insert(actives)
      .values([ids.campusA, ids.campusB].map((campusId) => ({ campusId, periodoId: ids.periodo, startActive: '2026-03-01', endActive: '2026-04-30' })))
      .returning()
  ).map((a) => a.id) as [number, number];
  await db.insert(activeCycles).values([
    { activeId: activeA, cycleId: ids.services },
    { activeId: activeB, cycleId: ids.services },
    { activeId: activeA, cycleId: ids.environment },
  ]);
  const rows = await db
    .insert(students)
    .values(
      PEOPLE.map((p, i) => ({
        pcId: String(410000000 + i),
        name: p.name,
        lastName: 'Prueba',
        email: 'email' in p ? null : `alumno${i}@alumnos.prueba.mx`,
        campusId: p.campus === 'A' ? ids.campusA : ids.campusB,
        plan: p.plan,
        grupo: p.grupo,
        sesion: 'M',
        year: 2026,
        periodoId: ids.periodo,
      })),
    )
    .returning();
  const done = rows.filter((_, i) => 'answered' in PEOPLE[i]!);
  await db
    .insert(completions)
    .values(done.map((row) => ({ respondentType: 'student', respondentId: row.id, activeId: activeA, cycleId: ids.services, idempotencyKey: randomUUID() })));
  await db
    .insert(staff)
    .values(['Coordinadora', 'Contador'].map((puesto, i) => ({ pcId: String(510000000 + i), name: `Trabajador ${i}`, email: `t${i}@prueba.mx`, campusId: ids.campusA, tipo: 'Administrativo', puesto })));

  const names = PERMISSIONS.viewMissingRespondents;
  tokens.admin = await user('archivo-pendientes@prueba.mx', [PERMISSIONS.viewCycleReports, names], [ids.campusA, ids.campusB]);
  tokens.noNames = await user('archivo-sin-nombres@prueba.mx', [PERMISSIONS.viewCycleReports], [ids.campusA, ids.campusB]);
  tokens.campusB = await user('archivo-campus-b@prueba.mx', [PERMISSIONS.viewCampusReports, names], [ids.campusB]);
  tokens.noReports = await user('archivo-sin-reportes@prueba.mx', [names], [ids.campusA, ids.campusB]);
});

afterAll(async () => {
  await t?.close();
});

function url(path: string, params: Record<string, string | number | undefined>): string {
  const entries = Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return `${API}${path}?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
}
const get = (path: string, params: Record<string, string | number | undefined>, token = tokens.admin) => t.request({ method: 'GET', url: url(path, params), token });
const scopeA = () => ({ periodoId: ids.periodo, campusId: ids.campusA });
const exportMissing = (params: Record<string, string | number | undefined>, token = tokens.admin) =>
  get('/reports/export', { cicleId: ids.services, ...scopeA(), table: 'missing', ...params }, token);

async function listed(filter: Record<string, string | undefined>): Promise<MissingPerson[]> {
  const res = await get(`/ciclo/${ids.services}/missing/students`, { ...scopeA(), ...filter, perPage: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MissingReport>().missingList!.people;
}

async function xlsxSheet(body: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}
const sheetRows = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};
function csvRows(body: Buffer): string[][] {
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(body.subarray(3).toString('utf8')) as string[][];
}
/** A person as the file writes them (a leading '=' escaped with an apostrophe; no e-mail: empty). */
const asRow = (p: MissingPerson) => [p.fullName.startsWith('=') ? `'${p.fullName}` : p.fullName, p.pcId, p.plan, p.grupo, p.email ?? '', p.campus];
const HEADER = ['Nombre', 'pc_id', 'Plan', 'Grupo', 'Correo', 'Campus'];
const fileName = (res: { headers: Record<string, unknown> }) => /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1];

describe(`the missing list as XLSX and CSV (${driverName})`, () => {
  it('writes exactly the people of the missing list, filtered by plan and by group, in both formats', async () => {
    for (const filter of [{ plan: 'ADM' }, { plan: 'ING' }, { plan: 'ING', grupo: '1A' }]) {
      const people = await listed(filter);
      const expected = people.map(asRow);

      const xlsx = await exportMissing({ ...filter, format: 'xlsx' });
      expect(xlsx.statusCode, xlsx.body).toBe(200);
      expect(fileName(xlsx)).toMatch(/^pendientes-alumnos_.*_2026a_archivo-pendientes-a\.xlsx$/);
      const rows = sheetRows(await xlsxSheet(xlsx.rawPayload)).map((row) => HEADER.map((_, i) => row[i] ?? ''));
      expect(rows).toEqual([HEADER, ...expected]);

      const csv = await exportMissing({ ...filter, format: 'csv' });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csvRows(csv.rawPayload)).toEqual([HEADER, ...expected]);
    }
    // The filter narrowed what the fixture says: ING 1A has three still missing at campus A, campus B's student never appears.
    expect((await listed({ plan: 'ING', grupo: '1A' })).map((p) => p.fullName).sort()).toEqual(['Beto Prueba', `${FORMULA_NAME} Prueba`, 'Ñoño Prueba'].sort());
  });

  it('refuses the whole list over EXPORT_MAX_ROWS with a Spanish message before any file byte', async () => {
    const res = await exportMissing({ format: 'xlsx' });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json().error.message).toBe(exportTooBigMessage(6, 5));
  });

  it('writes a name that begins with = as text, never as a formula', async () => {
    const sheet = await xlsxSheet((await exportMissing({ plan: 'ING', grupo: '1A', format: 'xlsx' })).rawPayload);
    const row = sheetRows(sheet).findIndex((values) => String(values[0]).includes('HYPERLINK'));
    const cell = sheet.getRow(row + 1).getCell(1);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(`'${FORMULA_NAME} Prueba`);
    const csv = csvRows((await exportMissing({ plan: 'ING', grupo: '1A', format: 'csv' })).rawPayload);
    expect(csv.map((values) => values[0])).toContain(`'${FORMULA_NAME} Prueba`);
  });

  it('writes the academic list of a staff survey with their posts, and refuses the student filter there', async () => {
    const res = await get('/reports/export', { cicleId: ids.environment, ...scopeA(), table: 'missing', format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fileName(res)).toMatch(/^pendientes-academicos_/);
    const rows = csvRows(res.rawPayload);
    expect(rows[0]).toEqual(['Nombre', 'pc_id', 'Puesto', 'Correo', 'Campus']);
    expect(rows.slice(1).map((r) => r[2]).sort()).toEqual(['Contador', 'Coordinadora']);

    const refused = await get('/reports/export', { cicleId: ids.environment, ...scopeA(), table: 'missing', plan: 'ING' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(ACADEMIC_FILTER_MESSAGE);
  });

  it('refuses the student filter on a table that holds no people', async () => {
    const res = await get('/reports/export', { cicleId: ids.services, ...scopeA(), table: 'items', plan: 'ING' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields?.plan).toEqual([STUDENT_FILTER_ONLY_MISSING]);
  });

  it('refuses with 403 and a Spanish message without the names permission, without a report permission, and for another campus', async () => {
    const noNames = await exportMissing({ format: 'xlsx' }, tokens.noNames);
    expect(noNames.statusCode).toBe(403);
    expect(noNames.headers['content-type']).toContain('application/json');
    expect(noNames.json().error).toEqual({ code: 'FORBIDDEN', message: MISSING_LIST_NOT_PERMITTED });

    const noReports = await exportMissing({ format: 'csv' }, tokens.noReports);
    expect(noReports.statusCode).toBe(403);
    expect(noReports.json().error.code).toBe('FORBIDDEN');

    const otherCampus = await exportMissing({ format: 'csv' }, tokens.campusB);
    expect(otherCampus.statusCode).toBe(403);
    expect(otherCampus.json().error.message).toBe(CAMPUS_NOT_GRANTED);
    // Its own campus is fine: the one student there.
    const own = await get('/reports/export', { cicleId: ids.services, periodoId: ids.periodo, campusId: ids.campusB, table: 'missing', format: 'csv' }, tokens.campusB);
    expect(own.statusCode, own.body).toBe(200);
    expect(csvRows(own.rawPayload).slice(1).map((r) => r[0])).toEqual(['Gina Prueba']);
  });
});
