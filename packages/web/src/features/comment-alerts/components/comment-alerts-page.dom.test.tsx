import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CommentAlert } from '@encuestas/core/api/comment-alerts';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { answer, apiError, renderAdminAt, renderScreen, sentTo, signInAdmin } from '../../../test-support/dom-harness';
import { CommentAlertsPage } from './comment-alerts-page';

const application = { id: 3, campus: { id: 1, nombre: 'Centro' }, periodo: { id: 2, nombre: '2026A' }, surveyType: { id: 1, nombre: 'Evaluación Docente' } };
const harassment: CommentAlert = {
  key: 'a'.repeat(64),
  text: 'El profesor me acosa después de clase',
  copies: 1,
  category: 'acoso',
  label: 'Acoso u hostigamiento',
  matched: 'acosa',
  application,
  teacher: { id: 9, name: 'Ana Ruiz' },
  smallGroup: false,
  attended: null,
};
const threat: CommentAlert = { ...harassment, key: 'b'.repeat(64), text: 'Nos va a matar si reprobamos', category: 'amenaza', label: 'Amenaza', matched: 'va a matar', teacher: null, smallGroup: true };
const page = (alerts: CommentAlert[]) => ({ alerts, counts: { open: alerts.length, attended: 0 }, total: alerts.length, page: 1, perPage: 10 });

beforeEach(() => {
  signInAdmin([PERMISSIONS.attendCommentAlerts]);
  answer('GET /campus/permissions', { campuses: [{ id: 1, nombre: 'Centro' }], allCampuses: false });
  answer('GET /comment-alerts', page([threat, harassment]));
});

const renderPage = () => renderScreen(<CommentAlertsPage />, { path: '/admin/alertas' });

describe('CommentAlertsPage', () => {
  it('lists each alert with its words, category, matched term and application; the teacher only when shown', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Alertas de comentarios' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Alertas' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { name: 'Amenaza' })).toBeTruthy();
    expect(within(first!).getByText('Nos va a matar si reprobamos')).toBeTruthy();
    expect(within(first!).getByText('Término encontrado: «va a matar»')).toBeTruthy();
    expect(within(first!).getByText('Centro · 2026A · Evaluación Docente')).toBeTruthy();
    expect(within(first!).getByText(/Docente no mostrado/)).toBeTruthy();
    expect(within(second!).getByText('Docente evaluado: Ana Ruiz')).toBeTruthy();
    // It asks for the open ones first.
    expect(sentTo('GET /comment-alerts')[0]!.query.get('state')).toBe('open');
  });

  it('asks for one category when chosen', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('combobox', { name: 'Categoría' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Autolesión o suicidio' }));
    await waitFor(() => expect(sentTo('GET /comment-alerts').at(-1)!.query.get('category')).toBe('autolesion'));
  });

  it('marks an alert «Atendida» with a note from a dialog', async () => {
    answer('PUT /comment-alerts/3/' + harassment.key, (request) => ({ message: 'Alerta marcada como atendida.', alert: { ...harassment, attended: { note: (request.body as { note: string }).note, at: '2026-03-02T17:00:00.000Z', by: 'Laura Méndez' } } }));
    const { user } = renderPage();
    const list = await screen.findByRole('list', { name: 'Alertas' });
    const card = within(list).getAllByRole('listitem')[1]!;
    await user.click(within(card).getByRole('button', { name: 'Marcar como atendida' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como atendida' });
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Nota' }), '  Se turnó al comité de género  ');
    await user.click(save);
    await waitFor(() => expect(sentTo(`PUT /comment-alerts/3/${harassment.key}`)).toHaveLength(1));
    expect(sentTo(`PUT /comment-alerts/3/${harassment.key}`)[0]!.body).toEqual({ note: 'Se turnó al comité de género' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says «No hay alertas» when there are none', async () => {
    answer('GET /comment-alerts', page([]));
    renderPage();
    expect(await screen.findByText('No hay alertas')).toBeTruthy();
  });

  it('shows the server’s refusal in Spanish', async () => {
    answer('GET /comment-alerts', apiError(403, 'FORBIDDEN', 'No tienes acceso a ese campus. Solicítalo a tu administrador.'));
    renderPage();
    expect(await screen.findByText('No tienes acceso a ese campus. Solicítalo a tu administrador.')).toBeTruthy();
  });
});

describe('the menu', () => {
  it('offers «Alertas de comentarios» to holders of the permission only', async () => {
    renderAdminAt('/admin', [PERMISSIONS.attendCommentAlerts]);
    expect((await screen.findAllByRole('link', { name: /Alertas de comentarios/ })).length).toBeGreaterThan(0);
  });

  it('says on the start page how many alerts are open, with a link to them', async () => {
    answer('GET /comment-alerts', { ...page([threat]), counts: { open: 2, attended: 1 } });
    renderAdminAt('/admin', [PERMISSIONS.attendCommentAlerts]);
    expect(await screen.findByText('2 alertas de comentarios abiertas.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver alertas' }).getAttribute('href')).toMatch(/\/admin\/alertas$/);
  });

  it('hides it from others', async () => {
    // The server confirms the same permissions (this file's set-up answers GET /admin/me with the alerts' one).
    signInAdmin([PERMISSIONS.viewAuditLog]);
    renderAdminAt('/admin', [PERMISSIONS.viewAuditLog]);
    expect((await screen.findAllByRole('link', { name: /Bitácora/ })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: /Alertas de comentarios/ })).toBeNull();
  });
});
