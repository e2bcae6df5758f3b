/**
 * Comment review before teachers read their comments (issue 21): a reviewer
 * with 'Revisar Comentarios' reads an application's teacher-evaluation
 * comments in a queue sorted by triage (alerts first, then the harshest tone)
 * and publishes each, publishes it with spans redacted, or withholds it with
 * a reason. A comment is named by its key (a hash of its place and words),
 * never by anything of its author.
 */
import { z } from 'zod';
import { optionalIdSchema, pageQuerySchema } from './common';

export const COMMENT_REVIEW_STATUSES = ['pending', 'reviewed', 'all'] as const;
export const COMMENT_DECISIONS = ['published', 'redacted', 'withheld'] as const;
export type CommentDecision = (typeof COMMENT_DECISIONS)[number];

/** What a redacted span reads as in the published text. */
export const REDACTION_MARK = '[…]';
export const REASON_MAX = 500;

export const commentKeySchema = z.string().regex(/^[0-9a-f]{64}$/, 'Comentario no válido');

export const commentReviewParamsSchema = z.object({ activeId: z.coerce.number().int().min(1, 'Aplicación no válida').max(2_147_483_647, 'Aplicación no válida') });
export const commentDecisionParamsSchema = commentReviewParamsSchema.extend({ key: commentKeySchema });

export const commentReviewQuerySchema = pageQuerySchema.extend({
  status: z.enum(COMMENT_REVIEW_STATUSES, { error: 'Elige si ver los pendientes, los revisados o todos' }).default('pending'),
  /** Only this teacher's comments (the counts follow); left out: every teacher's. */
  teacherId: optionalIdSchema,
});
export type CommentReviewQuery = z.input<typeof commentReviewQuerySchema>;

const spanSchema = z.object({ start: z.number().int().min(0), end: z.number().int().min(1) }).refine((span) => span.end > span.start, 'Cada parte tachada debe tener al menos un carácter');

export const commentDecisionBodySchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('published') }),
    z.object({ decision: z.literal('redacted'), spans: z.array(spanSchema).min(1, 'Marca al menos una parte que tachar').max(50, 'Máximo 50 partes tachadas') }),
    z.object({
      decision: z.literal('withheld'),
      reason: z.string().trim().min(3, 'Escribe el motivo para no publicarlo').max(REASON_MAX, `El motivo admite hasta ${REASON_MAX} caracteres`),
    }),
  ],
  { error: 'Elige publicar, publicar con partes tachadas o no publicar' },
);
export type CommentDecisionBody = z.infer<typeof commentDecisionBodySchema>;

/** Alert categories of the comment triage, most urgent first (server features/comment-triage). */
export const ALERT_CATEGORIES = ['autolesion', 'amenaza', 'violencia', 'acoso', 'discriminacion'] as const;
export type AlertCategory = (typeof ALERT_CATEGORIES)[number];

/** What the review queue and the alerts show for each category. */
export const ALERT_CATEGORY_LABELS: Record<AlertCategory, string> = {
  autolesion: 'Autolesión o suicidio',
  amenaza: 'Amenaza',
  violencia: 'Violencia',
  acoso: 'Acoso u hostigamiento',
  discriminacion: 'Discriminación',
};

export const triageSchema = z.object({
  /** −1 (criticism) … 1 (praise); 0 when no word of it is in the lexicon. */
  tone: z.number(),
  alert: z.object({ category: z.enum(ALERT_CATEGORIES), label: z.string(), matched: z.string() }).nullable(),
});

export const commentReviewSchema = z.object({
  decision: z.enum(COMMENT_DECISIONS),
  publishedText: z.string().nullable(),
  reason: z.string().nullable(),
  reviewedAt: z.string(),
  reviewer: z.string().nullable(),
});

export const reviewedCommentSchema = z.object({
  key: commentKeySchema,
  text: z.string(),
  /** How many answers hold these same words in the same place. */
  copies: z.number().int(),
  teacher: z.object({ id: z.number(), name: z.string() }),
  triage: triageSchema,
  review: commentReviewSchema.nullable(),
});
export type ReviewedComment = z.infer<typeof reviewedCommentSchema>;

export const commentReviewQueueSchema = z.object({
  application: z.object({
    id: z.number(),
    campus: z.object({ id: z.number(), nombre: z.string() }),
    periodo: z.object({ id: z.number(), nombre: z.string() }),
    releaseWaitsForReview: z.boolean(),
  }),
  counts: z.object({ pending: z.number(), published: z.number(), redacted: z.number(), withheld: z.number() }),
  /** Every teacher with comments in the queue (whatever the filter), by name, with how many of theirs are pending. */
  teachers: z.array(z.object({ id: z.number(), name: z.string(), pending: z.number() })),
  comments: z.array(reviewedCommentSchema),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});
export type CommentReviewQueue = z.infer<typeof commentReviewQueueSchema>;

/** GET /comment-review: the applications with the teacher evaluation at the reviewer's campuses, newest period first. */
export const commentReviewApplicationsSchema = z.object({
  applications: z.array(
    z.object({
      id: z.number(),
      campus: z.object({ id: z.number(), nombre: z.string() }),
      periodo: z.object({ id: z.number(), nombre: z.string() }),
      start_active: z.string(),
      end_active: z.string(),
      /** The day teachers may read their results (the chosen day, else the day after the window). */
      results_release_day: z.string(),
      releaseWaitsForReview: z.boolean(),
    }),
  ),
});
export type CommentReviewApplications = z.infer<typeof commentReviewApplicationsSchema>;
export type CommentReviewApplication = CommentReviewApplications['applications'][number];

export const commentDecisionAnswerSchema = z.object({ message: z.string(), comment: reviewedCommentSchema });

export const COMMENT_NOT_FOUND = 'No se encontró el comentario en esta aplicación.';
export const SPANS_OUT_OF_TEXT = 'Las partes tachadas deben estar dentro del comentario y no encimarse.';
