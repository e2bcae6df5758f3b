/**
 * The report reader's attack (issue 17; docs/privacy.md, "Small groups and
 * arithmetic"). A term at two campuses with groups of 1 to 4 beside larger
 * ones, in every survey kind, answered through the real API over four days;
 * the server's mover publishes full sets as they fill, and when the
 * applications close the leftovers are coarsened (never forced out). After
 * each day and after the close, an administrator who holds every campus reads
 * every report the platform offers: the overview at each campus and at both
 * (and every date range at the end), breakdowns by plan and group and each
 * row's items, teachers, each teacher with their classes and norms, NOM-035
 * by guide, schools of origin, every comment list, and the breakdown files.
 * The attacker (helpers/disclosure-attacker.ts) then adds and subtracts every
 * figure shown, before and after each publish, and must reach no group of
 * fewer than MIN_GROUP_SIZE responses; comment lists must hold no text of a
 * list the rule hides.
 *
 * The control publishes the same term the old way (every response as soon as
 * it is held, as `publish-responses --force` did): the same attacker must then
 * find small groups, or it proves nothing.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BreakdownItemsReport, BreakdownReport, ReportOverview, TextsReport } from '@encuestas/core/api/reports';
import type { TeacherReport, TeachersReport, TeacherTextsReport } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import type { Nom035Index, Nom035Report } from '@encuestas/core/survey-kinds/nom035/report-contract';
import type { InstituteOpinionReport } from '@encuestas/core/survey-kinds/alumnos-nuevo-ingreso/report-contract';
import { addDays, mexicoCityDay } from '@encuestas/core/dates';
import { seededRandom, syntheticAnswers } from '@encuestas/core/survey-engine/synthetic-answers';
import type { Answers, Questionnaire } from '@encuestas/core/survey-engine/types';
import type { SurveyKindId } from '@encuestas/core/survey-kinds';
import { NOM035_QUESTIONNAIRES } from '@encuestas/core/survey-kinds/nom035/guides';
import { queryRows } from '../../src/db/client';
import { DEMO_ADMIN } from '../../src/db/seed/demo';
import { actives, campuses, classes, cycles, enrolments, newIntakeTargets, staff, students, teachers } from '../../src/db/schema';
import { loadCatalogs } from '../../src/features/catalogs/service';
import { publishHeldResponses, publishRemainders } from '../../src/features/responses/mover';
import { nom035GuideForCampus } from '../../src/features/surveys/nom035';
import { questionnaireFor } from '../../src/features/surveys/questionnaires';
import { TokenService } from '../../src/http/tokens';
import { API, createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/app';
import { driverName, usingPostgres } from '../helpers/database';
import { attack, type ObservedCell } from '../helpers/disclosure-attacker';
import { testHeldKey } from '../helpers/held';
import { HEAVY_TIMEOUT_MS } from '../helpers/timeouts';

const MIN_GROUP_SIZE = 5;
const DAYS = 4;
const KINDS: SurveyKindId[] = [
  'alumnos/serviciosA',
  'alumnos/serviciosB',
  'alumnos/nuevoIngreso',
  'alumnos/evaluacionDocente',
  'docentes/comunicacion',
  'administrativos/comunicacion',
  'administrativos/ambiente',
  'administrativos/norma',
];

// ------------------------------------------------------------------ the term

/** Students per campus, plan and group: groups of 1–4 beside larger ones. */
const GROUPS: { campus: 0 | 1; plan: string; grupo: string; size: number }[] = [
  { campus: 0, plan: 'LADE', grupo: '1A', size: 11 },
  { campus: 0, plan: 'LADE', grupo: '1B', size: 3 },
  { campus: 0, plan: 'LADE', grupo: '1C', size: 1 },
  { campus: 0, plan: 'ISC', grupo: '2A', size: 7 },
  { campus: 0, plan: 'ISC', grupo: '2B', size: 2 },
  { campus: 1, plan: 'LADE', grupo: '1A', size: 6 },
  { campus: 1, plan: 'ISC', grupo: '3A', size: 4 },
  { campus: 1, plan: 'ISC', grupo: '3B', size: 2 },
];
/** Each group's classes, by teacher (index into the term's teachers): teacher 2 has a class of three only. */
const CLASSES: { group: number; teacher: number }[] = [
  { group: 0, teacher: 0 },
  { group: 0, teacher: 1 },
  { group: 1, teacher: 0 },
  { group: 1, teacher: 2 },
  { group: 2, teacher: 1 },
  { group: 3, teacher: 0 },
  { group: 3, teacher: 1 },
  { group: 4, teacher: 1 },
  { group: 5, teacher: 3 },
  { group: 5, teacher: 4 },
  { group: 6, teacher: 4 },
  { group: 7, teacher: 4 },
  { group: 7, teacher: 5 },
];
/** Teachers per campus (the first three at campus 0 teach classes, the next three at campus 1) and staff per campus. */
const TEACHERS = [7, 3];
const STAFF = [9, 3];

