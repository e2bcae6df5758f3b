/**
 * Submitting a survey: in one transaction, the completion (who answered
 * what; unique, so a second submission is refused) and the anonymous
 * response (answers plus the segments reports need; no respondent id, no
 * time of day, a random id).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, lte } from 'drizzle-orm';
import { ALREADY_ANSWERED_MESSAGE, SURVEY_NOT_AVAILABLE_MESSAGE, type SubmitResponseResult } from '@encuestas/core/api/surveys';
import type { Respondent } from '@encuestas/core/api/respondents';
import { mexicoCityDay } from '@encuestas/core/dates';
import { buildAnswersSchema } from '@encuestas/core/survey-engine/answers';
import type { Answers, Catalogs, Questionnaire } from '@encuestas/core/survey-engine/types';
import { requiresClinicalEvaluation, scoreRiskGuide } from '@encuestas/core/survey-kinds/nom035/scoring';
import { SURVEY_KINDS, type SurveyKindId } from '@encuestas/core/survey-kinds';
import type { Database } from '../../db/client';
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
} from '../../db/schema';
import { AppError } from '../../http/errors';
import { nom035GuideForCampus } from './nom035';

export interface SubmissionDeps {
  db: Database;
  questionnaireFor(kind: SurveyKindId, subject: string): Questionnaire | null;
  catalogs(): Promise<Catalogs>;
}

export interface SubmissionInput {
  activeId: number;
  cicleId: number;
  subject: string;
  idempotencyKey: string;
  answers: Record<string, unknown>;
}

const notAvailable = () => new AppError('FORBIDDEN', SURVEY_NOT_AVAILABLE_MESSAGE);

/** The application and cycle, if open today at the respondent's campus for their kind of respondent. */
async function openApplication(db: Database, respondent: Respondent, input: SubmissionInput, today: string) {
  const [row] = await db
    .select({ periodoId: actives.periodoId, kind: cycles.surveyKind })
    .from(actives)
    .innerJoin(activeCycles, and(eq(activeCycles.activeId, actives.id), eq(activeCycles.cycleId, input.cicleId)))
    .innerJoin(cycles, eq(cycles.id, activeCycles.cycleId))
    .where(
      and(
        eq(actives.id, input.activeId),
        eq(actives.campusId, respondent.campus.id),
        lte(actives.startActive, today),
        gte(actives.endActive, today),
      ),
    );
  if (!row) throw notAvailable();
  const kind = SURVEY_KINDS.find((k) => k.id === row.kind);
  if (!kind || kind.respondent !== respondent.type) throw notAvailable();
  return { periodoId: row.periodoId, kind: kind.id };
}

/** Checks what is evaluated within the cycle and returns the segments it adds. */
async function resolveSubject(
  db: Database,
  respondent: Respondent,
  kind: SurveyKindId,
  periodoId: number,
  activeId: number,
  cycleId: number,
  subject: string,
): Promise<{ teacherId: number | null; classId: number | null }> {
  const none = { teacherId: null, classId: null };
  if (kind === 'alumnos/evaluacionDocente') {
    const classId = Number(subject);
    if (!Number.isInteger(classId) || classId <= 0) throw notAvailable();
    const [taught] = await db
      .select({ teacherId: classes.teacherId })
      .from(enrolments)
      .innerJoin(classes, eq(classes.id, enrolments.classId))
      .where(and(eq(enrolments.studentId, respondent.id), eq(enrolments.classId, classId), eq(classes.periodoId, periodoId)));
    if (!taught) throw notAvailable();
    return { teacherId: taught.teacherId, classId };
  }
  if (kind === 'administrativos/norma') {
    const riskGuide = await nom035GuideForCampus(db, respondent.campus.id);
    if (subject !== 'I' && subject !== riskGuide) throw notAvailable();
    if (subject !== 'I') {
      const [guideOne] = await db
        .select({ day: completions.completedOn })
        .from(completions)
        .where(
          and(
            eq(completions.respondentType, 'staff'),
            eq(completions.respondentId, respondent.id),
            eq(completions.activeId, activeId),
            eq(completions.cycleId, cycleId),
            eq(completions.subjectKey, 'I'),
          ),
        );
      if (!guideOne) throw new AppError('CONFLICT', 'Primero responde la Guía I del cuestionario NOM-035.');
    }
    return none;
  }
  if (subject !== '') throw notAvailable();
  if (kind === 'alumnos/nuevoIngreso') {
    const [target] = await db
      .select({ id: newIntakeTargets.studentId })
      .from(newIntakeTargets)
      .where(and(eq(newIntakeTargets.studentId, respondent.id), eq(newIntakeTargets.periodoId, periodoId)));
    if (!target) throw notAvailable();
  }
  return none;
}

