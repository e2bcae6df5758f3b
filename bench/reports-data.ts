/**
 * The synthetic term of `npm run bench:reports`: a university's directory
 * (campuses, students in plans and groups, teachers, staff, classes and
 * enrolments) and its responses, loaded in big batches through the same
 * folding code the mover runs (foldResponses), never row by row.
 *
 * One period holds every response, so a whole-cycle report reads the worst
 * case: the teacher evaluations of N responses in one cycle. With 30,000
 * students that means many classes per group (N / 30,000 evaluations per
 * student); the directory is otherwise shaped like the university's.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { seededRandom, syntheticAnswers, type RandomSource } from '@encuestas/core/survey-engine/synthetic-answers';
import type { Catalogs, Questionnaire } from '@encuestas/core/survey-engine/types';
import type { SurveyKindId, RespondentType } from '@encuestas/core/survey-kinds';
import { NOM035_QUESTIONNAIRES } from '@encuestas/core/survey-kinds/nom035/guides';
import { responseScores } from '@encuestas/core/survey-kinds/response-scores';
import { SURVEY_KIND_DEFINITIONS } from '@encuestas/core/survey-kinds/registry';
import type { Database } from '../packages/server/src/db/client';
import {
  activeCycles,
  actives,
  campuses,
  classes,
  completions,
  cycles,
  enrolments,
  periods,
  responses,
  staff,
  students,
  teachers,
} from '../packages/server/src/db/schema';
import { foldResponses, type ResponseRow } from '../packages/server/src/features/aggregates/fold';

export const SCALE = { campuses: 7, students: 30_000, teachers: 1_200, staffPerCampus: 200, groupSize: 35 };
const PLANS = ['LADE', 'LDER', 'LCP', 'LMKT', 'LPSI', 'LARQ', 'LINF', 'LIND', 'LCOM', 'LNEG'];
/** Six weeks of application window. */
export const WINDOW_DAYS = 42;
const WINDOW_START = '2026-02-09';

/** What one respondent answers once per application (teacher evaluation apart: once per class). */
const PARTICIPATION: { kind: SurveyKindId; respondent: RespondentType; rate: number }[] = [
  { kind: 'alumnos/serviciosA', respondent: 'student', rate: 0.8 },
  { kind: 'alumnos/serviciosB', respondent: 'student', rate: 0.7 },
  { kind: 'alumnos/nuevoIngreso', respondent: 'student', rate: 0.85 }, // new-intake students only
  { kind: 'docentes/comunicacion', respondent: 'teacher', rate: 0.75 },
  { kind: 'administrativos/comunicacion', respondent: 'staff', rate: 0.8 },
  { kind: 'administrativos/ambiente', respondent: 'staff', rate: 0.8 },
  { kind: 'administrativos/norma', respondent: 'staff', rate: 0.85 }, // Guía I and the campus's risk guide
];
/** At most this share of N is not a teacher evaluation (students answer one per class, the rest one per application). */
const OTHER_KINDS_SHARE = 0.12;

export interface Term {
  periodoId: number;
  campusIds: number[];
  /** Application per campus. */
  activeByCampus: Map<number, number>;
  cycleByKind: Map<SurveyKindId, number>;
  /** Campuses whose workers answer Guía II instead of III. */
  guideIICampuses: Set<number>;
  students: { id: number; campusId: number; plan: string; grupo: string; newIntake: boolean; classIds: number[] }[];
  teachers: { id: number; campusId: number }[];
  staff: { id: number; campusId: number }[];
  classes: Map<number, { teacherId: number; plan: string; grupo: string }>;
  classesPerGroup: number;
  enrolmentCount: number;
}