interface Submission {
  type: 'student' | 'teacher' | 'staff';
  id: number;
  activeId: number;
  cycleId: number;
  subject: string;
  answers: Answers;
}

interface Term {
  campusIds: [number, number];
  periodoId: number;
  cycleOf: Map<SurveyKindId, number>;
  kindOf: Map<number, SurveyKindId>;
  teacherIds: number[];
  /** Each person's submissions in order (Guía I before the risk guide), by day. */
  days: Submission[][][];
}

async function buildTerm(t: TestApp, seed: number): Promise<Term> {
  const { db } = t;
  const random = seededRandom(seed);
  const today = mexicoCityDay();
  const campusRows = await db.select({ id: campuses.id }).from(campuses).orderBy(campuses.id).limit(2);
  const campusIds: [number, number] = [campusRows[0]!.id, campusRows[1]!.id];
  const cycleRows = await db.select({ id: cycles.id, kind: cycles.surveyKind }).from(cycles);
  const cycleOf = new Map(cycleRows.map((c) => [c.kind as SurveyKindId, c.id]));
  const kindOf = new Map(cycleRows.map((c) => [c.id, c.kind as SurveyKindId]));
  const openActives = await queryRows<{ id: number; campus_id: number; periodo_id: number }>(
    db,
    sql`select id, campus_id, periodo_id from ${actives} where start_active <= ${today} and end_active >= ${today}`,
  );
  const activeAt = (campusId: number) => openActives.find((a) => a.campus_id === campusId)!.id;
  const periodoId = openActives[0]!.periodo_id;
  const catalogs = await loadCatalogs(db);
  const schools = catalogs.InstitudeOption?.slice(0, 3).map((option) => option.value) ?? [];

  const teacherRows = await db
    .insert(teachers)
    .values(
      TEACHERS.flatMap((count, campus) =>
        Array.from({ length: count }, (_, i) => ({
          pcId: String(280000000 + seed * 1000 + campus * 100 + i),
          name: 'Docente',
          lastName: `Ataque ${campus}-${i}`,
          campusId: campusIds[campus]!,
        })),
      ),
    )
    .returning({ id: teachers.id, campusId: teachers.campusId });
  // Teachers 0–2 at campus 0 and 3–5 at campus 1 teach; the rest only answer their own survey.
  const teaching = [...teacherRows.slice(0, 3), ...teacherRows.slice(TEACHERS[0]!, TEACHERS[0]! + 3)];
  const studentRows = await db
    .insert(students)
    .values(
      GROUPS.flatMap((group, g) =>
        Array.from({ length: group.size }, (_, i) => ({
          pcId: String(180000000 + seed * 1000 + g * 20 + i),
          name: 'Alumno',
          lastName: `Ataque ${g}-${i}`,
          campusId: campusIds[group.campus]!,
          plan: group.plan,
          grupo: group.grupo,
          sesion: 'Matutino',
          year: 2026,
          newIntake: true,
          periodoId,
        })),
      ),
    )
    .returning({ id: students.id, plan: students.plan, grupo: students.grupo, campusId: students.campusId });
  await db.insert(newIntakeTargets).values(studentRows.map((s) => ({ studentId: s.id, periodoId })));
  const classRows = await db
    .insert(classes)
    .values(
      CLASSES.map((c, i) => {
        const group = GROUPS[c.group]!;
        return {
          code: `ATQ-${seed}-${i}`,
          name: `Materia ${i}`,
          campusId: campusIds[group.campus]!,
          periodoId,
          teacherId: teaching[c.teacher]!.id,
          plan: group.plan,
          grupo: group.grupo,
        };
      }),
    )
    .returning({ id: classes.id, campusId: classes.campusId, plan: classes.plan, grupo: classes.grupo });
  const classesOf = (s: (typeof studentRows)[number]) => classRows.filter((c) => c.campusId === s.campusId && c.plan === s.plan && c.grupo === s.grupo);
  await db.insert(enrolments).values(studentRows.flatMap((s) => classesOf(s).map((c) => ({ classId: c.id, studentId: s.id }))));
  const staffRows = await db
    .insert(staff)
    .values(
      STAFF.flatMap((count, campus) =>
        Array.from({ length: count }, (_, i) => ({
          pcId: String(380000000 + seed * 1000 + campus * 100 + i),
          name: 'Persona',
          lastName: `Ataque ${campus}-${i}`,
          campusId: campusIds[campus]!,
          tipo: 'Administrativo',
        })),
      ),
    )
    .returning({ id: staff.id, campusId: staff.campusId });

  const answersFor = (kind: SurveyKindId, subject: string, extra: Answers = {}): Answers => {
    const questionnaire = questionnaireFor(kind, subject) as Questionnaire;
    const answers: Answers = { ...syntheticAnswers(questionnaire, catalogs, random, { commentRate: 0.7 }), ...extra };
    // A school from the catalogue: the questions asked only of a school written by hand go.
    if (extra.institute !== undefined) for (const gated of ['schoolName', 'schoolType']) delete answers[gated];
    return answers;
  };
  const people: Submission[][] = [];
  // Schools of origin: most students of a campus from the first school, two at campus 0 and three at campus 1 from a
  // second, one at campus 0 from a third (a school is a small group at a campus, and not a segment of the sets).
  const schoolOf = new Map<number, string>();
  for (const [campus, small] of [[0, [1, 1, 2]], [1, [1, 1, 1]]] as const) {
    const mates = studentRows.filter((s) => s.campusId === campusIds[campus]);
    mates.forEach((s, i) => schoolOf.set(s.id, schools[small[i] ?? 0]!));
  }
  for (const s of studentRows) {
    const activeId = activeAt(s.campusId);
    const mine = (kind: SurveyKindId, subject = '', extra: Answers = {}): Submission => ({
      type: 'student',
      id: s.id,
      activeId,
      cycleId: cycleOf.get(kind)!,
      subject,
      answers: answersFor(kind, subject, extra),
    });
    people.push([
      mine('alumnos/serviciosA'),
      mine('alumnos/serviciosB'),
      mine('alumnos/nuevoIngreso', '', { institute: schoolOf.get(s.id)! }),
      ...classesOf(s).map((c) => mine('alumnos/evaluacionDocente', String(c.id))),
    ]);
  }
  for (const teacher of teacherRows) {
    const kind = 'docentes/comunicacion';
    people.push([{ type: 'teacher', id: teacher.id, activeId: activeAt(teacher.campusId), cycleId: cycleOf.get(kind)!, subject: '', answers: answersFor(kind, '') }]);
  }
  for (const worker of staffRows) {
    const activeId = activeAt(worker.campusId);
    const guide = await nom035GuideForCampus(db, worker.campusId);
    const mine = (kind: SurveyKindId, subject = ''): Submission => ({
      type: 'staff',
      id: worker.id,
      activeId,
      cycleId: cycleOf.get(kind)!,
      subject,
      answers: answersFor(kind, subject),
    });
    people.push([mine('administrativos/comunicacion'), mine('administrativos/ambiente'), mine('administrativos/norma', 'I'), mine('administrativos/norma', guide)]);
  }
  const days = Array.from({ length: DAYS }, () => [] as Submission[][]);
  for (const person of people) days[Math.floor(random() * DAYS)]!.push(person);
  return { campusIds, periodoId, cycleOf, kindOf, teacherIds: teaching.map((teacher) => teacher.id), days };
}

