/**
 * RESPONDENT_EMAIL_DOMAINS (issue 17): imports from the admin screen and the
 * command line and the SIS sync refuse a person's e-mail outside the listed
 * domains as a row error, and the sign-in code is never mailed to such an
 * address, even one stored before the setting. The command line runs as its
 * own process, as an operator runs it.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mexicoCityDay } from '@encuestas/core/dates';
import { DEMO_ADMIN, DEMO_STUDENT_PC_ID } from '../../src/db/seed/demo';
import { actives, campuses, cycles, mailOutbox, staff, students, teachers } from '../../src/db/schema';
import { EMAIL_OUTSIDE_DOMAINS_MESSAGE } from '../../src/features/respondents/login-codes';
import { API, createTestApp, makeTempDir, TEST_JWT_SECRET, type TestApp } from '../helpers/app';
import { driverName, preparePgliteDir, usingPostgres } from '../helpers/database';

const DOMAINS = 'alumnos.encuestas.mx,docentes.encuestas.mx';
const ROW_MESSAGE = 'El correo debe ser de un dominio de la institución: @alumnos.encuestas.mx o @docentes.encuestas.mx';
/** Hang detector for the reminder job (the machine may be loaded; a job of two people takes well under a second). */
const HANG = 120_000;
const cliPath = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ demo: true, env: { RESPONDENT_EMAIL_DOMAINS: DOMAINS } });
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

const importCsv = (entity: string, csv: string) => t.request({ method: 'POST', url: `${API}/directory/import/${entity}`, payload: { csv }, token: admin });
const rowErrors = (report: { errors: { row: number; field?: string; message: string }[] }) =>
  report.errors.map(({ row, field, message }) => [row, field, message]);

/**
 * Runs `npm run cli -- …` as its own process, on this file's database
 * (PostgreSQL) or on a PGlite folder of its own, which has no campuses: its
 * reports then also name the unknown campus, so tests look for their line.
 */
function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const temp = makeTempDir('encuestas-cli-');
  if (!usingPostgres) preparePgliteDir(path.join(temp.dir, 'pgdata'));
  const child = spawn(process.execPath, ['--import', 'tsx', cliPath, ...args], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: temp.dir,
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      RESPONDENT_EMAIL_DOMAINS: DOMAINS,
      ...(t.database.url ? { DATABASE_URL: t.database.url } : {}),
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      temp.remove();
      resolve({ code, output });
    });
  });
}

describe(`e-mail domains of imports (${driverName})`, () => {
  it('refuses, row by row, students, teachers and staff whose e-mail is outside the domains, and imports nothing of that file', async () => {
    const studentsCsv = [
      'pc_id,nombre,correo,campus,plan,grupo,sesion,anio',
      '980000001,Ana,ana@alumnos.encuestas.mx,Puebla,LADE,1A,Matutino,2026',
      '980000002,Beto,beto@gmail.com,Puebla,LADE,1A,Matutino,2026',
      // A domain matches exactly: neither a subdomain nor the parent of a listed one.
      '980000003,Carla,carla@sub.alumnos.encuestas.mx,Puebla,LADE,1A,Matutino,2026',
      '980000004,Dani,dani@encuestas.mx,Puebla,LADE,1A,Matutino,2026',
      '980000005,Eva,EVA@Alumnos.Encuestas.MX,Puebla,LADE,1A,Matutino,2026',
      '980000006,Fer,,Puebla,LADE,1A,Matutino,2026',
    ].join('\n');
    const refused = await importCsv('alumnos', studentsCsv);
    expect(refused.statusCode).toBe(422);
    expect(rowErrors(refused.json().report)).toEqual([
      [3, 'correo', ROW_MESSAGE],
      [4, 'correo', ROW_MESSAGE],
      [5, 'correo', ROW_MESSAGE],
    ]);
    expect(await t.db.select().from(students).where(eq(students.pcId, '980000001'))).toEqual([]);

    const fixed = studentsCsv.split('\n').filter((_, i) => ![2, 3, 4].includes(i)).join('\n');
    const imported = await importCsv('alumnos', fixed);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().report).toMatchObject({ imported: 3, errors: [] });

    const teacherCsv = 'pc_id,nombre,correo,campus\n980000010,Marta,marta@docentes.encuestas.mx,Puebla\n980000011,Raúl,raul@proton.me,Puebla';
    const teachersRefused = await importCsv('docentes', teacherCsv);
    expect(rowErrors(teachersRefused.json().report)).toEqual([[3, 'correo', ROW_MESSAGE]]);
    expect(await t.db.select().from(teachers).where(eq(teachers.pcId, '980000010'))).toEqual([]);

    const staffCsv = 'ID,CAMPUS,TIPO,NOMBRE,CORREO\n980000020,Puebla,Administrativo,Elena,elena@outlook.com';
    expect(rowErrors((await importCsv('administrativos', staffCsv)).json().report)).toEqual([[2, 'correo', ROW_MESSAGE]]);
    expect(await t.db.select().from(staff).where(eq(staff.pcId, '980000020'))).toEqual([]);
  });
});