export function dayOf(offset: number): string {
  const date = new Date(`${WINDOW_START}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

async function inBatches<T>(rows: readonly T[], size: number, write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** The directory and one application per campus with every questionnaire cycle attached. */
export async function createTerm(db: Database, responsesWanted: number, random: RandomSource): Promise<Term> {
  const [periodo] = await db.insert(periods).values({ nombre: '2026A', fechaInicio: '2026-01-12', fechaFin: '2026-06-26' }).returning();
  const campusRows = await db
    .insert(campuses)
    .values(
      Array.from({ length: SCALE.campuses }, (_, i) => ({
        nombre: `Campus ${['Norte', 'Sur', 'Centro', 'Oriente', 'Poniente', 'Valle', 'Costa'][i]}`,
        nom035Guide: i >= SCALE.campuses - 2 ? 'II' : 'auto',
      })),
    )
    .returning();
  const campusIds = campusRows.map((c) => c.id);
  const guideIICampuses = new Set(campusRows.filter((c) => c.nom035Guide === 'II').map((c) => c.id));
  const cycleRows = await db.select().from(cycles);
  const cycleByKind = new Map(cycleRows.filter((c) => c.surveyKind !== 'buzon').map((c) => [c.surveyKind as SurveyKindId, c.id]));
  const activeByCampus = new Map<number, number>();
  for (const campusId of campusIds) {
    const [active] = await db
      .insert(actives)
      .values({ campusId, periodoId: periodo!.id, startActive: dayOf(0), endActive: dayOf(WINDOW_DAYS - 1) })
      .returning();
    activeByCampus.set(campusId, active!.id);
    await db.insert(activeCycles).values([...cycleByKind.values()].map((cycleId) => ({ activeId: active!.id, cycleId })));
  }

  const perCampus = (total: number, i: number) => Math.floor(total / SCALE.campuses) + (i < total % SCALE.campuses ? 1 : 0);
  const teacherRows: Term['teachers'] = [];
  const staffRows: Term['staff'] = [];
  const studentRows: Term['students'] = [];
  let pc = 100_000_000;
  for (const [i, campusId] of campusIds.entries()) {
    const made = await db
      .insert(teachers)
      .values(Array.from({ length: perCampus(SCALE.teachers, i) }, () => ({ pcId: String(pc++), name: `Docente ${pc}`, campusId })))
      .returning({ id: teachers.id });
    teacherRows.push(...made.map(({ id }) => ({ id, campusId })));
    const madeStaff = await db
      .insert(staff)
      .values(
        Array.from({ length: SCALE.staffPerCampus }, (_, k) => ({
          pcId: String(pc++),
          name: `Colaborador ${pc}`,
          campusId,
          tipo: k % 5 === 4 ? 'Operativo' : 'Administrativo',
        })),
      )
      .returning({ id: staff.id });
    staffRows.push(...madeStaff.map(({ id }) => ({ id, campusId })));
    // Groups of 35 in ten plans; a group's grupo is 1A … 9A, 1B …, unique within its plan.
    const count = perCampus(SCALE.students, i);
    const values = Array.from({ length: count }, (_, s) => {
      const group = Math.floor(s / SCALE.groupSize);
      const k = Math.floor(group / PLANS.length);
      return {
        pcId: String(pc++),
        name: `Alumno ${pc}`,
        campusId,
        plan: PLANS[group % PLANS.length]!,
        grupo: `${1 + (k % 9)}${'ABCDE'[Math.floor(k / 9)]}`,
        sesion: 'Matutino',
        year: 2026,
        periodoId: periodo!.id,
        newIntake: random() < 0.2,
      };
    });
    await inBatches(values, 2_000, async (batch) => {
      const made = await db.insert(students).values(batch).returning({ id: students.id });
      made.forEach(({ id }, j) => studentRows.push({ id, campusId, plan: batch[j]!.plan, grupo: batch[j]!.grupo, newIntake: batch[j]!.newIntake, classIds: [] }));
    });
  }

  // Classes: each group takes the same k classes, each taught by a teacher of its campus.
  const otherKindsExpected = expectedOtherKinds(studentRows.length, teacherRows.length, staffRows.length);
  const teacherEvaluations = responsesWanted - Math.min(otherKindsExpected, responsesWanted * OTHER_KINDS_SHARE);
  const classesPerGroup = Math.max(1, Math.ceil(teacherEvaluations / (SCALE.students * 0.9)));
  const groups = new Map<string, Term['students']>();
  for (const s of studentRows) {
    const key = `${s.campusId}|${s.plan}|${s.grupo}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const classValues: (typeof classes.$inferInsert)[] = [];
  const teacherCursor = new Map<number, number>();
  for (const [key, members] of groups) {
    const { campusId, plan, grupo } = members[0]!;
    const campusTeachers = teacherRows.filter((t) => t.campusId === campusId);
    for (let c = 0; c < classesPerGroup; c++) {
      const cursor = teacherCursor.get(campusId) ?? 0;
      teacherCursor.set(campusId, cursor + 1);
      classValues.push({
        code: `${key.replace(/\|/g, '-')}-${c}`,
        name: `Materia ${c + 1}`,
        campusId,
        periodoId: periodo!.id,
        teacherId: campusTeachers[cursor % campusTeachers.length]!.id,
        plan,
        grupo,
      });
    }
  }
  const classMap: Term['classes'] = new Map();
  const classIdsByGroup = new Map<string, number[]>();
  await inBatches(classValues, 2_000, async (batch) => {
    const made = await db.insert(classes).values(batch).returning();
    for (const c of made) {
      classMap.set(c.id, { teacherId: c.teacherId, plan: c.plan, grupo: c.grupo });
      const key = `${c.campusId}|${c.plan}|${c.grupo}`;
      classIdsByGroup.set(key, [...(classIdsByGroup.get(key) ?? []), c.id]);
    }
  });
  const links: { classId: number; studentId: number }[] = [];
  for (const s of studentRows) {
    s.classIds = classIdsByGroup.get(`${s.campusId}|${s.plan}|${s.grupo}`) ?? [];
    for (const classId of s.classIds) links.push({ classId, studentId: s.id });
  }
  await inBatches(links, 10_000, (batch) => db.insert(enrolments).values(batch));

  return {
    periodoId: periodo!.id,
    campusIds,
    activeByCampus,
    cycleByKind,
    guideIICampuses,
    students: studentRows,
    teachers: teacherRows,
    staff: staffRows,
    classes: classMap,
    classesPerGroup,
    enrolmentCount: links.length,
  };
}

function expectedOtherKinds(studentCount: number, teacherCount: number, staffCount: number): number {
  const population = { student: studentCount, teacher: teacherCount, staff: staffCount };
  return PARTICIPATION.reduce(
    (sum, p) =>
      sum + population[p.respondent] * p.rate * (p.kind === 'alumnos/nuevoIngreso' ? 0.2 : p.kind === 'administrativos/norma' ? 2 : 1),
    0,
  );
}

/** One response to write: who answers what (the respondent only feeds the completion). */
interface Task {
  kind: SurveyKindId;
  respondentType: RespondentType;
  respondentId: number;
  campusId: number;
  /** Class id (teacher evaluation), NOM-035 guide, or ''. */
  subject: string;
  plan: string | null;
  grupo: string | null;
  day: number;
}

/** Every response of the term, in arrival order: by day, random within a day (as the mover publishes them). */
export function planResponses(term: Term, responsesWanted: number, random: RandomSource): Task[] {
  // Most people answer in the first weeks of the window.
  const day = () => Math.min(WINDOW_DAYS - 1, Math.floor(WINDOW_DAYS * random() ** 1.6));
  const otherBudget = Math.min(responsesWanted * OTHER_KINDS_SHARE, expectedOtherKinds(term.students.length, term.teachers.length, term.staff.length));
  const scale = otherBudget / expectedOtherKinds(term.students.length, term.teachers.length, term.staff.length);
  const tasks: Task[] = [];
  const people = { student: term.students, teacher: term.teachers, staff: term.staff };
  for (const p of PARTICIPATION) {
    for (const person of people[p.respondent]) {
      if (p.kind === 'alumnos/nuevoIngreso' && !(person as Term['students'][number]).newIntake) continue;
      if (random() >= p.rate * scale) continue;
      const student = p.respondent === 'student' ? (person as Term['students'][number]) : null;
      const base = {
        kind: p.kind,
        respondentType: p.respondent,
        respondentId: person.id,
        campusId: person.campusId,
        plan: student?.plan ?? null,
        grupo: student?.grupo ?? null,
      };
      if (p.kind === 'administrativos/norma') {
        const first = day();
        tasks.push({ ...base, subject: 'I', day: first });
        tasks.push({ ...base, subject: term.guideIICampuses.has(person.campusId) ? 'II' : 'III', day: first });
      } else tasks.push({ ...base, subject: '', day: day() });
    }
  }
  const enrolmentRate = Math.min(1, (responsesWanted - tasks.length) / term.enrolmentCount);
  for (const s of term.students) {
    for (const classId of s.classIds) {
      if (random() >= enrolmentRate) continue;
      const c = term.classes.get(classId)!;
      tasks.push({
        kind: 'alumnos/evaluacionDocente',
        respondentType: 'student',
        respondentId: s.id,
        campusId: s.campusId,
        subject: String(classId),
        plan: c.plan,
        grupo: c.grupo,
        day: day(),
      });
    }
  }
  const order = tasks.map((task) => ({ task, key: task.day + random() }));
  order.sort((a, b) => a.key - b.key);
  return order.map((o) => o.task);
}

function questionnaireOf(kind: SurveyKindId, subject: string): Questionnaire {
  if (kind === 'administrativos/norma') return NOM035_QUESTIONNAIRES[subject as 'I' | 'II' | 'III'];
  return SURVEY_KIND_DEFINITIONS[kind].questionnaires[0]!;
}

export interface LoadTiming {
  responses: number;
  answers: number;
  /** Milliseconds spent generating answers, inserting response and completion rows, and folding. */
  generateMs: number;
  insertMs: number;
  foldMs: number;
  totalMs: number;
}

/**
 * Writes the responses and their completions in batches, each in one
 * transaction with its fold (as the mover does), unless `fold` is false
 * (then rebuildAggregates folds them afterwards).
 */
export async function loadResponses(
  db: Database,
  term: Term,
  tasks: readonly Task[],
  catalogs: Catalogs,
  options: { batchSize: number; fold: boolean; seed: number; progress: (done: number, timing: LoadTiming) => void },
): Promise<LoadTiming> {
  const random = seededRandom(options.seed);
  const timing: LoadTiming = { responses: 0, answers: 0, generateMs: 0, insertMs: 0, foldMs: 0, totalMs: 0 };
  const start = performance.now();
  let lastReport = start;
  for (let i = 0; i < tasks.length; i += options.batchSize) {
    const began = performance.now();
    const rows: ResponseRow[] = [];
    const done: (typeof completions.$inferInsert)[] = [];
    for (const task of tasks.slice(i, i + options.batchSize)) {
      const questionnaire = questionnaireOf(task.kind, task.subject);
      const answers = syntheticAnswers(questionnaire, catalogs, random);
      const classId = task.kind === 'alumnos/evaluacionDocente' ? Number(task.subject) : null;
      rows.push({
        id: randomUUID(),
        surveyKind: task.kind,
        questionnaireId: questionnaire.id,
        questionnaireVersion: questionnaire.version,
        activeId: term.activeByCampus.get(task.campusId)!,
        cycleId: term.cycleByKind.get(task.kind)!,
        campusId: task.campusId,
        periodoId: term.periodoId,
        plan: task.plan,
        grupo: task.grupo,
        teacherId: classId === null ? null : term.classes.get(classId)!.teacherId,
        classId,
        submittedOn: dayOf(task.day),
        answers,
        scores: responseScores(task.kind, task.subject, answers),
      });
      done.push({
        respondentType: task.respondentType,
        respondentId: task.respondentId,
        activeId: term.activeByCampus.get(task.campusId)!,
        cycleId: term.cycleByKind.get(task.kind)!,
        subjectKey: task.subject,
        idempotencyKey: randomUUID(),
      });
      timing.answers += Object.keys(answers).length;
    }
    const generated = performance.now();
    timing.generateMs += generated - began;
    await db.transaction(async (tx) => {
      const t0 = performance.now();
      await tx.insert(responses).values(rows);
      await tx.insert(completions).values(done);
      const t1 = performance.now();
      timing.insertMs += t1 - t0;
      if (options.fold) {
        await foldResponses(tx as unknown as Database, rows);
        timing.foldMs += performance.now() - t1;
      }
    });
    timing.responses += rows.length;
    const now = performance.now();
    if (now - lastReport > 10_000 || timing.responses === tasks.length) {
      timing.totalMs = now - start;
      options.progress(timing.responses, timing);
      lastReport = now;
    }
  }
  timing.totalMs = performance.now() - start;
  return timing;
}
