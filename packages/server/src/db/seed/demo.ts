/**
 * Demo data for a first start and for tests: campuses, periods, open survey
 * applications, back-office users and a realistic respondent directory.
 * Deterministic (seeded PRNG) so tests and the README can name people.
 */
import { count, eq, ne, sql } from 'drizzle-orm';
import { mexicoCityDay, addDays } from '@encuestas/core/dates';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { Database } from '../client';
import {
  actives,
  activeCycles,
  adminUsers,
  campuses,
  classes,
  cycles,
  enrolments,
  newIntakeTargets,
  periods,
  staff,
  students,
  teachers,
  userCampusGrants,
  userCycleGrants,
} from '../schema';
import { createAdminUser, grantEverything } from '../admin-users';
import { SUGGESTION_BOX_CYCLE_NAME } from '@encuestas/core/survey-kinds';
import { foldAccents } from '@encuestas/core/fold';

export const DEMO_CAMPUSES = ['Puebla', 'Guadalajara', 'CDMX', 'Oaxaca', 'Mérida', 'Veracruz', 'León'] as const;

/** Demo accounts. Only for the demo database (SEED_DEMO); never used in production. */
export const DEMO_ADMIN = { email: 'admin@encuestas.mx', password: 'Encuestas2026!', name: 'Administrador' } as const;
export const DEMO_PERIODS_VIEWER = {
  email: 'consulta.puebla@encuestas.mx',
  password: 'Consulta2026!',
  name: 'Laura',
  lastName: 'Méndez',
  maternalSurName: 'Ríos',
  campus: 'Puebla',
} as const;
export const DEMO_NO_PERMISSIONS = {
  email: 'sinpermisos@encuestas.mx',
  password: 'Invitado2026!',
  name: 'Jorge',
  lastName: 'Salas',
  maternalSurName: 'Núñez',
} as const;

export const DEMO_STUDENT_PC_ID = '100000001';
export const DEMO_TEACHER_PC_ID = '200000001';
export const DEMO_STAFF_PC_ID = '300000001';

const FIRST_NAMES = [
  'María', 'José', 'Guadalupe', 'Juan', 'Fernanda', 'Luis', 'Ana', 'Carlos', 'Sofía', 'Diego',
  'Valeria', 'Miguel', 'Ximena', 'Jesús', 'Daniela', 'Alejandro', 'Camila', 'Emiliano', 'Regina', 'Santiago',
  'Renata', 'Leonardo', 'Andrea', 'Mateo', 'Paola', 'Ricardo', 'Itzel', 'Fernando', 'Mariana', 'Eduardo',
];
const SURNAMES = [
  'Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Cruz',
  'Flores', 'Gómez', 'Morales', 'Vázquez', 'Reyes', 'Jiménez', 'Torres', 'Díaz', 'Gutiérrez', 'Ruiz',
  'Mendoza', 'Aguilar', 'Ortiz', 'Moreno', 'Castillo', 'Romero', 'Álvarez', 'Méndez', 'Chávez', 'Rivera',
];
const PLANS = [
  { code: 'LADE', subjects: ['Contabilidad Financiera', 'Microeconomía', 'Mercadotecnia', 'Derecho Mercantil', 'Estadística'] },
  { code: 'LDER', subjects: ['Derecho Civil', 'Derecho Penal', 'Teoría del Estado', 'Derecho Constitucional', 'Argumentación Jurídica'] },
  { code: 'LPSI', subjects: ['Psicología del Desarrollo', 'Neurociencias', 'Psicometría', 'Teorías de la Personalidad', 'Metodología'] },
  { code: 'ISC', subjects: ['Programación Estructurada', 'Cálculo Diferencial', 'Bases de Datos', 'Redes', 'Álgebra Lineal'] },
  { code: 'LCOM', subjects: ['Teoría de la Comunicación', 'Redacción', 'Producción Audiovisual', 'Semiótica', 'Periodismo'] },
];
const SESSIONS = ['Matutino', 'Vespertino'];
const STAFF_ROLES = [
  { tipo: 'Administrativo', puesto: 'Coordinación académica' },
  { tipo: 'Administrativo', puesto: 'Servicios escolares' },
  { tipo: 'Administrativo', puesto: 'Caja y cobranza' },
  { tipo: 'Administrativo', puesto: 'Biblioteca' },
  { tipo: 'Operativo', puesto: 'Mantenimiento' },
  { tipo: 'Operativo', puesto: 'Vigilancia' },
  { tipo: 'Directivo', puesto: 'Dirección de campus' },
];

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function slug(text: string): string {
  return foldAccents(text).replace(/[^a-z]/g, '');
}

