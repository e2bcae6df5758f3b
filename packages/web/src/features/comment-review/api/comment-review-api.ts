import type {
  CommentDecisionBody,
  CommentReviewApplications,
  CommentReviewQueue,
  ReviewedComment,
} from '@encuestas/core/api/comment-review';
import { apiRequest } from '../../../api/client';

export type ReviewStatus = 'pending' | 'reviewed' | 'all';
export interface QueueQuery {
  activeId: number;
  status: ReviewStatus;
  /** One teacher's comments; null: every teacher's. */
  teacherId: number | null;
  /** One-based. */
  page: number;
  perPage: number;
}

/** React Query keys of the reviewer's screen. */
export const commentReviewKeys = {
  applications: ['comment-review', 'applications'] as const,
  queues: (activeId: number) => ['comment-review', 'queue', activeId] as const,
  queue: ({ activeId, ...rest }: QueueQuery) => ['comment-review', 'queue', activeId, rest] as const,
};

/** GET /comment-review: the applications with the teacher evaluation at the reviewer's campuses. */
export function fetchReviewApplications(signal?: AbortSignal): Promise<CommentReviewApplications> {
  return apiRequest<CommentReviewApplications>('/comment-review', { signal });
}

/** GET /comment-review/{activeId}: one page of the queue and the counts. */
export function fetchReviewQueue({ activeId, ...query }: QueueQuery, signal?: AbortSignal): Promise<CommentReviewQueue> {
  return apiRequest<CommentReviewQueue>(`/comment-review/${activeId}`, { query: { ...query }, signal });
}

/** PUT /comment-review/{activeId}/comments/{key}: publish, publish with spans hidden, or withhold. */
export function decideComment(activeId: number, key: string, body: CommentDecisionBody): Promise<{ message: string; comment: ReviewedComment }> {
  return apiRequest(`/comment-review/${activeId}/comments/${key}`, { method: 'PUT', body });
}
