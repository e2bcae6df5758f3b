import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CommentReviewApplication, CommentReviewQueue, ReviewedComment } from '@encuestas/core/api/comment-review';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { answer, apiError, renderScreen, sentTo, signInAdmin } from '../../../test-support/dom-harness';
import { CommentReviewPage, EMPTY_QUEUE_TITLE } from './comment-review-page';

const INSULT = 'Explica bien pero el ayudante Pedro Gómez es un idiota';
const application: CommentReviewApplication = {
  id: 7,
  campus: { id: 1, nombre: 'Puebla' },
  periodo: { id: 3, nombre: '2026B' },
  start_active: '2026-11-02',
  end_active: '2026-11-20',
  results_release_day: '2026-11-21',
  releaseWaitsForReview: true,
};
const comment = (key: string, text: string, extra: Partial<ReviewedComment> = {}): ReviewedComment => ({
  key: key.repeat(64),
  text,
  copies: 1,
  teacher: { id: 40, name: 'Marta Pérez Soto' },
  triage: { tone: -0.6, alert: null },
  review: null,
  ...extra,
});
const harassment = comment('a', 'El profesor me acosa después de clase', { triage: { tone: -0.8, alert: { category: 'acoso', label: 'Acoso u hostigamiento', matched: 'acosa' } } });
const insult = comment('b', INSULT);
const queue = (comments: ReviewedComment[], pending = comments.length): CommentReviewQueue => ({
  application: { id: 7, campus: application.campus, periodo: application.periodo, releaseWaitsForReview: true },
  counts: { pending, published: 1, redacted: 0, withheld: 0 },
  teachers: [{ id: 40, name: 'Marta Pérez Soto', pending }],
  comments,
  total: comments.length,
  page: 1,
  perPage: 10,
});

beforeEach(() => {
  signInAdmin([PERMISSIONS.reviewComments]);
  answer('GET /comment-review', { applications: [application] });
  answer('GET /comment-review/7', queue([harassment, insult]));
});

const renderPage = () => renderScreen(<CommentReviewPage />, { path: '/admin/revision-comentarios' });
const card = async (text: string) => (await screen.findByRole('article', { name: text })) as HTMLElement;
const decided = (message: string) => ({ message, comment: harassment });