/** Every submission through the API, a day at a time; `afterDay` runs once each day's answers are in. */
async function answerTerm(t: TestApp, term: Term, afterDay: (day: string) => Promise<void>): Promise<void> {
  const tokens = new TokenService(t.db, TEST_JWT_SECRET);
  const today = mexicoCityDay();
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  try {
    for (const [d, people] of term.days.entries()) {
      const day = addDays(today, d + 1);
      vi.setSystemTime(new Date(`${day}T16:00:00Z`));
      for (const submissions of people) {
        const token = await tokens.issue(submissions[0]!.type, submissions[0]!.id);
        for (const [i, s] of submissions.entries()) {
          const response = await t.request({
            method: 'POST',
            url: `${API}/respondents/responses`,
            token,
            payload: { activeId: s.activeId, cicleId: s.cycleId, subject: s.subject, idempotencyKey: `ataque-${s.type}-${s.id}-${i}`, answers: s.answers },
          });
          if (response.statusCode !== 201) throw new Error(`submission answered ${response.statusCode}: ${response.body}`);
        }
      }
      await afterDay(day);
    }
  } finally {
    vi.useRealTimers();
  }
}

// ------------------------------------------------------------------ what the reports show

interface Published {
  id: string;
  cycleId: number;
  activeId: number;
  campusId: number;
  questionnaireId: string;
  plan: string | null;
  grupo: string | null;
  teacherId: number | null;
  classId: number | null;
  day: string;
  institute: string | null;
}

