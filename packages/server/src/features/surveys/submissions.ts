/**
 * Submitting a survey: in one transaction, the completion (who answered
 * what; unique, so a second submission is refused) and the anonymous
 * response (answers plus the segments reports need; no respondent id, no
 * time of day, a random id).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ALREADY_ANSWERED_MESSAGE, SURVEY_NOT_AVAILABLE_MESSAGE, type SubmitResponseResult } from '@encuestas/core/api/surveys';
import { mexicoCityDay } from '@encuestas/core/dates';
import type { buildAnswersSchema } from '@encuestas/core/survey-engine/answers';
import type { Answers, Questionnaire } from '@encuestas/core/survey-engine/types';
import { POWERCAMPUS_PERSON_TYPES } from '@encuestas/core/directory';
import { requiresClinicalEvaluation, scoreRiskGuide } from '@encuestas/core/survey-kinds/nom035/scoring';
import { SURVEY_KINDS, type RespondentType, type SurveyKindId } from '@encuestas/core/survey-kinds';
import { queryRows, type Database } from '../../db/client';
import {
  actives,
  activeCycles,
  classes,
  completions,
  cycles,
  enrolments,
  newIntakeTargets,
  nom035Referrals,
  responses,
  staff,
  students,
  teachers,
} from '../../db/schema';
import { AppError } from '../../http/errors';
import { TokenService, type TokenSubject } from '../../http/tokens';
import { nom035GuideForCampus } from './nom035';

export interface SubmissionDeps {
  db: Database;
  questionnaireFor(kind: SurveyKindId, subject: string): Questionnaire | null;
  /** The answer schema of a questionnaire with the current catalogues (cached). */
  answersSchema(questionnaire: Questionnaire): Promise<ReturnType<typeof buildAnswersSchema>>;
}

export interface SubmissionInput {
  activeId: number;
  cicleId: number;
  subject: string;
  idempotencyKey: string;
  answers: Record<string, unknown>;
}

const notAvailable = () => new AppError('FORBIDDEN', SURVEY_NOT_AVAILABLE_MESSAGE);

const RESPONDENT_TABLES = { student: students, teacher: teachers, staff } as const;

interface SubmissionContext {
  sessionOpen: boolean;
  campusId: number;
  plan: string | null;
  grupo: string | null;
  periodoId: number | null;
  kind: string | null;
  /** Teacher of the evaluated class, when the subject is a class the student is enrolled in this period. */
  teacherId: number | null;
}

/**
 * Everything a submission needs to be checked, in one round trip: the
 * session is open, the respondent exists, the application is open today at
 * their campus with the cycle attached, and (teacher evaluation) the class is theirs.
 */
async function loadContext(db: Database, subject: TokenSubject, input: SubmissionInput, today: string): Promise<SubmissionContext | null> {
  const type = subject.type as RespondentType;
  const table = RESPONDENT_TABLES[type];
  const classId = /^\d{1,9}$/.test(input.subject) && type === 'student' ? Number(input.subject) : null;
  const segments = type === 'student' ? sql`r.plan, r.grupo` : sql`null as plan, null as grupo`;
  const onlyStaff = type === 'staff' ? sql`and r.tipo not in (${sql.join(POWERCAMPUS_PERSON_TYPES.map((t) => sql`${t}`), sql`, `)})` : sql``;
  const [row] = await queryRows<{
    session_open: boolean;
    campus_id: number;
    plan: string | null;
    grupo: string | null;
    periodo_id: number | null;
    kind: string | null;
    teacher_id: number | null;
  }>(
    db,
    sql`select ${TokenService.sessionOpen(subject)} as session_open, r.campus_id, ${segments},
          a.periodo_id, c.survey_kind as kind, cl.teacher_id
        from ${table} r
        left join ${actives} a on a.id = ${input.activeId} and a.campus_id = r.campus_id
          and a.start_active <= ${today} and a.end_active >= ${today}
        left join ${activeCycles} ac on ac.active_id = a.id and ac.ciclo_id = ${input.cicleId}
        left join ${cycles} c on c.id = ac.ciclo_id
        left join ${enrolments} e on e.student_id = r.id and e.class_id = ${classId} and ${type === 'student'}
        left join ${classes} cl on cl.id = e.class_id and cl.periodo_id = a.periodo_id
        where r.id = ${subject.id} and r.active ${onlyStaff}`,
  );
  if (!row) return null;
  return {
    sessionOpen: row.session_open,
    campusId: row.campus_id,
    plan: row.plan,
    grupo: row.grupo,
    periodoId: row.periodo_id,
    kind: row.kind,
    teacherId: row.teacher_id,
  };
}

