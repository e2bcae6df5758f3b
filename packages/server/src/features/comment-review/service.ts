/**
 * Comment review before teachers read comments (issue 21). A reviewer sees
 * the comments teachers would see: an application's teacher-evaluation texts
 * in text cells that reach the small-group rule (agg_text_count), by the
 * evaluated teacher, never with class, group or day (no more of the author
 * than a report shows). Each is published as written, published with spans
 * redacted, or withheld with a reason; every decision is audited. The queue
 * is sorted by triage (features/comment-triage): alerts first, then the
 * harshest tone.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  COMMENT_NOT_FOUND,
  REDACTION_MARK,
  SPANS_OUT_OF_TEXT,
  type CommentDecision,
  type CommentDecisionBody,
  type CommentReviewApplications,
  type CommentReviewQueue,
  type ReviewedComment,
} from '@encuestas/core/api/comment-review';
import { resultsReleaseDayOf } from '@encuestas/core/api/actives';
import { fullName } from '@encuestas/core/directory';
import { TEACHER_EVALUATION_QUESTIONNAIRE } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/questionnaire';
import type { Database, ReadDatabase } from '../../db/client';
import { activeCycles, actives, adminUsers, campuses, commentReviews, cycles, periods, responseTexts, textCounts } from '../../db/schema';
import { AppError } from '../../http/errors';
import { assertCampusGranted, assertCyclesGranted } from '../../http/grants';
import { selectTextsWithCell } from '../aggregates';
import { audit } from '../audit/service';
import { ALERT_CATEGORY_LABELS, sortForReview, storedTriage } from '../comment-triage';
import { teacherNames } from '../directory';
import type { AdminPrincipal } from '../users/service';

const TEACHER_EVALUATION = 'alumnos/evaluacionDocente';
/** The teacher evaluation's free-text items: what teachers receive as comments. */
const COMMENT_ITEM_IDS = TEACHER_EVALUATION_QUESTIONNAIRE.sections.flatMap((section) => section.items).filter((item) => item.type === 'text').map((item) => item.id);

export const APPLICATION_NOT_FOUND = 'No se encontró la aplicación.';
export const NO_TEACHER_EVALUATION = 'Esta aplicación no tiene la evaluación docente.';

/** A comment's key: its application, evaluated teacher, item and words, hashed (identical words in one place share it). */
export function commentKey(place: { activeId: number; teacherId: number; itemId: string }, text: string): string {
  return createHash('sha256').update(`${place.activeId}\u0000${place.teacherId}\u0000${place.itemId}\u0000${text}`).digest('hex');
}

/** The published words of a redaction: each span (UTF-16 offsets into `text`) replaced by REDACTION_MARK. */
export function redact(text: string, spans: readonly { start: number; end: number }[]): string {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  if (sorted.some((span, i) => span.end > text.length || (i > 0 && span.start < sorted[i - 1]!.end))) {
    throw new AppError('VALIDATION_FAILED', SPANS_OUT_OF_TEXT, { spans: [SPANS_OUT_OF_TEXT] });
  }
  let result = '';
  let at = 0;
  for (const span of sorted) {
    result += text.slice(at, span.start) + REDACTION_MARK;
    at = span.end;
  }
  return result + text.slice(at);
}

interface ReviewApplication {
  id: number;
  cycleId: number;
  campus: { id: number; nombre: string };
  periodo: { id: number; nombre: string };
  releaseWaitsForReview: boolean;
}