// Over 80 lines because it is a describe block: short tests in a row, sharing the file's set-up.
describe('CommentReviewPage', () => {
  it('lists the pending comments with their teacher, alert and tone, and the counts; «Publicar» publishes one', async () => {
    answer('PUT /comment-review/7/comments/' + harassment.key, decided('Comentario publicado.'));
    const { user } = renderPage();
    const first = await card(harassment.text);
    expect(within(first).getByText('Alerta: Acoso u hostigamiento')).toBeTruthy();
    expect(within(first).getByText('Tono muy negativo')).toBeTruthy();
    expect(within(first).getByText('Docente: Marta Pérez Soto')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pendientes (2)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Revisados (1)' })).toBeTruthy();
    expect(sentTo('GET /comment-review/7')[0]!.query.get('status')).toBe('pending');

    await user.click(within(first).getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(sentTo(`PUT /comment-review/7/comments/${harassment.key}`)).toHaveLength(1));
    expect(sentTo(`PUT /comment-review/7/comments/${harassment.key}`)[0]!.body).toEqual({ decision: 'published' });
    expect(await screen.findByText('Comentario publicado.')).toBeTruthy();
  });

  it('«Publicar con partes ocultas»: words toggled by keyboard become one span, previewed as the teacher will read it', async () => {
    answer('PUT /comment-review/7/comments/' + insult.key, decided('Comentario publicado con partes tachadas.'));
    const { user } = renderPage();
    await user.click(within(await card(INSULT)).getByRole('button', { name: 'Publicar con partes ocultas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publicar con partes ocultas' });
    const words = within(dialog).getByRole('group', { name: 'Palabras del comentario' });
    expect((within(dialog).getByRole('button', { name: 'Publicar así' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(words).getByRole('button', { name: 'Pedro' }));
    within(words).getByRole('button', { name: 'Gómez' }).focus();
    await user.keyboard(' ');
    expect(within(words).getByRole('button', { name: 'Gómez' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(dialog).getByRole('status', { name: 'Vista previa' }).textContent).toBe('Explica bien pero el ayudante […] es un idiota');
    await user.click(within(dialog).getByRole('button', { name: 'Publicar así' }));
    await waitFor(() => expect(sentTo(`PUT /comment-review/7/comments/${insult.key}`)).toHaveLength(1));
    const start = INSULT.indexOf('Pedro');
    expect(sentTo(`PUT /comment-review/7/comments/${insult.key}`)[0]!.body).toEqual({ decision: 'redacted', spans: [{ start, end: start + 'Pedro Gómez'.length }] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('«Retener» refuses to send without a reason, then sends the reason written', async () => {
    answer('PUT /comment-review/7/comments/' + harassment.key, decided('Comentario retenido: el docente no lo verá.'));
    const { user } = renderPage();
    await user.click(within(await card(harassment.text)).getByRole('button', { name: 'Retener' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retener comentario' });
    await user.click(within(dialog).getByRole('button', { name: 'Retener' }));
    expect(within(dialog).getByText('Escribe el motivo para no publicarlo')).toBeTruthy();
    expect(sentTo(`PUT /comment-review/7/comments/${harassment.key}`)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Se turnó a la coordinación');
    await user.click(within(dialog).getByRole('button', { name: 'Retener' }));
    await waitFor(() => expect(sentTo(`PUT /comment-review/7/comments/${harassment.key}`)).toHaveLength(1));
    expect(sentTo(`PUT /comment-review/7/comments/${harassment.key}`)[0]!.body).toEqual({ decision: 'withheld', reason: 'Se turnó a la coordinación' });
  });

  it('a refusal of the server shows in the dialog, in Spanish, and the dialog stays open', async () => {
    answer('PUT /comment-review/7/comments/' + harassment.key, apiError(422, 'VALIDATION_FAILED', 'Escribe el motivo para no publicarlo'));
    const { user } = renderPage();
    await user.click(within(await card(harassment.text)).getByRole('button', { name: 'Retener' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retener comentario' });
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Retener' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Escribe el motivo para no publicarlo');
  });

  it('narrows the queue to one teacher chosen by name', async () => {
    const { user } = renderPage();
    await card(harassment.text);
    await user.click(screen.getByRole('combobox', { name: 'Docente' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Marta Pérez Soto (2 pendientes)' }));
    await waitFor(() => expect(sentTo('GET /comment-review/7').at(-1)!.query.get('teacherId')).toBe('40'));
  });

  it('says so when nothing is left to review', async () => {
    answer('GET /comment-review/7', queue([], 0));
    renderPage();
    expect(await screen.findByText(EMPTY_QUEUE_TITLE)).toBeTruthy();
  });

  it('shows the reviewed ones with their decision when asked', async () => {
    const withheld = comment('c', 'Texto retenido', { review: { decision: 'withheld', publishedText: null, reason: 'Acoso: se turnó', reviewedAt: '2026-11-25T18:00:00.000Z', reviewer: 'Laura Méndez' } });
    const { user } = renderPage();
    await card(harassment.text);
    answer('GET /comment-review/7', queue([withheld], 0));
    await user.click(screen.getByRole('button', { name: /^Revisados/ }));
    const reviewed = await card('Texto retenido');
    expect(within(reviewed).getByText('Retenido por Laura Méndez el 25/11/2026.')).toBeTruthy();
    expect(within(reviewed).getByText('Motivo: Acoso: se turnó')).toBeTruthy();
    expect(sentTo('GET /comment-review/7').at(-1)!.query.get('status')).toBe('reviewed');
  });

  it('a failed load shows the server’s message with «Reintentar»', async () => {
    answer('GET /comment-review/7', apiError(403, 'FORBIDDEN', 'No tienes acceso a ese campus. Solicítalo a tu administrador.'));
    renderPage();
    expect(await screen.findByText('No tienes acceso a ese campus. Solicítalo a tu administrador.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
