import { useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { CommentDecisionBody, CommentReviewApplication, CommentReviewQueue, ReviewedComment } from '@encuestas/core/api/comment-review';
import { displayDay } from '@encuestas/core/dates';
import { countOf, formatCount } from '@encuestas/core/format';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { errorMessage } from '../../../api/api-error';
import { QueryListBody } from '../../../components/lists/query-list-body';
import { useNotify } from '../../../components/notifications/use-notify';
import { PagedTablePagination } from '../../../components/paging/paged-table-pagination';
import { RequirePermission } from '../../../components/require-permission';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePaging } from '../../../hooks/use-paging';
import { commentReviewKeys, decideComment, fetchReviewApplications, fetchReviewQueue, type ReviewStatus } from '../api/comment-review-api';
import { RedactDialog } from './redact-dialog';
import { ReviewCommentCard, type ReviewAction } from './review-comment-card';
import { WithholdDialog } from './withhold-dialog';

export const COMMENT_REVIEW_TITLE = 'Revisión de comentarios';
export const EMPTY_QUEUE_TITLE = 'No hay comentarios por revisar';

const canReview = (permissions: readonly string[]) => hasPermission(permissions, PERMISSIONS.reviewComments);

/** /admin/revision-comentarios: the teachers' comments of an application, read by a person before teachers see them (issue 21). */
export function CommentReviewPage() {
  usePageTitle(COMMENT_REVIEW_TITLE);
  return (
    <RequirePermission allowed={canReview}>
      <CommentReviewScreen />
    </RequirePermission>
  );
}

export default CommentReviewPage;

const applicationLabel = (a: CommentReviewApplication) =>
  `${a.campus.nombre} · periodo ${a.periodo.nombre} (${displayDay(a.start_active)} al ${displayDay(a.end_active)})`;

function CommentReviewScreen() {
  const applications = useQuery({ queryKey: commentReviewKeys.applications, queryFn: ({ signal }) => fetchReviewApplications(signal) });
  const [chosenId, setChosenId] = useState<number | null>(null);
  const list = applications.data?.applications ?? [];
  const application = list.find((a) => a.id === chosenId) ?? list[0] ?? null;

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, textWrap: 'balance' }}>
          {COMMENT_REVIEW_TITLE}
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
          Lee los comentarios de los estudiantes antes de que los docentes los vean: cada docente solo verá lo que publiques.
        </Typography>
      </div>
      <QueryListBody
        query={applications}
        isEmpty={list.length === 0}
        loadingText="Cargando aplicaciones…"
        emptyTitle="No hay aplicaciones de la evaluación docente en tus campus"
      >
        {application ? (
          <>
            <TextField
              select
              id="revision-aplicacion"
              label="Aplicación"
              value={application.id}
              onChange={(event) => setChosenId(Number(event.target.value))}
              sx={{ maxWidth: 640 }}
            >
              {list.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {applicationLabel(a)}
                </MenuItem>
              ))}
            </TextField>
            <ReviewQueue key={application.id} application={application} />
          </>
        ) : null}
      </QueryListBody>
    </Stack>
  );
}

type OpenDialog = { action: 'redact' | 'withhold'; comment: ReviewedComment } | null;

const STATUS_LABELS: Record<ReviewStatus, string> = { pending: 'Pendientes', reviewed: 'Revisados', all: 'Todos' };

function statusCount(status: ReviewStatus, counts: CommentReviewQueue['counts'] | undefined): string {
  if (!counts) return '';
  const reviewed = counts.published + counts.redacted + counts.withheld;
  const n = status === 'pending' ? counts.pending : status === 'reviewed' ? reviewed : counts.pending + reviewed;
  return ` (${formatCount(n)})`;
}

/** The queue of one application: pending, reviewed or all, a page at a time, each comment with its three actions. */
function ReviewQueue({ application }: { application: CommentReviewApplication }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [teacherId, setTeacherId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const query = { activeId: application.id, status, teacherId, page: paging.page + 1, perPage: paging.rowsPerPage };
  const queue = useQuery({ queryKey: commentReviewKeys.queue(query), queryFn: ({ signal }) => fetchReviewQueue(query, signal), placeholderData: keepPreviousData });

  const decision = useMutation({
    mutationFn: ({ key, body }: { key: string; body: CommentDecisionBody }) => decideComment(application.id, key, body),
    onSuccess: async ({ message }) => {
      notify(message, 'success');
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: commentReviewKeys.queues(application.id) });
    },
    onError: (error) => {
      if (!dialog) notify(errorMessage(error), 'error');
    },
  });
  const act = (comment: ReviewedComment, action: ReviewAction) => {
    decision.reset();
    if (action === 'publish') decision.mutate({ key: comment.key, body: { decision: 'published' } });
    else setDialog({ action, comment });
  };
  const closeDialog = () => {
    setDialog(null);
    decision.reset();
  };
  const dialogError = dialog && decision.isError ? errorMessage(decision.error) : null;

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <QueueFilters
        application={application}
        queue={queue.data}
        teacherId={teacherId}
        onTeacher={(next) => {
          setTeacherId(next);
          paging.resetPage();
        }}
        status={status}
        onStatus={(next) => {
          setStatus(next);
          paging.resetPage();
        }}
      />
      <QueueComments queue={queue} status={status} busy={decision.isPending} onAction={act} />
      {queue.isFetching && !queue.isPending ? (
        <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', px: 2, pb: 1 }}>
          <CircularProgress size={16} aria-hidden="true" />
          <Typography variant="body2">Actualizando…</Typography>
        </Box>
      ) : null}
      <PagedTablePagination paging={paging} total={queue.data?.total ?? 0} wrapOnPhone />

      {dialog ? (
        <DecisionDialog
          dialog={dialog}
          pending={decision.isPending}
          error={dialogError}
          onCancel={closeDialog}
          onDecide={(body) => decision.mutate({ key: dialog.comment.key, body })}
        />
      ) : null}
    </Paper>
  );
}