interface Where {
  campusIds?: readonly number[];
  from?: string;
  to?: string;
  plan?: string;
  grupo?: string;
  teacherId?: number;
  classId?: number;
  activeId?: number;
  questionnaireId?: string;
  institute?: string;
  withTeacher?: boolean;
}

function matches(r: Published, cycleId: number, where: Where): boolean {
  return (
    r.cycleId === cycleId &&
    (where.campusIds === undefined || where.campusIds.includes(r.campusId)) &&
    (where.from === undefined || r.day >= where.from) &&
    (where.to === undefined || r.day <= where.to) &&
    (where.plan === undefined || r.plan === where.plan) &&
    (where.grupo === undefined || r.grupo === where.grupo) &&
    (where.teacherId === undefined || r.teacherId === where.teacherId) &&
    (where.classId === undefined || r.classId === where.classId) &&
    (where.activeId === undefined || r.activeId === where.activeId) &&
    (where.questionnaireId === undefined || r.questionnaireId === where.questionnaireId) &&
    (where.institute === undefined || r.institute === where.institute) &&
    (where.withTeacher !== true || r.teacherId !== null)
  );
}

interface Harvest {
  cells: ObservedCell[];
  /** Every comment id any list or teacher showed. */
  textIds: Set<string>;
  requests: number;
}

/**
 * Every report an administrator of both campuses can read now. `final` adds every date range of the
 * term's days, the comment lists and the files (comments carry no day and files repeat the screens:
 * once is enough for them).
 */
