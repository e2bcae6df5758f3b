/**
 * Test factories: each builds only what a test needs (a campus, a period, an
 * open application of some survey kinds, respondents with their directory
 * rows, an administrator, published responses), through the same tables the
 * seeds and the directory import write, so a test does not depend on the demo
 * seed (whose figures change when the demo does) and starts faster.
 *
 * Names and PowerCampus ids come from counters, so factories can be called
 * many times in one database. Published responses go through the real path:
 * the respondent's submission route, then the real mover.
 */
import { inArray, ne } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays, mexicoCityDay } from '@encuestas/core/dates';
import { SUGGESTION_BOX_CYCLE_NAME } from '@encuestas/core/survey-kinds';
import type { Database } from '../../src/db/client';
import { createAdminUser, grantEverything } from '../../src/db/admin-users';
import { activeCycles, actives, campuses, classes, cycles, enrolments, newIntakeTargets, periods, staff, students, teachers } from '../../src/db/schema';
import { periodForDay } from '../../src/db/seed/demo';
import { publishHeldResponses } from '../../src/features/responses/mover';
import { API, type TestApp } from './app';
import { testHeldKey } from './held';

let sequence = 0;
let sequenceFile: string | undefined;
/** A number never handed out before in this test file, from 1 (files share this module in a worker: vitest.config.ts's isolate). */
function next(): number {
  const file = expect.getState().testPath;
  if (file !== sequenceFile) [sequenceFile, sequence] = [file, 0];
  return ++sequence;
}

export async function createCampus(db: Database, nombre = `Campus ${next()}`): Promise<number> {
  const [row] = await db.insert(campuses).values({ nombre }).returning({ id: campuses.id });
  return row!.id;
}

/** A period (default: the PowerCampus half-year holding today, as the demo's current period). */
export async function createPeriod(db: Database, period = periodForDay(mexicoCityDay())): Promise<number> {
  const [row] = await db.insert(periods).values(period).returning({ id: periods.id });
  return row!.id;
}

/** Cycle ids by survey kind (every kind when none is named). */
export async function cycleIds(db: Database, kinds?: readonly string[]): Promise<Record<string, number>> {
  const rows = await db
    .select({ id: cycles.id, kind: cycles.surveyKind })
    .from(cycles)
    .where(kinds ? inArray(cycles.surveyKind, [...kinds]) : undefined);
  return Object.fromEntries(rows.map((row) => [row.kind, row.id]));
}

export interface ApplicationInput {
  campusId: number;
  periodoId: number;
  /** Survey kinds attached (default: every cycle but the suggestion box, as the demo's applications). */
  kinds?: readonly string[];
  /** Default: a week ago to five weeks from today, as the demo's open applications. */
  startActive?: string;
  endActive?: string;
}

/** An application (active) of some survey kinds; answers its id and its cycle ids by kind. */
export async function createApplication(db: Database, input: ApplicationInput): Promise<{ activeId: number; cycleIds: Record<string, number> }> {
  const today = mexicoCityDay();
  const attached = input.kinds
    ? await cycleIds(db, input.kinds)
    : Object.fromEntries(
        (await db.select({ id: cycles.id, kind: cycles.surveyKind }).from(cycles).where(ne(cycles.name, SUGGESTION_BOX_CYCLE_NAME))).map((row) => [row.kind, row.id]),
      );
  const [active] = await db
    .insert(actives)
    .values({
      campusId: input.campusId,
      periodoId: input.periodoId,
      startActive: input.startActive ?? addDays(today, -7),
      endActive: input.endActive ?? addDays(today, 35),
    })
    .returning({ id: actives.id });
  const ids = Object.values(attached);
  if (ids.length) await db.insert(activeCycles).values(ids.map((cycleId) => ({ activeId: active!.id, cycleId })));
  return { activeId: active!.id, cycleIds: attached };
}

export interface Person {
  id: number;
  pcId: string;
  email: string;
}

function person(prefix: number, domain: string, seq = next()) {
  return { pcId: String(prefix * 100_000_000 + 10_000_000 + seq), name: `Persona ${seq}`, lastName: 'Prueba', email: `persona${seq}@${domain}` };
}

export async function createTeacher(db: Database, input: { campusId: number }): Promise<Person> {
  const [row] = await db
    .insert(teachers)
    .values({ ...person(2, 'docentes.prueba.mx'), campusId: input.campusId })
    .returning({ id: teachers.id, pcId: teachers.pcId, email: teachers.email });
  return row as Person;
}

export async function createStaff(db: Database, input: { campusId: number; tipo?: string; puesto?: string }): Promise<Person> {
  const [row] = await db
    .insert(staff)
    .values({ ...person(3, 'prueba.mx'), campusId: input.campusId, tipo: input.tipo ?? 'Administrativo', puesto: input.puesto ?? 'Servicios escolares' })
    .returning({ id: staff.id, pcId: staff.pcId, email: staff.email });
  return row as Person;
}