interface QueueFiltersProps {
  application: CommentReviewApplication;
  queue: CommentReviewQueue | undefined;
  teacherId: number | null;
  onTeacher: (teacherId: number | null) => void;
  status: ReviewStatus;
  onStatus: (status: ReviewStatus) => void;
}

/** Above the queue: its teacher and status filters, and when the application's teachers see their results. */
function QueueFilters({ application, queue, teacherId, onTeacher, status, onStatus }: QueueFiltersProps) {
  return (
    <Stack spacing={1.5} sx={{ p: 2 }}>
      <TextField
        select
        id="revision-docente"
        label="Docente"
        value={teacherId ?? ''}
        onChange={(event) => onTeacher(event.target.value === '' ? null : Number(event.target.value))}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ maxWidth: 480 }}
      >
        <MenuItem value="">Todos los docentes</MenuItem>
        {(queue?.teachers ?? []).map((teacher) => (
          <MenuItem key={teacher.id} value={teacher.id}>
            {teacher.name} ({countOf(teacher.pending, 'pendiente', 'pendientes')})
          </MenuItem>
        ))}
      </TextField>
      <ToggleButtonGroup
        exclusive
        value={status}
        onChange={(_event, next: ReviewStatus | null) => {
          if (next) onStatus(next);
        }}
        aria-label="Comentarios que se muestran"
        size="small"
        sx={{ flexWrap: 'wrap' }}
      >
        {(Object.keys(STATUS_LABELS) as ReviewStatus[]).map((key) => (
          <ToggleButton key={key} value={key} sx={{ minHeight: 44, textTransform: 'none' }}>
            {STATUS_LABELS[key]}
            {statusCount(key, queue?.counts)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography variant="body2" color="textSecondary">
        {application.releaseWaitsForReview
          ? `Los resultados de un docente con comentarios pendientes esperan esta revisión (fecha de resultados: ${displayDay(application.results_release_day)}).`
          : `El ${displayDay(application.results_release_day)} cada docente verá sus resultados con los comentarios ya revisados; los pendientes no se muestran.`}
      </Typography>
    </Stack>
  );
}

/** The queue's page of comments, each a card with its three actions. */
function QueueComments({
  queue,
  status,
  busy,
  onAction,
}: {
  queue: UseQueryResult<CommentReviewQueue>;
  status: ReviewStatus;
  busy: boolean;
  onAction: (comment: ReviewedComment, action: ReviewAction) => void;
}) {
  const comments = queue.data?.comments ?? [];
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
      <QueryListBody
        query={queue}
        isEmpty={comments.length === 0}
        loadingText="Cargando comentarios…"
        emptyTitle={status === 'pending' ? EMPTY_QUEUE_TITLE : 'No hay comentarios en esta lista'}
        emptyText={status === 'pending' ? 'Los comentarios nuevos aparecen aquí cuando un grupo reúne suficientes respuestas.' : null}
      >
        <Stack component="ul" spacing={1.5} aria-busy={queue.isFetching} sx={{ listStyle: 'none', m: 0, p: 2 }}>
          {comments.map((comment) => (
            <li key={comment.key}>
              <ReviewCommentCard comment={comment} busy={busy} onAction={(action) => onAction(comment, action)} />
            </li>
          ))}
        </Stack>
      </QueryListBody>
    </Box>
  );
}

/** «Publicar con partes ocultas» and «Retener» ask before deciding: the words to hide, or the reason. */
function DecisionDialog({
  dialog,
  pending,
  error,
  onCancel,
  onDecide,
}: {
  dialog: NonNullable<OpenDialog>;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onDecide: (body: CommentDecisionBody) => void;
}) {
  return dialog.action === 'redact' ? (
    <RedactDialog text={dialog.comment.text} pending={pending} error={error} onCancel={onCancel} onConfirm={(spans) => onDecide({ decision: 'redacted', spans })} />
  ) : (
    <WithholdDialog text={dialog.comment.text} pending={pending} error={error} onCancel={onCancel} onConfirm={(reason) => onDecide({ decision: 'withheld', reason })} />
  );
}