/** The PowerCampus period that contains a day: A = January–June, B = July–December. */
export function periodForDay(day: string): { nombre: string; fechaInicio: string; fechaFin: string } {
  const year = day.slice(0, 4);
  const firstHalf = Number(day.slice(5, 7)) <= 6;
  return firstHalf
    ? { nombre: `${year}A`, fechaInicio: `${year}-01-01`, fechaFin: `${year}-06-30` }
    : { nombre: `${year}B`, fechaInicio: `${year}-07-01`, fechaFin: `${year}-12-31` };
}

export interface DemoSeedOptions {
  /** The day the demo is seeded (Mexico City); actives open around it. */
  today?: string;
  studentsPerCampus?: number;
}

export interface DemoSeedResult {
  campusIds: Record<string, number>;
  currentPeriodId: number;
  /** The period of the finished applications (the term the reports compare with). */
  previousPeriodId: number;
  adminId: number;
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(adminUsers);
  const [campusRow] = await db.select({ n: count() }).from(campuses);
  return (row?.n ?? 0) === 0 && (campusRow?.n ?? 0) === 0;
}

/** Seeds the demo. Expects reference data to be present (seedReferenceData). */
export async function seedDemo(db: Database, options: DemoSeedOptions = {}): Promise<DemoSeedResult> {
  const today = options.today ?? mexicoCityDay();
  const campusRows = await db
    .insert(campuses)
    .values(DEMO_CAMPUSES.map((nombre) => ({ nombre })))
    .returning({ id: campuses.id, nombre: campuses.nombre });
  const campusIds = Object.fromEntries(campusRows.map((c) => [c.nombre, c.id]));
  const { currentPeriod, previousPeriod } = await seedPeriods(db, today);
  await seedApplications(db, campusRows, { currentPeriod, previousPeriod, today });
  const adminId = await seedBackOfficeUsers(db, campusIds);
  // One generator for every campus, in campus order, so the same seed gives the same people.
  const directory = new DemoDirectory(currentPeriod.id, Number(today.slice(0, 4)), options.studentsPerCampus ?? 150);
  for (const campus of campusRows) await directory.seedCampus(db, campus.id);
  return { campusIds, currentPeriodId: currentPeriod.id, previousPeriodId: previousPeriod.id, adminId };
}

/**
 * Subjects of each group taught the previous term (of the four this term): one gives each teacher a class or
 * two then (some 900 evaluations, an eighth more responses to seed) for the ranking's change and a teacher's trend.
 */
const PREVIOUS_TERM_SUBJECTS = 1;

/**
 * The previous term's classes, so the teacher evaluation has a term to compare
 * with (the ranking's change, a teacher's trend): the first subject of each
 * group, taught by every teacher of the campus but the newest one (who joined
 * this term and so has no previous figures), with the group's students
 * enrolled. Only the first start's demo has them (platform.ts): the API tests'
 * demo directory keeps one term.
 */