describe(`e-mail domains from the command line and the SIS sync (${driverName})`, () => {
  let server: Server;
  let sisUrl = '';
  const DATA: Record<string, Record<string, unknown>[]> = {
    students: [
      { peopleId: '981000001', firstName: 'Sis', lastName: 'Uno', email: 'uno@alumnos.encuestas.mx', campus: 'Puebla', program: 'LCOM', group: '1A', session: 'Matutino', admitYear: 2026 },
      { peopleId: '981000002', firstName: 'Sis', lastName: 'Dos', email: 'dos@hotmail.com', campus: 'Puebla', program: 'LCOM', group: '1A', session: 'Matutino', admitYear: 2026 },
    ],
    faculty: [],
    staff: [],
    sections: [],
    enrollments: [],
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const items = DATA[new URL(req.url!, 'http://sis').pathname.slice(1)] ?? [];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: items, page: 1, totalPages: 1 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    sisUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('the command line refuses them too, in a CSV import and in the SIS sync, naming the line', async () => {
    const temp = makeTempDir('encuestas-csv-');
    try {
      const file = path.join(temp.dir, 'docentes.csv');
      writeFileSync(file, 'pc_id,nombre,correo,campus\n980000030,Sara,sara@docentes.encuestas.mx,Puebla\n980000031,Iván,ivan@gmail.com,Puebla\n');
      // Side by side: each is a process of its own, as an operator runs it.
      const [csvImport, sync] = await Promise.all([runCli(['import', 'docentes', file], {}), runCli(['sis-sync'], { SIS_URL: sisUrl })]);
      expect(csvImport.code, csvImport.output).toBe(1);
      expect(csvImport.output).toMatch(/docentes: \d+ error\(s\); nothing was imported\./);
      expect(csvImport.output).toContain(`line 3 [correo]: ${ROW_MESSAGE}`);
      expect(csvImport.output).not.toMatch(/line 2 \[correo\]/);

      expect(sync.code, sync.output).toBe(1);
      expect(sync.output).toMatch(/alumnos: \d+ error\(s\); nothing was imported\./);
      expect(sync.output).toContain(`line 3 [correo]: ${ROW_MESSAGE}`);
      expect(sync.output).not.toMatch(/line 2 \[correo\]/);
      if (usingPostgres) {
        expect(await t.db.select().from(teachers).where(eq(teachers.pcId, '980000030'))).toEqual([]);
        expect(await t.db.select().from(students).where(eq(students.pcId, '981000001'))).toEqual([]);
      }
    } finally {
      temp.remove();
    }
  });
});

describe(`sign-in codes and stored e-mails (${driverName})`, () => {
  it('never mails a code to a stored address outside the domains, whether asked by pc_id or by that address', async () => {
    const [campus] = await t.db.select().from(campuses).limit(1);
    // Stored before the setting (or by hand): the code still must not go there.
    await t.db.insert(students).values({ pcId: '982000001', name: 'Fuera', lastName: 'Dominio', email: 'fuera@gmail.com', campusId: campus!.id, plan: 'LADE', grupo: '1A', sesion: 'Matutino', year: 2026 });
    for (const identifier of ['982000001', 'fuera@gmail.com']) {
      const refused = await t.request({ method: 'POST', url: `${API}/respondents/code`, payload: { identifier } });
      expect(refused.statusCode, identifier).toBe(422);
      expect(refused.json().error.fields).toEqual({ identifier: [EMAIL_OUTSIDE_DOMAINS_MESSAGE] });
    }
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'fuera@gmail.com'))).toEqual([]);

    // Demo students' addresses are in the domains: their code is mailed.
    const [demo] = await t.db.select({ email: students.email }).from(students).where(eq(students.pcId, DEMO_STUDENT_PC_ID));
    expect((await t.request({ method: 'POST', url: `${API}/respondents/code`, payload: { identifier: DEMO_STUDENT_PC_ID } })).statusCode).toBe(201);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, demo!.email!))).toHaveLength(1);
  });
});

describe(`reminders and stored e-mails (${driverName})`, () => {
  it('never mails a reminder to a stored address outside the domains; the others of the list get theirs', async () => {
    const [campus] = await t.db.select().from(campuses).orderBy(campuses.id).limit(1);
    await t.db.insert(students).values([
      { pcId: '982000011', name: 'Fuera', lastName: 'Recordatorio', email: 'fuera.recordatorio@gmail.com', campusId: campus!.id, plan: 'ZZZ', grupo: '9Z', sesion: 'Matutino', year: 2026 },
      { pcId: '982000012', name: 'Dentro', lastName: 'Recordatorio', email: 'dentro.recordatorio@alumnos.encuestas.mx', campusId: campus!.id, plan: 'ZZZ', grupo: '9Z', sesion: 'Matutino', year: 2026 },
    ]);
    const [servicesA] = await t.db.select().from(cycles).where(eq(cycles.surveyKind, 'alumnos/serviciosA'));
    const [period] = await t.db
      .select({ id: actives.periodoId })
      .from(actives)
      .where(and(eq(actives.campusId, campus!.id), lte(actives.startActive, mexicoCityDay()), gte(actives.endActive, mexicoCityDay())));
    const started = await t.request({
      method: 'POST',
      url: `${API}/ciclo/${servicesA!.id}/missing/students/reminders`,
      payload: { periodoId: period!.id, campusId: campus!.id, plan: 'ZZZ', grupo: '9Z', subject: 'Te falta la {encuesta}', text: 'Hola {nombre}, responde en {enlace}.' },
      token: admin,
    });
    expect(started.statusCode, started.body).toBe(202);
    const jobId = started.json<{ job: { id: string } }>().job.id;
    await vi.waitFor(
      async () => expect((await t.request({ method: 'GET', url: `${API}/reminders/${jobId}`, token: admin })).json().job.status).toBe('done'),
      { timeout: HANG, interval: 50 },
    );
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'dentro.recordatorio@alumnos.encuestas.mx'))).toHaveLength(1);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'fuera.recordatorio@gmail.com'))).toEqual([]);
  });
});