async function harvest(t: TestApp, term: Term, name: string, final: boolean, into: Harvest): Promise<void> {
  // Signed in at the (simulated) time of reading: a back-office session is short.
  const token = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const published = await queryRows<Published>(
    t.db,
    sql`select id, ciclo_id as "cycleId", active_id as "activeId", campus_id as "campusId", questionnaire_id as "questionnaireId",
          plan, grupo, teacher_id as "teacherId", class_id as "classId", submitted_on::text as day, answers->>'institute' as institute
        from response`,
  );
  const get = async <T>(path: string, query: Record<string, string | number | undefined>): Promise<T | null> => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
    into.requests++;
    const response = await t.request({ method: 'GET', url: `${API}${path}?${search}`, token });
    if (response.statusCode === 422) return null; // a report this kind does not have
    expect(response.statusCode, `${path}?${search}: ${response.body.slice(0, 300)}`).toBe(200);
    return path.includes('/export') ? (response.body as T) : response.json<T>();
  };
  const cell = (cycleId: number, family: string, label: string, where: Where) =>
    into.cells.push({
      label: `${name} ${label}`,
      family,
      block: String(cycleId),
      members: new Set(published.filter((r) => matches(r, cycleId, where)).map((r) => r.id)),
    });
  const today = mexicoCityDay();
  const days = Array.from({ length: DAYS }, (_, d) => addDays(today, d + 1));
  const dateRanges: { from?: string; to?: string }[] = [{}];
  if (final) for (let i = 0; i < DAYS; i++) for (let j = i; j < DAYS; j++) dateRanges.push({ from: days[i], to: days[j] });
  const scopes: (number | undefined)[] = [...term.campusIds, undefined];
  const scopeCampuses = (campusId: number | undefined) => (campusId === undefined ? term.campusIds : [campusId]);

  for (const [kind, cycleId] of KINDS.map((k) => [k, term.cycleOf.get(k)!] as const)) {
    for (const campusId of scopes) {
      const base = { cicleId: cycleId, periodoId: term.periodoId, campusId };
      const campusIds = scopeCampuses(campusId);
      const at = `${kind} campus ${campusId ?? 'all'}`;
      for (const range of dateRanges) {
        const overview = await get<ReportOverview>('/reports/overview', { ...base, ...range });
        if (!overview) continue;
        const within = { campusIds, from: range.from, to: range.to };
        const rangeLabel = range.from ? ` ${range.from}..${range.to}` : '';
        if (overview.questionnaires.some((q) => q.sections.some((s) => s.items.some((i) => !i.withheld && i.distribution.some((v) => v.n > 0))))) {
          cell(cycleId, 'overview', `overview ${at}${rangeLabel}`, within);
        }
        for (const row of overview.campuses ?? []) {
          if (!row.withheld && row.average !== null) cell(cycleId, 'campus', `campus row ${row.campus.id} of ${at}${rangeLabel}`, { ...within, campusIds: [row.campus.id] });
        }
      }
      for (const segment of ['plan', 'group'] as const) {
        const breakdown = await get<BreakdownReport>('/reports/breakdown', { ...base, segment });
        if (!breakdown) continue;
        const file = final ? await get<string>('/reports/export', { ...base, table: 'breakdown', segment, format: 'csv' }) : null;
        const fileRows = file === null ? null : (parseCsv(file.replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true }) as Record<string, string>[]);
        for (const row of breakdown.rows) {
          const where = { campusIds, plan: row.plan, ...(segment === 'group' ? { grupo: row.grupo ?? undefined } : {}) };
          if (fileRows) {
            // The file shows a figure exactly where the screen does.
            const line = fileRows.find((r) => r.Plan === row.plan && (segment === 'plan' || r.Grupo === row.grupo));
            expect(line, `${at} ${segment} ${row.value} in the file`).toBeDefined();
            expect(/\d/.test(line!.Promedio ?? ''), `${at} ${segment} ${row.value}: the file's average`).toBe(!row.withheld && row.average !== null);
          }
          if (!row.withheld) cell(cycleId, `breakdown by ${segment}`, `${segment} ${row.value} of ${at}`, where);
          // A row's items cover the row's responses: read them once, at the close, to hold them to the row's rule.
          if (!final) continue;
          const items = await get<BreakdownItemsReport>('/reports/breakdown/items', { ...base, segment, value: row.value });
          expect(items!.withheld, `${segment} ${row.value} items of ${at}`).toBe(row.withheld);
          if (!items!.withheld) cell(cycleId, `items by ${segment}`, `${segment} ${row.value} items of ${at}`, where);
        }
      }
      if (kind === 'alumnos/evaluacionDocente') {
        for (let page = 1; ; page++) {
          const list = await get<TeachersReport>('/reports/teachers', { ...base, group: 'docentes', page });
          for (const row of list!.teachers) cell(cycleId, 'teacher', `teacher ${row.teacher.id} listed in ${at}`, { campusIds, teacherId: row.teacher.id });
          if (page * list!.perPage >= list!.total) break;
        }
        for (const teacherId of term.teacherIds) {
          const report = await get<TeacherReport>(`/reports/teachers/${teacherId}`, base);
          if (!report) continue;
          if (!report.withheld) cell(cycleId, 'teacher', `teacher ${teacherId} of ${at}`, { campusIds, teacherId });
          for (const row of report.classes) {
            if (!row.withheld) cell(cycleId, 'class', `class ${row.classId} of teacher ${teacherId} in ${at}`, { campusIds, teacherId, classId: row.classId });
          }
          if (report.campusMean !== null) cell(cycleId, 'norm', `campus norm of teacher ${teacherId}`, { campusIds: [report.teacher.campusId], withTeacher: true });
          if (report.institutionMean !== null) cell(cycleId, 'norm', 'institution norm', { withTeacher: true });
          if (!final) continue;
          const comments = await get<TeacherTextsReport>(`/reports/teachers/${teacherId}/comments`, { ...base, limit: 100 });
          for (const text of comments?.texts ?? []) into.textIds.add(text.id);
        }
      }
      if (kind === 'administrativos/norma') {
        const index = await get<Nom035Index>('/reports/nom035/applications', base);
        for (const application of index?.applications ?? []) {
          const report = await get<Nom035Report>(`/reports/nom035/applications/${application.id}`, {});
          for (const guide of report!.guides) {
            if (!guide.withheld) {
              cell(cycleId, 'guide', `Guía ${guide.guide} of application ${application.id}`, { activeId: application.id, questionnaireId: NOM035_QUESTIONNAIRES[guide.guide].id });
            }
          }
        }
      }
      if (kind === 'alumnos/nuevoIngreso') {
        const opinion = await get<InstituteOpinionReport>('/reports/new-intake/institutes', base);
        for (const row of opinion!.rows) {
          if (row.withheld) continue;
          if (campusId !== undefined) {
            cell(cycleId, 'school', `school ${row.institute} of ${at}`, { campusIds, institute: row.institute });
            continue;
          }
          // The report by cycle sums the campuses where the school's cell is shown: read which from each campus's report.
          const shownAt: number[] = [];
          for (const id of term.campusIds) {
            const one = await get<InstituteOpinionReport>('/reports/new-intake/institutes', { ...base, campusId: id });
            if (one!.rows.some((r) => r.institute === row.institute && !r.withheld)) shownAt.push(id);
          }
          const members = published.filter((r) => matches(r, cycleId, { campusIds: shownAt, institute: row.institute }));
          expect(members.length, `school ${row.institute}: the report by cycle sums the shown campuses only`).toBe(row.responses - row.withheldResponses);
          cell(cycleId, 'school', `school ${row.institute} of ${at}`, { campusIds: shownAt, institute: row.institute });
        }
      }
      for (const list of final ? ((await get<ReportOverview>('/reports/overview', base))?.texts ?? []) : []) {
        let after: string | undefined;
        do {
          const page = await get<TextsReport>('/reports/texts', { ...base, item: list.id, limit: 100, after });
          for (const text of page!.texts) into.textIds.add(text.id);
          after = page!.next ?? undefined;
        } while (after);
      }
    }
  }
}