/** Kind-specific checks beyond the context query; returns the class evaluated, if any. */
async function checkSubject(
  db: Database,
  respondentId: number,
  context: SubmissionContext & { periodoId: number },
  kind: SurveyKindId,
  input: SubmissionInput,
): Promise<number | null> {
  if (kind === 'alumnos/evaluacionDocente') {
    if (context.teacherId === null) throw notAvailable();
    return Number(input.subject);
  }
  if (kind === 'administrativos/norma') {
    const riskGuide = await nom035GuideForCampus(db, context.campusId);
    if (input.subject !== 'I' && input.subject !== riskGuide) throw notAvailable();
    if (input.subject !== 'I') {
      const [guideOne] = await db
        .select({ day: completions.completedOn })
        .from(completions)
        .where(
          and(
            eq(completions.respondentType, 'staff'),
            eq(completions.respondentId, respondentId),
            eq(completions.activeId, input.activeId),
            eq(completions.cycleId, input.cicleId),
            eq(completions.subjectKey, 'I'),
          ),
        );
      if (!guideOne) throw new AppError('CONFLICT', 'Primero responde la Guía I del cuestionario NOM-035.');
    }
    return null;
  }
  if (input.subject !== '') throw notAvailable();
  if (kind === 'alumnos/nuevoIngreso') {
    const [target] = await db
      .select({ id: newIntakeTargets.studentId })
      .from(newIntakeTargets)
      .where(and(eq(newIntakeTargets.studentId, respondentId), eq(newIntakeTargets.periodoId, context.periodoId)));
    if (!target) throw notAvailable();
  }
  return null;
}

function scoresFor(kind: SurveyKindId, subject: string, answers: Answers): Record<string, unknown> | null {
  if (kind !== 'administrativos/norma') return null;
  if (subject === 'II' || subject === 'III') return { ...scoreRiskGuide(subject, answers) };
  return null;
}

export async function submitResponse(
  deps: SubmissionDeps,
  subject: TokenSubject,
  input: SubmissionInput,
  now = new Date(),
): Promise<{ status: 200 | 201; result: SubmitResponseResult }> {
  const { db } = deps;
  if (subject.type === 'admin') throw new AppError('UNAUTHENTICATED');
  const today = mexicoCityDay(now);
  const context = await loadContext(db, subject, input, today);
  if (!context || !context.sessionOpen) throw new AppError('UNAUTHENTICATED');
  const kind = SURVEY_KINDS.find((k) => k.id === context.kind);
  if (!kind || context.periodoId === null || kind.respondent !== subject.type) throw notAvailable();
  const classId = await checkSubject(db, subject.id, { ...context, periodoId: context.periodoId }, kind.id, input);
  const questionnaire = deps.questionnaireFor(kind.id, input.subject);
  if (!questionnaire) throw notAvailable();

  const parsed = (await deps.answersSchema(questionnaire)).safeParse(input.answers);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fields[`answers.${issue.path.join('.')}`] ??= []).push(issue.message);
    throw new AppError('VALIDATION_FAILED', 'Revisa las respuestas marcadas.', fields);
  }
  const answers = parsed.data;
  const referral = kind.id === 'administrativos/norma' && input.subject === 'I' && requiresClinicalEvaluation(answers);
  const scores = scoresFor(kind.id, input.subject, answers);

  // One statement, so one implicit transaction: the response is written only
  // when the completion is new, and the referral (NOM-035) with them.
  const referralInsert = referral
    ? sql`, referral as (
        insert into ${nom035Referrals} (staff_id, active_id, referred_on)
        select ${subject.id}, ${input.activeId}, ${today} where exists (select 1 from done)
        on conflict do nothing)`
    : sql``;
  const [written] = await queryRows<{ inserted: number }>(
    db,
    sql`with done as (
          insert into ${completions} (respondent_type, respondent_id, active_id, ciclo_id, subject_key, idempotency_key, completed_on)
          values (${subject.type}, ${subject.id}, ${input.activeId}, ${input.cicleId}, ${input.subject}, ${input.idempotencyKey}, ${today})
          on conflict do nothing
          returning 1
        ), answer as (
          insert into ${responses} (id, survey_kind, questionnaire_id, questionnaire_version, active_id, ciclo_id, campus_id,
            periodo_id, plan, grupo, teacher_id, class_id, submitted_on, answers, scores)
          select ${randomUUID()}, ${kind.id}, ${questionnaire.id}, ${questionnaire.version}, ${input.activeId}, ${input.cicleId},
            ${context.campusId}, ${context.periodoId}, ${context.plan}, ${context.grupo}, ${context.teacherId}, ${classId},
            ${today}, ${JSON.stringify(answers)}::jsonb, ${scores === null ? null : JSON.stringify(scores)}::jsonb
          where exists (select 1 from done)
        )${referralInsert}
        select count(*)::int as inserted from done`,
  );
  if (written?.inserted) {
    return { status: 201, result: { completedOn: today, ...(referral ? { referral: true } : {}) } };
  }
  // Either a retry of the same submission (same key: its first result) or a second one (409).
  const [first] = await db
    .select({ completedOn: completions.completedOn })
    .from(completions)
    .where(
      and(
        eq(completions.respondentType, subject.type),
        eq(completions.respondentId, subject.id),
        eq(completions.idempotencyKey, input.idempotencyKey),
      ),
    );
  if (first) {
    // A replay answers what the first submission did, the NOM-035 referral included.
    const [referred] = referral
      ? await db
          .select({ id: nom035Referrals.id })
          .from(nom035Referrals)
          .where(and(eq(nom035Referrals.staffId, subject.id), eq(nom035Referrals.activeId, input.activeId)))
      : [];
    return { status: 200, result: { completedOn: first.completedOn, ...(referred ? { referral: true } : {}) } };
  }
  throw new AppError('CONFLICT', ALREADY_ANSWERED_MESSAGE);
}
