/**
 * Submitting a survey: the completion (who answered what; unique, so a
 * second submission is refused; no day, no time) and the anonymous response
 * (answers plus the segments reports need; no respondent id, no time of day,
 * a random id), written together. The response goes to `held_response`: the
 * mover (features/responses/mover.ts) publishes it later in a shuffled batch
 * under a new id, so the published row shares no transaction id, position or
 * order with its completion (docs/privacy.md).
 *
 * This is the hottest write of the platform, so after the answers are
 * validated in memory, one prepared statement does the rest in a single
 * round trip (and so in one implicit transaction): it checks the session,
 * the respondent, that the application is open today at their campus with
 * the cycle attached and, per kind, that the subject is theirs; it writes
 * only when every check holds, and reports which one failed otherwise.
 * Submissions arriving together share that statement and its commit
 * (submission-batches.ts): each is answered after the commit, on its own.
 */
import { randomUUID, type KeyObject } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ALREADY_ANSWERED_MESSAGE, SURVEY_NOT_AVAILABLE_MESSAGE, type SubmitResponseResult } from '@encuestas/core/api/surveys';
import { mexicoCityDay } from '@encuestas/core/dates';
import { POWERCAMPUS_PERSON_TYPES } from '@encuestas/core/directory';
import type { buildAnswersSchema } from '@encuestas/core/survey-engine/answers';
import type { Catalogs, Questionnaire } from '@encuestas/core/survey-engine/types';
import { requiresClinicalEvaluation } from '@encuestas/core/survey-kinds/nom035/scoring';
import { SURVEY_KINDS, surveyKindInfo, type RespondentType, type SurveyKindId } from '@encuestas/core/survey-kinds';
import { queryRowsOfShape, type Database } from '../../db/client';
import {
  actives,
  campusCyclesDisabled,
  campuses,
  activeCycles,
  classes,
  completions,
  enrolments,
  heldResponses,
  newIntakeTargets,
  nom035Referrals,
  staff,
  students,
  teachers,
} from '../../db/schema';
import { AppError, validationError } from '../../http/errors';
import { StatementBatcher } from './submission-batches';
import { TokenService, type TokenSubject } from '../../http/tokens';
import { sealSubmittedAnswers } from '../responses';
import { respondentCampusId } from './availability';
import { nom035GuideForCampus, recordNom035Headcount } from './nom035';