interface Outcome {
  summary: ReturnType<typeof attack>;
  /** Comments shown whose list (application, teacher) holds fewer than the rule. */
  leakedTexts: number;
  textsShown: number;
  published: number;
  held: number;
  requests: number;
}

/** `thorough`: read after each day too, and at the close every range, comment list and file; else the close's screens only. */
async function runScenario(t: TestApp, term: Term, publishAtClose: () => Promise<void>, thorough: boolean): Promise<Outcome> {
  const seen: Harvest = { cells: [], textIds: new Set(), requests: 0 };
  await answerTerm(t, term, async (day) => {
    await publishHeldResponses(t.db, { minBatch: MIN_GROUP_SIZE, heldKey: testHeldKey });
    if (thorough) await harvest(t, term, `after ${day}:`, false, seen);
  });
  await publishAtClose();
  await harvest(t, term, 'after the close:', thorough, seen);
  const cellsOfTexts = await queryRows<{ id: string; n: number }>(
    t.db,
    sql`select t.id, c.n from response_text t join agg_text_count c on c.active_id = t.active_id and c.ciclo_id = t.ciclo_id
          and c.item_id = t.item_id and c.teacher_id = coalesce(t.teacher_id, 0)`,
  );
  const cellSize = new Map(cellsOfTexts.map((row) => [row.id, row.n]));
  const [counts] = await queryRows<{ published: number; held: number }>(
    t.db,
    sql`select (select count(*) from response)::int as published, (select count(*) from held_response)::int as held`,
  );
  return {
    summary: attack(seen.cells, MIN_GROUP_SIZE),
    leakedTexts: [...seen.textIds].filter((id) => (cellSize.get(id) ?? 0) < MIN_GROUP_SIZE).length,
    textsShown: seen.textIds.size,
    published: counts!.published,
    held: counts!.held,
    requests: seen.requests,
  };
}