export async function seedPreviousTermClasses(db: Database, { currentPeriodId, previousPeriodId }: Pick<DemoSeedResult, 'currentPeriodId' | 'previousPeriodId'>): Promise<void> {
  const [current, teacherRows] = await Promise.all([
    db.select().from(classes).where(eq(classes.periodoId, currentPeriodId)).orderBy(classes.id),
    db.select({ id: teachers.id, campusId: teachers.campusId }).from(teachers).orderBy(teachers.id),
  ]);
  const veterans = new Map<number, number[]>();
  for (const t of teacherRows) veterans.set(t.campusId, [...(veterans.get(t.campusId) ?? []), t.id]);
  for (const ids of veterans.values()) ids.pop();
  const taught = current.filter((c) => Number(c.code.slice(c.code.lastIndexOf('-') + 1)) <= PREVIOUS_TERM_SUBJECTS);
  const values = taught.flatMap((c, index) => {
    const campusTeachers = veterans.get(c.campusId) ?? [];
    if (campusTeachers.length === 0) return [];
    // Another rotation than this term's, so a teacher's classes differ from one term to the next.
    const teacherId = campusTeachers[index % campusTeachers.length]!;
    return [{ code: c.code, name: c.name, campusId: c.campusId, periodoId: previousPeriodId, teacherId, plan: c.plan, grupo: c.grupo }];
  });
  if (values.length === 0) return;
  await db.insert(classes).values(values);
  // The students of each class's group this term took it then.
  await db.execute(sql`insert into ${enrolments} (class_id, student_id)
    select previous.id, e.student_id from ${classes} previous
      join ${classes} later on later.code = previous.code and later.campus_id = previous.campus_id and later.periodo_id = ${currentPeriodId}
      join ${enrolments} e on e.class_id = later.id
    where previous.periodo_id = ${previousPeriodId}`);
}

type PeriodRow = typeof periods.$inferSelect;

/** Periods: the current one, the previous three and the next one. */
async function seedPeriods(db: Database, today: string): Promise<{ currentPeriod: PeriodRow; previousPeriod: PeriodRow }> {
  const current = periodForDay(today);
  const periodDefs = [current];
  let cursor = current.fechaInicio;
  for (let i = 0; i < 3; i++) {
    const previous = periodForDay(addDays(cursor, -1));
    periodDefs.unshift(previous);
    cursor = previous.fechaInicio;
  }
  periodDefs.push(periodForDay(addDays(current.fechaFin, 1)));
  const periodRows = await db.insert(periods).values(periodDefs).returning();
  return { currentPeriod: periodRows.find((p) => p.nombre === current.nombre)!, previousPeriod: periodRows[periodRows.length - 3]! };
}

/** One open application per campus around today with every cycle but BUZÓN, and a finished one in the previous period. */
async function seedApplications(
  db: Database,
  campusRows: { id: number }[],
  { currentPeriod, previousPeriod, today }: { currentPeriod: PeriodRow; previousPeriod: PeriodRow; today: string },
): Promise<void> {
  const attachable = await db.select({ id: cycles.id }).from(cycles).where(ne(cycles.name, SUGGESTION_BOX_CYCLE_NAME));
  for (const campus of campusRows) {
    const [open, finished] = await db
      .insert(actives)
      .values([
        { campusId: campus.id, periodoId: currentPeriod.id, startActive: addDays(today, -7), endActive: addDays(today, 35) },
        {
          campusId: campus.id,
          periodoId: previousPeriod.id,
          startActive: addDays(previousPeriod.fechaFin, -30),
          endActive: addDays(previousPeriod.fechaFin, -10),
          // Its comments came before anyone reviewed them: its teachers read last term's results with the
          // reviewed comments only (none yet), instead of waiting for a review of a closed term.
          releaseWaitsForReview: false,
        },
      ])
      .returning({ id: actives.id });
    await db.insert(activeCycles).values(
      [open!, finished!].flatMap((active) => attachable.map((cycle) => ({ activeId: active.id, cycleId: cycle.id }))),
    );
  }
}

/** The demo's back-office users; returns the administrator's id. */
async function seedBackOfficeUsers(db: Database, campusIds: Record<string, number>): Promise<number> {
  const admin = await createAdminUser(db, DEMO_ADMIN);
  await grantEverything(db, admin.id);
  const viewer = await createAdminUser(db, { ...DEMO_PERIODS_VIEWER, permissionNames: [PERMISSIONS.viewActives] });
  await db.insert(userCampusGrants).values({ userId: viewer.id, campusId: campusIds[DEMO_PERIODS_VIEWER.campus]! });
  const allCycles = await db.select({ id: cycles.id }).from(cycles);
  await db.insert(userCycleGrants).values(allCycles.map((c) => ({ userId: viewer.id, cycleId: c.id })));
  await createAdminUser(db, DEMO_NO_PERMISSIONS);
  return admin.id;
}

interface DemoGroup {
  plan: string;
  grupo: string;
  subjects: string[];
}