export interface StudentInput {
  campusId: number;
  periodoId: number;
  plan?: string;
  grupo?: string;
  /** A newcomer: on the period's new-intake target list. */
  newIntake?: boolean;
  /** Classes of the period the student is enrolled in, each taught by its teacher. */
  classes?: { teacherId: number; name?: string }[];
}

export interface Student extends Person {
  classIds: number[];
}

/** A student with their directory rows: the student, their classes and enrolments, their new-intake target. */
export async function createStudent(db: Database, input: StudentInput): Promise<Student> {
  const plan = input.plan ?? 'LADE';
  const grupo = input.grupo ?? (input.newIntake ? '1A' : '3A');
  const [row] = await db
    .insert(students)
    .values({
      ...person(1, 'alumnos.prueba.mx'),
      campusId: input.campusId,
      plan,
      grupo,
      sesion: 'Matutino',
      year: Number(mexicoCityDay().slice(0, 4)),
      periodoId: input.periodoId,
      newIntake: input.newIntake ?? false,
    })
    .returning({ id: students.id, pcId: students.pcId, email: students.email });
  const classIds: number[] = [];
  for (const [i, taught] of (input.classes ?? []).entries()) {
    const [klass] = await db
      .insert(classes)
      .values({
        code: `${plan}-${grupo}-${next()}`,
        name: taught.name ?? `Materia ${i + 1}`,
        campusId: input.campusId,
        periodoId: input.periodoId,
        teacherId: taught.teacherId,
        plan,
        grupo,
      })
      .returning({ id: classes.id });
    classIds.push(klass!.id);
  }
  if (classIds.length) await db.insert(enrolments).values(classIds.map((classId) => ({ classId, studentId: row!.id })));
  if (input.newIntake) await db.insert(newIntakeTargets).values({ periodoId: input.periodoId, studentId: row!.id });
  return { ...(row as Person), classIds };
}

export interface AdminInput {
  email?: string;
  password?: string;
  /** Every permission, campus and cycle there is now (default), or only these permissions and no grants. */
  permissionNames?: readonly string[];
}

/** A back-office user (with every permission and grant unless told otherwise), signed in: its id, credentials and token. */
export async function createAdmin(t: TestApp, input: AdminInput = {}): Promise<{ id: number; email: string; password: string; token: string }> {
  const email = input.email ?? `admin${next()}@prueba.mx`;
  const password = input.password ?? 'Prueba-Admin-2026!';
  const user = await createAdminUser(t.db, { email, password, name: 'Administración', permissionNames: input.permissionNames });
  if (!input.permissionNames) await grantEverything(t.db, user.id);
  return { id: user.id, email, password, token: await t.login(email, password) };
}

export interface Campus {
  campusId: number;
  periodoId: number;
  activeId: number;
  cycleIds: Record<string, number>;
  teacher: Person;
  /** Enrolled in two classes of the period, both taught by `teacher`. */
  student: Student;
  staff: Person;
}

/**
 * What most tests once took from the demo: a campus with the current period's
 * open application (every cycle but the suggestion box), one teacher, one
 * student enrolled in two of the teacher's classes, and one staff member.
 */
export async function createCampusWithRespondents(db: Database, input: { nombre?: string; periodoId?: number } = {}): Promise<Campus> {
  const campusId = await createCampus(db, input.nombre);
  const periodoId = input.periodoId ?? (await createPeriod(db));
  const { activeId, cycleIds: attached } = await createApplication(db, { campusId, periodoId });
  const teacher = await createTeacher(db, { campusId });
  const student = await createStudent(db, { campusId, periodoId, classes: [{ teacherId: teacher.id }, { teacherId: teacher.id }] });
  return { campusId, periodoId, activeId, cycleIds: attached, teacher, student, staff: await createStaff(db, { campusId }) };
}

/**
 * Submits answers through the respondents' route (as the survey runner does)
 * with a respondent's token: 201 or it throws.
 */
export async function submitResponse(
  t: TestApp,
  token: string,
  body: { activeId: number; cicleId: number; subject?: string; idempotencyKey?: string; answers: Record<string, unknown> },
): Promise<void> {
  const response = await t.request({ method: 'POST', url: `${API}/respondents/responses`, token, payload: { idempotencyKey: crypto.randomUUID(), ...body } });
  if (response.statusCode !== 201) throw new Error(`submission answered ${response.statusCode}: ${response.body}`);
}

/** Publishes every held response with the real mover (batch 1: every set at once); answers how many. */
export async function publishAllHeld(t: TestApp): Promise<number> {
  return (await publishHeldResponses(t.db, { minBatch: 1, heldKey: testHeldKey })).published;
}
