/**
 * A term of answers for the demo, so a newcomer's first start shows reports
 * with data: most respondents of every campus answer every survey attached to
 * the current application and to the previous period's (for trends), on days
 * spread over each window. The answers come from the core's synthetic
 * generator, valid for each questionnaire.
 *
 * The README's demo respondents answer nothing: their journeys stay to try.
 *
 * They enter the way real submissions do: a completion (no day) and a held
 * response each, plus a NOM-035 referral where Guía I calls for one. The
 * caller then publishes them with the mover, which folds them into the report
 * aggregates and keeps whatever set is smaller than the batch size held, as it
 * would for real answers.
 */
import { randomUUID, type KeyObject } from 'node:crypto';
import { and, eq, ne, notInArray } from 'drizzle-orm';
import { addDays } from '@encuestas/core/dates';
import { POWERCAMPUS_PERSON_TYPES } from '@encuestas/core/directory';
import { seededRandom, syntheticAnswers } from '@encuestas/core/survey-engine/synthetic-answers';
import type { Catalogs, Questionnaire } from '@encuestas/core/survey-engine/types';
import { SURVEY_KIND_DEFINITIONS } from '@encuestas/core/survey-kinds/registry';
import { riskGuideFor } from '@encuestas/core/survey-kinds/nom035/guides';
import { requiresClinicalEvaluation } from '@encuestas/core/survey-kinds/nom035/scoring';
import { surveyKindInfo, type SurveyKindId } from '@encuestas/core/survey-kinds';
import { sealSubmittedAnswers } from '../../features/responses';
import type { Database } from '../client';
import {
  activeCycles,
  actives,
  classes,
  completions,
  cycles,
  enrolments,
  heldResponses,
  newIntakeTargets,
  nom035Referrals,
  staff,
  students,
  teachers,
} from '../schema';
import { DEMO_STAFF_PC_ID, DEMO_STUDENT_PC_ID, DEMO_TEACHER_PC_ID } from './demo';

/** Share of the people asked who answer, by kind (the rest show in the missing-respondent lists). */
const PARTICIPATION: Partial<Record<SurveyKindId, number>> = {
  'alumnos/evaluacionDocente': 0.85,
  'alumnos/serviciosA': 0.75,
  'alumnos/serviciosB': 0.7,
  'alumnos/nuevoIngreso': 0.8,
  'docentes/comunicacion': 0.8,
  'administrativos/comunicacion': 0.85,
  'administrativos/ambiente': 0.85,
  'administrativos/norma': 0.9,
};

/**
 * Share of 'Otro' answers where a kind's catalogue offers one (5 % elsewhere). About one new student in five
 * writes a school the catalogue lacks, so once an application closes most campuses' written lists reach the
 * small-group size and show.
 */
const OTHER_RATE: Partial<Record<SurveyKindId, number>> = { 'alumnos/nuevoIngreso': 0.12 };

type HeldRow = typeof heldResponses.$inferInsert;
type Segments = Pick<HeldRow, 'plan' | 'grupo' | 'teacherId' | 'classId'>;
type CompletionRow = typeof completions.$inferInsert;

interface Respondent {
  type: 'student' | 'teacher' | 'staff';
  id: number;
  campusId: number;
  plan: string | null;
  grupo: string | null;
}

export interface DemoAnswersOptions {
  /** The day the demo is seeded (Mexico City); answers fall on days up to it. */
  today: string;
  /** The catalogues as the server serves them (codes as values). */
  catalogs: Catalogs;
  /** Seals the held answers, as a submission does (HELD_ANSWERS_KEY). */
  heldKey: KeyObject;
  seed?: number;
}

/** Writes completions and held responses for the demo's applications; answers how many responses. */
export async function seedDemoAnswers(db: Database, options: DemoAnswersOptions): Promise<{ responses: number }> {
  const random = seededRandom(options.seed ?? 20261123);
  const population = await loadPopulation(db);
  const written: Written = { held: [], done: [], referrals: [] };
  for (const active of population.activeRows) {
    const lastDay = active.endActive < options.today ? active.endActive : options.today;
    if (active.startActive > lastDay) continue;
    const windowDays = Math.round((Date.parse(lastDay) - Date.parse(active.startActive)) / 86_400_000) + 1;
    const application: Application = {
      active,
      dayOf: () => addDays(active.startActive, Math.floor(random() * windowDays)),
      newIntake: new Set(population.targetRows.filter((t) => t.periodoId === active.periodoId).map((t) => t.studentId)),
    };
    for (const { cycleId } of population.attached.filter((a) => a.activeId === active.id)) {
      const kind = population.kindOfCycle.get(cycleId);
      const rate = kind && PARTICIPATION[kind];
      if (kind && rate) answerCycle({ options, random, population, written }, application, cycleId, kind, rate);
    }
  }
  for (let i = 0; i < written.held.length; i += 500) {
    await db.transaction(async (tx) => {
      await tx.insert(completions).values(written.done.slice(i, i + 500));
      await tx.insert(heldResponses).values(written.held.slice(i, i + 500));
    });
  }
  if (written.referrals.length) await db.insert(nom035Referrals).values(written.referrals).onConflictDoNothing();
  return { responses: written.held.length };
}

type Population = Awaited<ReturnType<typeof loadPopulation>>;