export interface SubmissionDeps {
  db: Database;
  questionnaireFor(kind: SurveyKindId, subject: string): Questionnaire | null;
  /** The answer schema of a questionnaire with the current catalogues (cached). */
  answersSchema(questionnaire: Questionnaire): Promise<ReturnType<typeof buildAnswersSchema>>;
  /** Survey kind of a cycle (reference data, cached); null for an unknown cycle. */
  kindOfCycle(cycleId: number): Promise<SurveyKindId | null>;
  /** The catalogues the answer schemas check against (cached): they bound a held response's sealed length. */
  catalogs(): Promise<Catalogs>;
  /** Seals held answers (HELD_ANSWERS_KEY). */
  heldKey: KeyObject;
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

/** What is answered within the cycle must fit the kind: a class id, a NOM-035 guide, or nothing. */
function checkSubjectShape(kind: SurveyKindId, subject: string): void {
  const { subjects } = surveyKindInfo(kind);
  const fits =
    subjects === 'perClass' ? /^[1-9]\d{0,8}$/.test(subject) : subjects === 'nom035Guides' ? ['I', 'II', 'III'].includes(subject) : subject === '';
  if (!fits) throw notAvailable();
}

/** NOM-035: the campus's risk guide, answered only after Guía I. */
async function checkNom035Step(db: Database, subject: TokenSubject, input: SubmissionInput): Promise<void> {
  if (input.subject === 'I') return;
  const campusId = await respondentCampusId(db, 'staff', subject.id);
  if (campusId === null) throw notAvailable();
  if (input.subject !== (await nom035GuideForCampus(db, campusId))) throw notAvailable();
  const [guideOne] = await db
    .select({ subjectKey: completions.subjectKey })
    .from(completions)
    .where(
      and(
        eq(completions.respondentType, 'staff'),
        eq(completions.respondentId, subject.id),
        eq(completions.activeId, input.activeId),
        eq(completions.cycleId, input.cicleId),
        eq(completions.subjectKey, 'I'),
      ),
    );
  if (!guideOne) throw new AppError('CONFLICT', 'Primero responda la Guía I del cuestionario NOM-035.');
}

/** What decides the statement's text (its shape); everything else is a value. */
interface WriteShape {
  respondentType: RespondentType;
  kind: SurveyKindId;
  perClass: boolean;
  referral: boolean;
}

/** One submission as the statement reads it: a row of its JSON parameter. */
interface WriteRow {
  n: number;
  session_id: string;
  respondent_id: number;
  active_id: number;
  ciclo_id: number;
  today: string;
  class_id: number | null;
  subject_key: string;
  idempotency_key: string;
  held_id: string;
  questionnaire_id: string;
  questionnaire_version: number;
  /** The sealed answers, base64. */
  sealed: string;
}

/** Each submission's checks and whether its completion was written. */
interface WriteOutcome {
  n: number;
  found: boolean;
  session_open: boolean;
  open: boolean;
  subject_ok: boolean;
  inserted: boolean;
}

/** The statement's values: real ones, or `sql.placeholder`s when its text is built (db/client.ts queryRowsOfShape). */
type WriteValues = Record<'rows' | 'respondentType' | 'kind', unknown>;

/**
 * The single statement, for any number of submissions of one shape: checks
 * as a CTE, writes conditioned on them, an outcome row per submission. A
 * batch never holds two submissions of one respondent (submission-batches.ts),
 * so a completion written is matched to its submission by respondent.
 */
function checkAndWrite(shape: WriteShape, v: WriteValues): SQL {
  const isStudent = shape.respondentType === 'student';
  const { targetList } = surveyKindInfo(shape.kind);
  // A teacher evaluation is about the class, so it carries the class's plan and group (a student may
  // take a class of another group); other student surveys carry the student's.
  const segments = shape.perClass ? sql`cl.plan, cl.grupo` : isStudent ? sql`r.plan, r.grupo` : sql`null::text as plan, null::text as grupo`;
  const onlyStaff =
    shape.respondentType === 'staff' ? sql`and r.tipo not in (${sql.join(POWERCAMPUS_PERSON_TYPES.map((t) => sql`${t}`), sql`, `)})` : sql``;
  const subjectOk = shape.perClass
    ? sql`cl.id is not null`
    : targetList
      ? sql`coalesce((select true from ${newIntakeTargets} t where t.student_id = r.id and t.periodo_id = a.periodo_id limit 1), false)`
      : sql`true`;
  // Lookups per submission are lateral with a limit, so each stays an index lookup: the planner guesses
  // 100 rows for the JSON parameter and would otherwise hash whole tables (every student, every class).
  const classJoin = shape.perClass
    ? sql`left join lateral (select cl.id, cl.teacher_id, cl.plan, cl.grupo from ${enrolments} e
              join ${classes} cl on cl.id = e.class_id and cl.periodo_id = a.periodo_id
            where e.student_id = r.id and e.class_id = i.class_id limit 1) cl on true`
    : sql`left join (select null::int as id, null::int as teacher_id) cl on false`;
  const referral = shape.referral
    ? sql`, referral as (
        insert into ${nom035Referrals} (staff_id, active_id)
        select ok.respondent_id, ok.active_id from ok join done using (respondent_id)
        on conflict do nothing)`
    : sql``;
  return sql`with i as (
      select * from jsonb_to_recordset(${v.rows}::jsonb) as x(n int, session_id uuid, respondent_id int, active_id int, ciclo_id int,
        today date, class_id int, subject_key text, idempotency_key text, held_id uuid, questionnaire_id text,
        questionnaire_version int, sealed text)
    ), ctx as (
      select i.*, r.id is not null as found,
        ${TokenService.sessionOpen({ sessionId: sql`i.session_id`, type: v.respondentType, id: sql`i.respondent_id` })} as session_open,
        r.campus_id, ${segments}, a.periodo_id, (a.id is not null and ac.ciclo_id is not null) as open, cl.teacher_id,
        (a.id is not null and ${subjectOk}) as subject_ok
      from i
      left join lateral (select r.* from ${RESPONDENT_TABLES[shape.respondentType]} r
        where r.id = i.respondent_id and r.active ${onlyStaff} limit 1) r on true
      left join lateral (select a.* from ${actives} a where a.id = i.active_id and a.campus_id = r.campus_id
        and a.start_active <= i.today and a.end_active >= i.today
        -- A disabled campus, or a survey type turned off at it, takes no answers (features/campuses).
        and exists (select 1 from ${campuses} c where c.id = r.campus_id and c.enabled)
        and not exists (select 1 from ${campusCyclesDisabled} d where d.campus_id = r.campus_id and d.ciclo_id = i.ciclo_id)
        limit 1) a on true
      left join lateral (select ac.ciclo_id from ${activeCycles} ac where ac.active_id = a.id and ac.ciclo_id = i.ciclo_id limit 1) ac on true
      ${classJoin}
    ), ok as (
      select * from ctx where found and session_open and open and subject_ok
    ), done as (
      insert into ${completions} (respondent_type, respondent_id, active_id, ciclo_id, subject_key, idempotency_key)
      select ${v.respondentType}, respondent_id, active_id, ciclo_id, subject_key, idempotency_key
      from ok
      on conflict do nothing
      returning respondent_id
    ), answer as (
      insert into ${heldResponses} (id, survey_kind, questionnaire_id, questionnaire_version, active_id, ciclo_id, campus_id,
        periodo_id, plan, grupo, teacher_id, class_id, sealed)
      select ok.held_id, ${v.kind}, ok.questionnaire_id, ok.questionnaire_version, ok.active_id, ok.ciclo_id,
        ok.campus_id, ok.periodo_id, ok.plan, ok.grupo, ok.teacher_id, ok.class_id, decode(ok.sealed, 'base64')
      from ok join done using (respondent_id)
    )${referral}
    select ctx.n, ctx.found, coalesce(ctx.session_open, false) as session_open, coalesce(ctx.open, false) as open,
      coalesce(ctx.subject_ok, false) as subject_ok, exists (select 1 from done where done.respondent_id = ctx.respondent_id) as inserted
    from ctx`;
}

/**
 * Concurrent submissions of one shape share a statement (submission-batches.ts). One statement of a
 * shape at a time: whatever arrives meanwhile goes in the next. On this 2-core machine one in flight
 * did 0.33 x the one-row baseline, two 0.27 x, four 0.29 x (single runs, docs/benchmarks.md); several
 * API processes each run their own. 100 submissions a statement keep one under ~50 ms.
 */
const SUBMISSIONS_IN_FLIGHT = 1;
const SUBMISSIONS_PER_STATEMENT = 100;
const batchers = new WeakMap<Database, Map<string, StatementBatcher<WriteRow, WriteOutcome>>>();

function batcherOf(db: Database, shape: WriteShape): StatementBatcher<WriteRow, WriteOutcome> {
  let ofDb = batchers.get(db);
  if (!ofDb) batchers.set(db, (ofDb = new Map()));
  const key = `submission:${Object.values(shape).join(':')}`;
  let batcher = ofDb.get(key);
  if (!batcher) {
    batcher = new StatementBatcher<WriteRow, WriteOutcome>(
      async (rows) => {
        rows.forEach((row, n) => (row.n = n));
        const outcomes = await queryRowsOfShape<WriteOutcome, WriteValues>(db, key, (v) => checkAndWrite(shape, v), {
          rows: JSON.stringify(rows),
          respondentType: shape.respondentType,
          kind: shape.kind,
        });
        const byN = new Map(outcomes.map((outcome) => [outcome.n, outcome]));
        return rows.map((row) => byN.get(row.n)!);
      },
      { maxInFlight: SUBMISSIONS_IN_FLIGHT, maxBatch: SUBMISSIONS_PER_STATEMENT, distinctKey: (row) => String(row.respondent_id) },
    );
    ofDb.set(key, batcher);
  }
  return batcher;
}

export async function submitResponse(
  deps: SubmissionDeps,
  subject: TokenSubject,
  input: SubmissionInput,
  now = new Date(),
): Promise<{ status: 200 | 201; result: SubmitResponseResult }> {
  const { db } = deps;
  if (subject.type === 'admin') throw new AppError('UNAUTHENTICATED');
  const respondentSubject = subject as TokenSubject & { type: RespondentType };
  const kindId = await deps.kindOfCycle(input.cicleId);
  const kind = SURVEY_KINDS.find((k) => k.id === kindId);
  if (!kind || kind.respondent !== subject.type) throw notAvailable();
  checkSubjectShape(kind.id, input.subject);
  const questionnaire = deps.questionnaireFor(kind.id, input.subject);
  if (!questionnaire) throw notAvailable();

  const parsed = (await deps.answersSchema(questionnaire)).safeParse(input.answers);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: ['answers', ...i.path].join('.'), message: i.message }));
    throw validationError(issues, 'Revisa las respuestas marcadas.');
  }
  if (kind.subjects === 'nom035Guides') await checkNom035Step(db, respondentSubject, input);

  const answers = parsed.data;
  const today = mexicoCityDay(now);
  const referral = kind.subjects === 'nom035Guides' && input.subject === 'I' && requiresClinicalEvaluation(answers);
  const classId = kind.subjects === 'perClass' ? Number(input.subject) : null;
  const id = randomUUID();
  const binding = { id, surveyKind: kind.id, questionnaireId: questionnaire.id, questionnaireVersion: questionnaire.version, activeId: input.activeId, cycleId: input.cicleId, classId };
  const sealed = sealSubmittedAnswers(deps.heldKey, binding, questionnaire, await deps.catalogs(), {
    kind: kind.id,
    subjectKey: input.subject,
    answers,
    submittedOn: today,
  });
  const shape: WriteShape = { respondentType: respondentSubject.type, kind: kind.id, perClass: classId !== null, referral };
  const outcome = await batcherOf(db, shape).submit({
    n: 0, session_id: subject.sessionId, respondent_id: subject.id, active_id: input.activeId, ciclo_id: input.cicleId, today,
    class_id: classId, subject_key: input.subject, idempotency_key: input.idempotencyKey, held_id: id,
    questionnaire_id: questionnaire.id, questionnaire_version: questionnaire.version, sealed: sealed.toString('base64'),
  });
  if (!outcome.found || !outcome.session_open) throw new AppError('UNAUTHENTICATED');
  if (!outcome.open || !outcome.subject_ok) throw notAvailable();
  if (outcome.inserted) {
    if (kind.subjects === 'nom035Guides') await recordNom035Headcount(db, input.activeId);
    return { status: 201, result: referral ? { referral: true } : {} };
  }

  // Either a retry of the same submission (same key: its first result) or a second one (409).
  const [first] = await db
    .select({ subjectKey: completions.subjectKey })
    .from(completions)
    .where(
      and(
        eq(completions.respondentType, subject.type),
        eq(completions.respondentId, subject.id),
        eq(completions.idempotencyKey, input.idempotencyKey),
      ),
    );
  if (!first) throw new AppError('CONFLICT', ALREADY_ANSWERED_MESSAGE);
  // A replay answers what the first submission did, the NOM-035 referral included.
  const [referred] = referral
    ? await db
        .select({ id: nom035Referrals.id })
        .from(nom035Referrals)
        .where(and(eq(nom035Referrals.staffId, subject.id), eq(nom035Referrals.activeId, input.activeId)))
    : [];
  return { status: 200, result: referred ? { referral: true } : {} };
}