const report = (outcome: Outcome) =>
  `${outcome.published} published, ${outcome.held} held; ${outcome.requests} report reads; ${outcome.summary.cells} cells shown, ` +
  `${outcome.summary.atoms} atoms (${outcome.summary.smallAtoms} below ${MIN_GROUP_SIZE}), ${outcome.summary.pathsTried} sums and differences tried; ` +
  `${outcome.summary.findings.length} small groups reached; ${outcome.textsShown} comments shown, ${outcome.leakedTexts} of a hidden list`;

describe(`the report reader's arithmetic reaches no small group (${driverName})`, () => {
  let t: TestApp;
  let outcome: Outcome;
  let submissions = 0;
  beforeAll(async () => {
    t = await createTestApp({ demo: true, env: { MIN_GROUP_SIZE: String(MIN_GROUP_SIZE), ANONYMITY_BATCH: String(MIN_GROUP_SIZE) } });
    const term = await buildTerm(t, 1);
    submissions = term.days.flat(2).length;
    // The applications close: their leftovers are coarsened, as the server's mover does then.
    outcome = await runScenario(t, term, async () => void (await publishRemainders(t.db, { closedBefore: '9999-12-31' }, { minBatch: MIN_GROUP_SIZE, heldKey: testHeldKey })), true);
    const held = await queryRows<{ kind: string; campus: number; n: number }>(
      t.db,
      sql`select survey_kind as kind, campus_id as campus, count(*)::int as n from held_response group by 1, 2 order by 1, 2`,
    );
    console.info(`[disclosure ${driverName}] coarsened: ${report(outcome)}; held: ${held.map((h) => `${h.kind}@${h.campus} ${h.n}`).join(', ')}`);
  }, HEAVY_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('publishes the small groups coarsened: nothing left held but what falls short even at its application', async () => {
    expect(outcome.published + outcome.held).toBe(submissions);
    expect(outcome.published).toBeGreaterThan(outcome.held * 5);
    const leftovers = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from held_response group by survey_kind, questionnaire_id, questionnaire_version, active_id, ciclo_id`,
    );
    for (const leftover of leftovers) expect(leftover.n).toBeLessThan(MIN_GROUP_SIZE);
    // What stays held is the whole of a questionnaire's answers at an application, never the last few of a larger one.
    const partly = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from response r where exists (select 1 from held_response h
            where h.active_id = r.active_id and h.ciclo_id = r.ciclo_id and h.questionnaire_id = r.questionnaire_id)`,
    );
    expect(partly[0]!.n).toBe(0);
  });

  it('reaches no group of fewer than MIN_GROUP_SIZE responses by adding and subtracting every figure shown', () => {
    expect(outcome.summary.cells).toBeGreaterThan(200);
    expect(outcome.summary.findings.slice(0, 10)).toEqual([]);
  });

  it('shows no comment of a list the small-group rule hides, in any list', () => {
    expect(outcome.textsShown).toBeGreaterThan(20);
    expect(outcome.leakedTexts).toBe(0);
  });
});

// The control proves the attacker, which does the same arithmetic whatever stores the figures: once, on
// PostgreSQL (PGlite's 60 s of it would prove nothing more).
describe.runIf(usingPostgres)(`the same attacker against answers published one by one, as --force did (${driverName})`, () => {
  let t: TestApp;
  let outcome: Outcome;
  beforeAll(async () => {
    t = await createTestApp({ demo: true, env: { MIN_GROUP_SIZE: String(MIN_GROUP_SIZE), ANONYMITY_BATCH: String(MIN_GROUP_SIZE) } });
    const term = await buildTerm(t, 2);
    outcome = await runScenario(t, term, async () => void (await publishHeldResponses(t.db, { minBatch: 1, heldKey: testHeldKey })), false);
    console.info(`[disclosure ${driverName}] control, published one by one: ${report(outcome)}`);
  }, HEAVY_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('finds small groups: the attack is real, and only the coarsening stops it', () => {
    expect(outcome.held).toBe(0);
    expect(outcome.summary.findings.length).toBeGreaterThan(0);
  });
});