function scoresFor(kind: SurveyKindId, subject: string, answers: Answers): Record<string, unknown> | null {
  if (kind !== 'administrativos/norma') return null;
  if (subject === 'II' || subject === 'III') return { ...scoreRiskGuide(subject, answers) };
  return null;
}

export async function submitResponse(
  deps: SubmissionDeps,
  respondent: Respondent,
  input: SubmissionInput,
  now = new Date(),
): Promise<{ status: 200 | 201; result: SubmitResponseResult }> {
  const { db } = deps;
  const today = mexicoCityDay(now);
  const { periodoId, kind } = await openApplication(db, respondent, input, today);
  const segments = await resolveSubject(db, respondent, kind, periodoId, input.activeId, input.cicleId, input.subject);
  const questionnaire = deps.questionnaireFor(kind, input.subject);
  if (!questionnaire) throw notAvailable();

  const parsed = buildAnswersSchema(questionnaire, await deps.catalogs()).safeParse(input.answers);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fields[`answers.${issue.path.join('.')}`] ??= []).push(issue.message);
    throw new AppError('VALIDATION_FAILED', 'Revisa las respuestas marcadas.', fields);
  }
  const answers = parsed.data;
  const referral = kind === 'administrativos/norma' && input.subject === 'I' && requiresClinicalEvaluation(answers);

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(completions)
      .values({
        respondentType: respondent.type,
        respondentId: respondent.id,
        activeId: input.activeId,
        cycleId: input.cicleId,
        subjectKey: input.subject,
        idempotencyKey: input.idempotencyKey,
        completedOn: today,
      })
      .onConflictDoNothing()
      .returning({ completedOn: completions.completedOn });
    if (inserted.length === 0) {
      // Either a retry of the same submission (same key: its first result) or a second one (409).
      const [first] = await tx
        .select({ completedOn: completions.completedOn, activeId: completions.activeId, cycleId: completions.cycleId, subjectKey: completions.subjectKey })
        .from(completions)
        .where(
          and(
            eq(completions.respondentType, respondent.type),
            eq(completions.respondentId, respondent.id),
            eq(completions.idempotencyKey, input.idempotencyKey),
          ),
        );
      if (first) return { status: 200 as const, result: { completedOn: first.completedOn } };
      throw new AppError('CONFLICT', ALREADY_ANSWERED_MESSAGE);
    }
    await tx.insert(responses).values({
      id: randomUUID(),
      surveyKind: kind,
      questionnaireId: questionnaire.id,
      questionnaireVersion: questionnaire.version,
      activeId: input.activeId,
      cycleId: input.cicleId,
      campusId: respondent.campus.id,
      periodoId,
      plan: respondent.plan ?? null,
      grupo: respondent.grupo ?? null,
      teacherId: segments.teacherId,
      classId: segments.classId,
      submittedOn: today,
      answers,
      scores: scoresFor(kind, input.subject, answers),
    });
    if (referral) {
      await tx
        .insert(nom035Referrals)
        .values({ staffId: respondent.id, activeId: input.activeId, referredOn: today })
        .onConflictDoNothing();
    }
    return { status: 201 as const, result: { completedOn: today, ...(referral ? { referral: true } : {}) } };
  });
}
