import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { answer, apiError, renderAdminAt } from '../../../test-support/dom-harness';

describe('the back office’s frame', () => {
  it('shows the user, the menu and the page; «Cerrar sesión» ends the session at the login page', async () => {
    answer('GET /users', { users: [], total_users: 0 });
    answer('POST /admin/logout', new Response(null, { status: 204 }));
    const { user, router } = renderAdminAt('/admin/users', [PERMISSIONS.viewUsers]);
    expect(await screen.findByText('Ana López Ruiz')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Saltar al contenido' })).toBeTruthy();
    expect(await screen.findByText('Aún no hay usuarios registrados.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/encuestas/admin-login'));
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('a failed check of the user’s permissions shows in Spanish with «Reintentar»', async () => {
    answer('GET /admin/me', apiError(403, 'FORBIDDEN', 'Tu cuenta está deshabilitada.'));
    answer('GET /users', { users: [], total_users: 0 });
    const { user } = renderAdminAt('/admin/users', [PERMISSIONS.viewUsers]);
    expect(await screen.findByText('Tu cuenta está deshabilitada.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    answer('GET /admin/me', { user: { ...(JSON.parse(sessionStorage.getItem('user')!) as object) } });
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.queryByText('Tu cuenta está deshabilitada.')).toBeNull());
  });
});