/** The application, if the reviewer holds its campus and its teacher evaluation (404 for an unknown one, 403 otherwise). */
async function reviewApplication(db: ReadDatabase, principal: AdminPrincipal, activeId: number): Promise<ReviewApplication> {
  const [row] = await db
    .select({
      id: actives.id,
      campusId: campuses.id,
      campusName: campuses.nombre,
      periodoId: periods.id,
      periodoName: periods.nombre,
      releaseWaitsForReview: actives.releaseWaitsForReview,
    })
    .from(actives)
    .innerJoin(campuses, eq(campuses.id, actives.campusId))
    .innerJoin(periods, eq(periods.id, actives.periodoId))
    .where(eq(actives.id, activeId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', APPLICATION_NOT_FOUND);
  assertCampusGranted(principal, row.campusId);
  const [cycle] = await db
    .select({ id: cycles.id })
    .from(activeCycles)
    .innerJoin(cycles, eq(cycles.id, activeCycles.cycleId))
    .where(and(eq(activeCycles.activeId, activeId), eq(cycles.surveyKind, TEACHER_EVALUATION)))
    .limit(1);
  if (!cycle) throw new AppError('NOT_FOUND', NO_TEACHER_EVALUATION);
  assertCyclesGranted(principal, [cycle.id]);
  return {
    id: row.id,
    cycleId: cycle.id,
    campus: { id: row.campusId, nombre: row.campusName },
    periodo: { id: row.periodoId, nombre: row.periodoName },
    releaseWaitsForReview: row.releaseWaitsForReview,
  };
}

/** The applications a reviewer may open: the teacher evaluation's, at granted campuses, if that survey type is granted. */
export async function commentReviewApplications(db: ReadDatabase, principal: AdminPrincipal): Promise<CommentReviewApplications> {
  if (principal.campusIds.length === 0 || principal.cycleIds.length === 0) return { applications: [] };
  const rows = await db
    .select({
      id: actives.id,
      campusId: campuses.id,
      campusName: campuses.nombre,
      periodoId: periods.id,
      periodoName: periods.nombre,
      startActive: actives.startActive,
      endActive: actives.endActive,
      resultsReleaseDay: actives.resultsReleaseDay,
      releaseWaitsForReview: actives.releaseWaitsForReview,
    })
    .from(actives)
    .innerJoin(campuses, eq(campuses.id, actives.campusId))
    .innerJoin(periods, eq(periods.id, actives.periodoId))
    .innerJoin(activeCycles, eq(activeCycles.activeId, actives.id))
    .innerJoin(cycles, and(eq(cycles.id, activeCycles.cycleId), eq(cycles.surveyKind, TEACHER_EVALUATION)))
    .where(and(inArray(actives.campusId, principal.campusIds), inArray(cycles.id, principal.cycleIds)))
    .orderBy(desc(periods.fechaInicio), asc(campuses.nombre), desc(actives.startActive), desc(actives.id));
  // An application holding two teacher-evaluation survey types is listed once.
  const unique = rows.filter((row, i) => rows.findIndex((other) => other.id === row.id) === i);
  return {
    applications: unique.map((row) => ({
      id: row.id,
      campus: { id: row.campusId, nombre: row.campusName },
      periodo: { id: row.periodoId, nombre: row.periodoName },
      start_active: row.startActive,
      end_active: row.endActive,
      results_release_day: resultsReleaseDayOf(row.endActive, row.resultsReleaseDay),
      releaseWaitsForReview: row.releaseWaitsForReview,
    })),
  };
}

interface CommentAtRule {
  key: string;
  text: string;
  /** How many answers hold these same words in the same place. */
  copies: number;
  teacherId: number;
  /** The triage stored with the text (migration 0023), read by the review queue only. */
  triageColumns: Parameters<typeof storedTriage>[0];
}

/**
 * Every comment of an application a teacher could read (text cells at the
 * small-group rule), one entry per key; of one teacher when `teacherId` is given.
 */
async function commentsAtRule(db: ReadDatabase, place: { activeId: number; cycleId: number; teacherId?: number }, minGroupSize: number): Promise<CommentAtRule[]> {
  const rows = await selectTextsWithCell(db, {
    teacherId: responseTexts.teacherId,
    itemId: responseTexts.itemId,
    text: responseTexts.text,
    tone: responseTexts.tone,
    alertCategory: responseTexts.alertCategory,
    alertMatched: responseTexts.alertMatched,
  }).where(
    and(
      eq(responseTexts.activeId, place.activeId),
      eq(responseTexts.cycleId, place.cycleId),
      inArray(responseTexts.itemId, COMMENT_ITEM_IDS),
      place.teacherId === undefined ? isNotNull(responseTexts.teacherId) : eq(responseTexts.teacherId, place.teacherId),
      // The cell at the rule: only what a teacher could read.
      gte(textCounts.n, minGroupSize),
    ),
  );
  const byKey = new Map<string, CommentAtRule>();
  for (const row of rows) {
    const teacherId = row.teacherId!;
    const key = commentKey({ activeId: place.activeId, teacherId, itemId: row.itemId }, row.text);
    const known = byKey.get(key);
    if (known) known.copies += 1;
    else byKey.set(key, { key, text: row.text, copies: 1, teacherId, triageColumns: row });
  }
  return [...byKey.values()];
}

/** The queue's entries: each comment at the rule with its teacher's name and its triage. */
async function reviewableComments(db: ReadDatabase, application: ReviewApplication, minGroupSize: number): Promise<Omit<ReviewedComment, 'review'>[]> {
  const comments = await commentsAtRule(db, { activeId: application.id, cycleId: application.cycleId }, minGroupSize);
  const names = await teacherNames(db, [...new Set(comments.map((comment) => comment.teacherId))]);
  return comments.map(({ teacherId, triageColumns, ...comment }) => {
    const triage = storedTriage(triageColumns);
    return {
      ...comment,
      teacher: { id: teacherId, name: names.get(teacherId) ?? '' },
      triage: { tone: triage.tone, alert: triage.alert ? { category: triage.alert.category, label: ALERT_CATEGORY_LABELS[triage.alert.category], matched: triage.alert.matched } : null },
    };
  });
}

async function reviewsOf(db: ReadDatabase, activeId: number): Promise<Map<string, NonNullable<ReviewedComment['review']>>> {
  const rows = await db
    .select({
      key: commentReviews.textKey,
      decision: commentReviews.decision,
      publishedText: commentReviews.publishedText,
      reason: commentReviews.reason,
      reviewedAt: commentReviews.reviewedAt,
      reviewerName: adminUsers.name,
      reviewerLastName: adminUsers.lastName,
    })
    .from(commentReviews)
    .leftJoin(adminUsers, eq(adminUsers.id, commentReviews.reviewedBy))
    .where(eq(commentReviews.activeId, activeId));
  return new Map(
    rows.map((row) => [
      row.key,
      {
        decision: row.decision,
        publishedText: row.publishedText,
        reason: row.reason,
        reviewedAt: row.reviewedAt.toISOString(),
        reviewer: row.reviewerName === null ? null : fullName(row.reviewerName, row.reviewerLastName),
      },
    ]),
  );
}

/** The queue: pending comments first in triage order, then the reviewed ones (or only one of the two). */
export async function commentReviewQueue(
  db: ReadDatabase,
  principal: AdminPrincipal,
  minGroupSize: number,
  activeId: number,
  query: { status: 'pending' | 'reviewed' | 'all'; page: number; perPage: number; teacherId?: number | undefined },
): Promise<CommentReviewQueue> {
  const application = await reviewApplication(db, principal, activeId);
  const [comments, reviews] = await Promise.all([reviewableComments(db, application, minGroupSize), reviewsOf(db, application.id)]);
  const withReview = sortForReview(comments).map((comment) => ({ ...comment, review: reviews.get(comment.key) ?? null }));
  const teachers = new Map<number, { id: number; name: string; pending: number }>();
  for (const comment of withReview) {
    const teacher = teachers.get(comment.teacher.id) ?? { ...comment.teacher, pending: 0 };
    if (comment.review === null) teacher.pending += 1;
    teachers.set(teacher.id, teacher);
  }
  const chosen = query.teacherId === undefined ? withReview : withReview.filter((comment) => comment.teacher.id === query.teacherId);
  const counts = { pending: 0, published: 0, redacted: 0, withheld: 0 };
  for (const comment of chosen) counts[comment.review?.decision ?? 'pending'] += 1;
  const listed = chosen
    .filter((comment) => query.status === 'all' || (query.status === 'pending') === (comment.review === null))
    .sort((a, b) => Number(a.review !== null) - Number(b.review !== null));
  return {
    application: { id: application.id, campus: application.campus, periodo: application.periodo, releaseWaitsForReview: application.releaseWaitsForReview },
    counts,
    teachers: [...teachers.values()].sort((a, b) => a.name.localeCompare(b.name, 'es') || a.id - b.id),
    comments: listed.slice((query.page - 1) * query.perPage, query.page * query.perPage),
    total: listed.length,
    page: query.page,
    perPage: query.perPage,
  };
}

const DECISION_MESSAGES = {
  published: 'Comentario publicado.',
  redacted: 'Comentario publicado con partes tachadas.',
  withheld: 'Comentario retenido: el docente no lo verá.',
} as const;

/** Records (or changes) the decision on one comment of the application, audited in the same transaction. */
export async function decideComment(
  db: Database,
  principal: AdminPrincipal,
  minGroupSize: number,
  activeId: number,
  key: string,
  body: CommentDecisionBody,
): Promise<{ message: string; comment: ReviewedComment }> {
  const application = await reviewApplication(db, principal, activeId);
  const comment = (await reviewableComments(db, application, minGroupSize)).find((candidate) => candidate.key === key);
  if (!comment) throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND);
  const publishedText = body.decision === 'redacted' ? redact(comment.text, body.spans) : null;
  const reason = body.decision === 'withheld' ? body.reason : null;
  await db.transaction(async (tx) => {
    const values = { activeId: application.id, decision: body.decision, publishedText, reason, reviewedBy: principal.user.id, reviewedAt: sql`now()` };
    await tx
      .insert(commentReviews)
      .values({ textKey: key, ...values })
      .onConflictDoUpdate({ target: commentReviews.textKey, set: values });
    // The words are not copied into the Bitácora: a withheld comment stays out of every other screen.
    await audit(tx, {
      actorUserId: principal.user.id,
      action: 'review-comment',
      entity: 'active',
      entityId: application.id,
      details: { decision: body.decision, ...(reason ? { reason } : {}) },
    });
  });
  const review = (await reviewsOf(db, application.id)).get(key) ?? null;
  return { message: DECISION_MESSAGES[body.decision], comment: { ...comment, review } };
}

/** One of a teacher's comments as the teacher-results feature reads it: its review, or null while pending. */
export interface TeacherCommentReview {
  activeId: number;
  key: string;
  text: string;
  copies: number;
  review: { decision: CommentDecision; publishedText: string | null } | null;
}

/**
 * A teacher's comments at the small-group rule in these applications of the
 * teacher evaluation, each with its decision: what the teacher may read (the
 * published and the redacted words) and what still holds a release.
 */
export async function teacherCommentReviews(
  db: ReadDatabase,
  teacherId: number,
  applications: readonly { activeId: number; cycleId: number }[],
  minGroupSize: number,
): Promise<TeacherCommentReview[]> {
  const perApplication = await Promise.all(
    applications.map(async ({ activeId, cycleId }) => (await commentsAtRule(db, { activeId, cycleId, teacherId }, minGroupSize)).map((comment) => ({ activeId, ...comment }))),
  );
  const comments = perApplication.flat();
  if (comments.length === 0) return [];
  const reviews = await db
    .select({ key: commentReviews.textKey, decision: commentReviews.decision, publishedText: commentReviews.publishedText })
    .from(commentReviews)
    .where(inArray(commentReviews.textKey, comments.map((comment) => comment.key)));
  const byKey = new Map(reviews.map((review) => [review.key, { decision: review.decision, publishedText: review.publishedText }]));
  return comments.map(({ teacherId: _teacher, triageColumns: _triage, ...comment }) => ({ ...comment, review: byKey.get(comment.key) ?? null }));
}