/** Who may answer (the README's demo respondents left out), their classes, and the applications with their cycles. */
async function loadPopulation(db: Database) {
  const [cycleRows, activeRows, attached, studentRows, teacherRows, staffRows, classRows, enrolmentRows, targetRows] = await Promise.all([
    db.select({ id: cycles.id, kind: cycles.surveyKind }).from(cycles),
    db.select().from(actives),
    db.select().from(activeCycles),
    db
      .select({ id: students.id, campusId: students.campusId, plan: students.plan, grupo: students.grupo })
      .from(students)
      .where(and(eq(students.active, true), ne(students.pcId, DEMO_STUDENT_PC_ID))),
    db.select({ id: teachers.id, campusId: teachers.campusId }).from(teachers).where(and(eq(teachers.active, true), ne(teachers.pcId, DEMO_TEACHER_PC_ID))),
    // As submissions do: PowerCampus person types are not staff who answer.
    db
      .select({ id: staff.id, campusId: staff.campusId })
      .from(staff)
      .where(and(eq(staff.active, true), ne(staff.pcId, DEMO_STAFF_PC_ID), notInArray(staff.tipo, [...POWERCAMPUS_PERSON_TYPES]))),
    db.select().from(classes),
    db.select().from(enrolments),
    db.select().from(newIntakeTargets),
  ]);
  const people: Respondent[] = [
    ...studentRows.map((s) => ({ type: 'student' as const, id: s.id, campusId: s.campusId, plan: s.plan, grupo: s.grupo })),
    ...teacherRows.map((t) => ({ type: 'teacher' as const, id: t.id, campusId: t.campusId, plan: null, grupo: null })),
    ...staffRows.map((s) => ({ type: 'staff' as const, id: s.id, campusId: s.campusId, plan: null, grupo: null })),
  ];
  const classesOf = new Map<number, (typeof classRows)[number][]>();
  const classById = new Map(classRows.map((c) => [c.id, c]));
  for (const e of enrolmentRows) {
    const c = classById.get(e.classId);
    if (c) classesOf.set(e.studentId, [...(classesOf.get(e.studentId) ?? []), c]);
  }
  const workers = new Map<number, number>();
  for (const p of people) if (p.type !== 'student') workers.set(p.campusId, (workers.get(p.campusId) ?? 0) + 1);
  const kindOfCycle = new Map(cycleRows.map((c) => [c.id, c.kind as SurveyKindId]));
  return { kindOfCycle, activeRows, attached, targetRows, people, classesOf, workers };
}

interface Written {
  held: HeldRow[];
  done: CompletionRow[];
  referrals: (typeof nom035Referrals.$inferInsert)[];
}

interface Application {
  active: Population['activeRows'][number];
  /** A day of the window up to today, at random. */
  dayOf: () => string;
  newIntake: Set<number>;
}

interface Run {
  options: DemoAnswersOptions;
  random: () => number;
  population: Population;
  written: Written;
}

/** The answers of the people a cycle of an application asks, `rate` of them (or of their classes). */
function answerCycle({ options, random, population, written }: Run, application: Application, cycleId: number, kind: SurveyKindId, rate: number): void {
  const { active, dayOf } = application;
  const definition = SURVEY_KIND_DEFINITIONS[kind];
  const info = surveyKindInfo(kind);
  // NOM-035's yes/no items are about traumatic events: few workers answer yes.
  const yesRate = definition.form.type === 'nom035' ? 0.03 : undefined;
  const answer = (person: Respondent, subjectKey: string, questionnaire: Questionnaire, segments: Segments = {}) => {
    const answers = syntheticAnswers(questionnaire, options.catalogs, random, { yesRate, otherRate: OTHER_RATE[kind] });
    written.done.push({ respondentType: person.type, respondentId: person.id, activeId: active.id, cycleId, subjectKey, idempotencyKey: randomUUID() });
    const clear = {
      id: randomUUID(),
      surveyKind: kind,
      questionnaireId: questionnaire.id,
      questionnaireVersion: questionnaire.version,
      activeId: active.id,
      cycleId,
      campusId: active.campusId,
      periodoId: active.periodoId,
      plan: person.plan,
      grupo: person.grupo,
      teacherId: null,
      classId: null,
      ...segments,
    };
    const submitted = { kind, subjectKey, answers, submittedOn: dayOf() };
    written.held.push({ ...clear, sealed: sealSubmittedAnswers(options.heldKey, clear, questionnaire, options.catalogs, submitted) });
    return answers;
  };
  for (const person of population.people) {
    if (person.campusId !== active.campusId || person.type !== definition.respondent) continue;
    if (info.targetList && !application.newIntake.has(person.id)) continue;
    if (info.subjects === 'perClass') {
      for (const c of population.classesOf.get(person.id) ?? []) {
        if (c.periodoId !== active.periodoId || random() >= rate) continue;
        answer(person, String(c.id), definition.questionnaires[0]!, { plan: c.plan, grupo: c.grupo, teacherId: c.teacherId, classId: c.id });
      }
      continue;
    }
    if (random() >= rate) continue;
    if (definition.form.type === 'nom035') {
      const guideOne = answer(person, 'I', definition.form.guideI);
      if (requiresClinicalEvaluation(guideOne)) written.referrals.push({ staffId: person.id, activeId: active.id });
      const guide = riskGuideFor('auto', population.workers.get(person.campusId) ?? 0);
      answer(person, guide, definition.form.riskGuides[guide]);
    } else if (definition.form.type === 'questionnaire') {
      answer(person, '', definition.form.questionnaire);
    }
  }
}