/** The directory of each campus: teachers, classes, students and enrolments, then staff; people drawn from one seeded generator. */
class DemoDirectory {
  private readonly random = prng(20260101);
  private teacherSeq = 1;
  private studentSeq = 1;
  private staffSeq = 1;

  constructor(
    private readonly periodoId: number,
    private readonly year: number,
    private readonly studentsPerCampus: number,
  ) {}

  async seedCampus(db: Database, campusId: number): Promise<void> {
    const groups = PLANS.flatMap((plan) => ['1A', '3A', '5B'].map((grupo) => ({ plan: plan.code, grupo, subjects: plan.subjects })));
    const classRows = await this.seedTeachersAndClasses(db, campusId, groups);
    await this.seedStudents(db, campusId, groups, classRows);
    const staffValues = Array.from({ length: 9 }, (_, i) => {
      const seq = this.staffSeq++;
      const role = STAFF_ROLES[i % STAFF_ROLES.length]!;
      return { pcId: String(300000000 + seq), campusId, ...this.person(seq, 'encuestas.mx'), ...role };
    });
    await db.insert(staff).values(staffValues);
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)] as T;
  }

  private person(seq: number, domain: string) {
    const name = this.pick(FIRST_NAMES);
    const lastName = this.pick(SURNAMES);
    const maternalSurName = this.pick(SURNAMES);
    return { name, lastName, maternalSurName, email: `${slug(name)}.${slug(lastName)}${seq}@${domain}` };
  }

  /** Ten teachers, and four classes per group each taught by one of them. */
  private async seedTeachersAndClasses(db: Database, campusId: number, groups: DemoGroup[]) {
    const teacherValues = Array.from({ length: 10 }, () => {
      const seq = this.teacherSeq++;
      return { pcId: String(200000000 + seq), campusId, ...this.person(seq, 'docentes.encuestas.mx') };
    });
    const teacherRows = await db.insert(teachers).values(teacherValues).returning({ id: teachers.id });
    const classValues = groups.flatMap((group, groupIndex) =>
      group.subjects.slice(0, 4).map((subject, subjectIndex) => ({
        code: `${group.plan}-${group.grupo}-${subjectIndex + 1}`,
        name: subject,
        campusId,
        periodoId: this.periodoId,
        teacherId: teacherRows[(groupIndex + subjectIndex) % teacherRows.length]!.id,
        plan: group.plan,
        grupo: group.grupo,
      })),
    );
    return db.insert(classes).values(classValues).returning({ id: classes.id, plan: classes.plan, grupo: classes.grupo });
  }

  /** Students in random groups, enrolled in their group's classes; first-semester ones are the new intake. */
  private async seedStudents(db: Database, campusId: number, groups: DemoGroup[], classRows: { id: number; plan: string; grupo: string }[]) {
    const studentValues = Array.from({ length: this.studentsPerCampus }, () => {
      const seq = this.studentSeq++;
      const group = this.pick(groups);
      const grupo = group.grupo;
      return {
        pcId: String(100000000 + seq),
        campusId,
        ...this.person(seq, 'alumnos.encuestas.mx'),
        plan: group.plan,
        grupo,
        sesion: this.pick(SESSIONS),
        year: grupo.startsWith('1') ? this.year : grupo.startsWith('3') ? this.year - 1 : this.year - 2,
        periodoId: this.periodoId,
        newIntake: grupo.startsWith('1'),
      };
    });
    const studentRows = await db
      .insert(students)
      .values(studentValues)
      .returning({ id: students.id, plan: students.plan, grupo: students.grupo, newIntake: students.newIntake });

    const enrolmentValues = studentRows.flatMap((student) =>
      classRows
        .filter((c) => c.plan === student.plan && c.grupo === student.grupo)
        .map((c) => ({ classId: c.id, studentId: student.id })),
    );
    for (let i = 0; i < enrolmentValues.length; i += 1000) {
      await db.insert(enrolments).values(enrolmentValues.slice(i, i + 1000));
    }
    const targets = studentRows.filter((s) => s.newIntake).map((s) => ({ periodoId: this.periodoId, studentId: s.id }));
    if (targets.length) await db.insert(newIntakeTargets).values(targets);
  }
}
