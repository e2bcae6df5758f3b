/**
 * The respondent directory: CSV import (all-or-nothing, row-by-row report)
 * and the PowerCampus-style HTTP connector, tested against a fake SIS server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { queryRows } from '../../src/db/client';
import { DEMO_ADMIN, DEMO_PERIODS_VIEWER } from '../../src/db/seed/demo';
import { classes, enrolments, periods, staff, students, teachers } from '../../src/db/schema';
import { PowerCampusHttpConnector, syncFromSis } from '../../src/features/directory/sis';
import { createAdminUser } from '../../src/features/users/service';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';

let t: TestApp;
let admin: string;
let period: string;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const [current] = await t.db.select().from(periods).where(eq(periods.id, t.demo!.currentPeriodId));
  period = current!.nombre;
});
afterAll(async () => {
  await t?.close();
});

const importCsv = (entity: string, csv: string, token = admin) =>
  t.request({ method: 'POST', url: `${API}/directory/import/${entity}`, payload: { csv }, token });

describe(`CSV import of the directory (${driverName})`, () => {
  it('imports students, accepting accents and case in headers and campus names, and updates them on a second import', async () => {
    const csv = [
      'PC_ID,Nombre,Apellido Paterno,Apellido Materno,Correo,Campus,Plan,Grupo,Sesión,Año,Periodo,Nuevo Ingreso',
      `910000001,Lucía,Pérez,Gómez,Lucia.Perez@alumnos.mx,merida,LADE,1A,Matutino,2026,${period},sí`,
      `910000002,Tomás,Ruiz,,tomas@alumnos.mx,Mérida,LADE,1A,Vespertino,2026,${period},no`,
    ].join('\n');
    const first = await importCsv('alumnos', csv);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().report).toMatchObject({ imported: 2, created: 2, updated: 0, errors: [] });
    const [lucia] = await t.db.select().from(students).where(eq(students.pcId, '910000001'));
    expect(lucia).toMatchObject({ name: 'Lucía', email: 'lucia.perez@alumnos.mx', newIntake: true, year: 2026 });

    const again = await importCsv('alumnos', csv.replace('Matutino', 'Vespertino'));
    expect(again.json().report).toMatchObject({ imported: 2, created: 0, updated: 2 });
    expect((await t.db.select().from(students).where(eq(students.pcId, '910000001')))[0]!.sesion).toBe('Vespertino');
  });

  it('reports every bad row with its line and imports nothing when any row is wrong', async () => {
    const csv = [
      'pc_id,nombre,apellido_paterno,apellido_materno,correo,campus,plan,grupo,sesion,anio',
      '920000001,Ana,López,,ana@alumnos.mx,Puebla,LADE,1A,Matutino,2026',
      '12345,Beto,López,,beto@alumnos.mx,Puebla,LADE,1A,Matutino,2026',
      '920000003,Carla,López,,no-es-correo,Atlantis,LADE,1A,Matutino,dos mil',
      '920000001,Ana,López,,ana@alumnos.mx,Puebla,LADE,1A,Matutino,2026',
    ].join('\n');
    const response = await importCsv('alumnos', csv);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.error.message).toMatch(/errores; no se importó nada/);
    const byLine = (line: number) => body.report.errors.filter((e: { row: number }) => e.row === line).map((e: { field: string }) => e.field);
    expect(byLine(3)).toEqual(['pc_id']);
    expect(byLine(4).sort()).toEqual(['anio', 'correo']);
    expect(byLine(5)).toEqual(['pc_id']);
    expect(await t.db.select().from(students).where(eq(students.pcId, '920000001'))).toEqual([]);
  });

  it('names missing columns and refuses a file that is not CSV', async () => {
    const missing = await importCsv('docentes', 'pc_id,nombre\n930000001,Sara');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().report.errors[0].message).toBe('Faltan columnas: campus');
    const broken = await importCsv('docentes', 'pc_id,nombre,campus\n"930000001,Sara,Puebla');
    expect(broken.statusCode).toBe(422);
  });

  it('imports staff, leaving out rows whose TIPO is a PowerCampus person type', async () => {
    const csv = [
      'ID,CAMPUS,TIPO,PUESTO,NOMBRE,CORREO',
      '940000001,León,Administrativo,Recepción,Elena,elena@encuestas.mx',
      '940000002,León,Faculty,Docente,Raúl,raul@encuestas.mx',
      '940000003,León,Student,Becario,Iván,ivan@encuestas.mx',
    ].join('\n');
    const response = await importCsv('administrativos', csv);
    expect(response.json().report).toMatchObject({ imported: 1, skipped: 2 });
    expect((await t.db.select().from(staff).where(eq(staff.pcId, '940000002')))).toEqual([]);
  });

  it('imports teachers, classes and enrolments that refer to each other', async () => {
    expect((await importCsv('docentes', `pc_id,nombre,campus,correo\n950000001,Marta,Oaxaca,marta@docentes.mx`)).statusCode).toBe(200);
    expect((await importCsv('alumnos', `pc_id,nombre,campus,plan,grupo,sesion,anio\n950000002,Pablo,Oaxaca,ISC,3A,Matutino,2025`)).statusCode).toBe(200);
    const classCsv = `clave,nombre,campus,periodo,docente_pc_id,plan,grupo\nISC-3A-9,Compiladores,Oaxaca,${period},950000001,ISC,3A`;
    expect((await importCsv('clases', classCsv)).json().report).toMatchObject({ imported: 1, created: 1 });
    const badClass = await importCsv('clases', `clave,nombre,campus,periodo,docente_pc_id,plan,grupo\nX-1,Algo,Oaxaca,1999Z,999999999,ISC,3A`);
    expect(badClass.json().report.errors.map((e: { field: string }) => e.field).sort()).toEqual(['docente_pc_id', 'periodo']);
    const enrolment = await importCsv('inscripciones', `clave,campus,periodo,alumno_pc_id\nISC-3A-9,Oaxaca,${period},950000002`);
    expect(enrolment.json().report).toMatchObject({ imported: 1, created: 1 });
    const [cls] = await t.db.select().from(classes).where(eq(classes.code, 'ISC-3A-9'));
    expect(await t.db.select().from(enrolments).where(eq(enrolments.classId, cls!.id))).toHaveLength(1);
  });

  it('leaves the planner statistics of what it wrote current (embedded PGlite runs no autovacuum to gather them)', async () => {
    const estimate = async () =>
      (await queryRows<{ estimated: number; actual: number }>(
        t.db,
        sql`select (select reltuples from pg_class where relname = 'teacher')::int as estimated, (select count(*) from teacher)::int as actual`,
      ))[0]!;
    const csv = ['pc_id,nombre,campus,correo', ...[1, 2, 3, 4, 5].map((n) => `96000000${n},Docente ${n},Puebla,docente${n}@docentes.mx`)].join('\n');
    expect((await importCsv('docentes', csv)).json().report).toMatchObject({ imported: 5, errors: [] });
    const after = await estimate();
    expect(after.estimated).toBe(after.actual);
  });

  it('needs Importar Directorio, and only imports into campuses the user holds', async () => {
    const viewer = await t.login(DEMO_PERIODS_VIEWER.email, DEMO_PERIODS_VIEWER.password);
    expect((await importCsv('docentes', 'pc_id,nombre,campus\n960000001,Sara,Puebla', viewer)).statusCode).toBe(403);
    const anonymous = await t.request({ method: 'POST', url: `${API}/directory/import/docentes`, payload: { csv: 'pc_id,nombre,campus' } });
    expect(anonymous.statusCode).toBe(401);
    await createAdminUser(t.db, { email: 'importa@encuestas.mx', password: 'Importa2026!', name: 'Importa', permissionNames: [PERMISSIONS.importDirectory] });
    const importer = await t.login('importa@encuestas.mx', 'Importa2026!');
    const response = await importCsv('docentes', 'pc_id,nombre,campus\n960000001,Sara,Puebla', importer);
    expect(response.statusCode).toBe(422);
    expect(response.json().report.errors[0].message).toBe('No tienes acceso al campus «Puebla»');
  });
});

describe(`PowerCampus-style HTTP connector (${driverName})`, () => {
  let server: Server;
  let baseUrl: string;
  const seenAuth: string[] = [];
  const DATA: Record<string, Record<string, unknown>[]> = {
    students: Array.from({ length: 5 }, (_, i) => ({
      peopleId: `97000000${i + 1}`,
      firstName: `Alumno ${i + 1}`,
      lastName: 'Sis',
      email: `alumno${i + 1}@sis.mx`,
      campus: 'Veracruz',
      program: 'LCOM',
      group: '1A',
      session: 'Matutino',
      admitYear: 2026,
      newStudent: i === 0,
    })),
    faculty: [{ peopleId: '970000100', firstName: 'Docente', lastName: 'Sis', email: 'docente@sis.mx', campus: 'Veracruz' }],
    staff: [{ peopleId: '970000200', firstName: 'Admin', lastName: 'Sis', campus: 'Veracruz', type: 'Administrativo', position: 'Caja' }],
    sections: [],
    enrollments: [],
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      seenAuth.push(req.headers.authorization ?? '');
      const url = new URL(req.url!, 'http://sis');
      const items = DATA[url.pathname.slice(1)];
      if (!items) {
        res.writeHead(404).end();
        return;
      }
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('pageSize'));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: items.slice((page - 1) * size, page * size), page, totalPages: Math.max(1, Math.ceil(items.length / size)) }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('pulls students, teachers and staff page by page with the token and imports them', async () => {
    const reports = await syncFromSis(t.db, new PowerCampusHttpConnector(baseUrl, 'secreto-sis', 2));
    expect(reports.map((r) => [r.entity, r.imported, r.errors.length])).toEqual([
      ['alumnos', 5, 0],
      ['docentes', 1, 0],
      ['administrativos', 1, 0],
    ]);
    expect(seenAuth.every((h) => h === 'Bearer secreto-sis')).toBe(true);
    expect(seenAuth.filter(Boolean).length).toBeGreaterThanOrEqual(3 + 2 + 2);
    expect((await t.db.select().from(students).where(eq(students.pcId, '970000005')))[0]).toMatchObject({ plan: 'LCOM', email: 'alumno5@sis.mx' });
    expect((await t.db.select().from(teachers).where(eq(teachers.pcId, '970000100')))).toHaveLength(1);
  });

  it('stops at an entity whose records have errors, importing none of its rows', async () => {
    DATA.faculty = [{ peopleId: 'bad', firstName: 'X', campus: 'Veracruz' }];
    const reports = await syncFromSis(t.db, new PowerCampusHttpConnector(baseUrl, undefined, 100));
    expect(reports.map((r) => r.entity)).toEqual(['alumnos', 'docentes']);
    expect(reports[1]!.errors[0]).toMatchObject({ field: 'pc_id' });
  });

  it('fails clearly when the SIS answers with an error', async () => {
    const connector = new PowerCampusHttpConnector(`${baseUrl}nope/`, undefined);
    await expect(syncFromSis(t.db, connector)).rejects.toThrow(/answered 404/);
  });
});
