import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminUser } from '@encuestas/core/api/auth';
import type { PermissionGroup } from '@encuestas/core/api/users';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { adminUser, answer, apiError, renderAdminAt, sent } from '../../../test-support/dom-harness';

const MANAGER = [PERMISSIONS.viewUsers, PERMISSIONS.manageUsers];
const VIEWER = [PERMISSIONS.viewUsers];
const carlos: AdminUser = {
  ...adminUser([PERMISSIONS.viewActives]),
  id: 9,
  name: 'Carlos',
  full_name: 'Carlos Díaz Mora',
  email: 'carlos@uni.mx',
  avalible: false,
};
const reporters: PermissionGroup = {
  id: 2,
  name: 'Reportes',
  description: '',
  permissions: [PERMISSIONS.viewCampusReports, PERMISSIONS.viewCycleReports],
  users_count: 3,
};

function serve() {
  answer('GET /users', ({ query }) =>
    query.get('search') === 'nadie' ? { users: [], total_users: 0 } : { users: [carlos], total_users: 1 },
  );
  answer('GET /users/9', {
    user: carlos,
    permissions: [PERMISSIONS.viewActives],
    direct_permissions: [PERMISSIONS.viewActives],
    groups: [],
    campuses: [{ id: 1, nombre: 'Puebla' }],
    cicles: [],
    plans: [],
  });
  answer('GET /users/plan-options', {
    campuses: [
      { id: 1, nombre: 'Puebla', limited: false, plans: ['DER', 'ING'] },
      { id: 2, nombre: 'León', limited: false, plans: ['MED'] },
    ],
  });
  answer('GET /permissions', { permissions: [PERMISSIONS.viewActives, PERMISSIONS.viewAuditLog] });
  answer('GET /permissions-groups', { permissions_groups: [reporters], total_permisions_groups: 1 });
  answer('GET /campus/permissions', { campuses: [{ id: 1, nombre: 'Puebla' }, { id: 2, nombre: 'León' }], allCampuses: true });
  answer('GET /ciclos/permissions', { cicles: [{ id: 3, name: 'Servicios', survey_kind: 'services' }] });
}

describe('Usuarios (/admin/users)', () => {
  it('lists the accounts; the search is sent to the server and an empty answer says so', async () => {
    serve();
    const { user } = renderAdminAt('/admin/users', MANAGER);
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    const row = within(table).getByRole('link', { name: 'Carlos Díaz Mora' });
    expect(row.getAttribute('href')).toBe('/encuestas/admin/users/9');
    expect(within(table).getByText('carlos@uni.mx')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nuevo usuario' })).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nombre o correo' }), 'nadie');
    expect(await screen.findByText('No se encontraron usuarios')).toBeTruthy();
    expect(screen.getByText('Prueba con otra búsqueda o cambia el filtro de estado.')).toBeTruthy();
    const searched = sent.filter((r) => r.path.split('?')[0] === '/users').at(-1)!;
    expect([searched.query.get('search'), searched.query.get('page')]).toEqual(['nadie', '1']);
  });

  it('shows the server’s refusal in Spanish; without the manage permission, no «Nuevo usuario»', async () => {
    serve();
    answer('GET /users', apiError(403, 'FORBIDDEN', 'No tienes permiso para ver usuarios.'));
    renderAdminAt('/admin/users', VIEWER);
    expect(await screen.findByText('No tienes permiso para ver usuarios.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuevo usuario' })).toBeNull();
  });
});

// Over 80 lines because it is a describe block: short tests in a row, sharing the file's set-up.
describe('a user’s page (/admin/users/9)', () => {
  it('shows the profile and effective permissions; access changed and saved is one PUT', async () => {
    serve();
    answer('PUT /users/9/access', ({ body }) => {
      const sent = body as { permissions: string[]; groups: number[]; campusIds: number[]; cicleIds: number[] };
      return {
        permissions: [...sent.permissions, ...reporters.permissions],
        direct_permissions: sent.permissions,
        groups: [{ id: 2, name: 'Reportes' }],
        campuses: [{ id: 1, nombre: 'Puebla' }],
        cicles: [],
        plans: [],
      };
    });
    const { user } = renderAdminAt('/admin/users/9', MANAGER);

    expect(await screen.findByRole('heading', { name: 'Carlos Díaz Mora' })).toBeTruthy();
    const effective = screen.getByRole('list', { name: 'Permisos efectivos' });
    expect(within(effective).getAllByRole('listitem').map((li) => li.textContent)).toEqual([PERMISSIONS.viewActives]);
    const group = await screen.findByRole('checkbox', { name: 'Reportes' });
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Guardar permisos' });
    expect(save.disabled).toBe(true);
    await user.click(group);
    await user.click(save);

    expect(await screen.findByText('Permisos actualizados correctamente')).toBeTruthy();
    const put = sent.find((r) => r.method === 'PUT')!;
    expect(put.body).toEqual({ permissions: [PERMISSIONS.viewActives], groups: [2], campusIds: [1], cicleIds: [], plans: [] });
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Permisos efectivos' })).getAllByRole('listitem')).toHaveLength(3),
    );
  });

  it('offers the plans of study of each chosen campus; a plan saved is sent and shown checked', async () => {
    serve();
    answer('PUT /users/9/access', ({ body }) => {
      const sent = body as { campusIds: number[]; plans: { campusId: number; plan: string }[] };
      return {
        permissions: [PERMISSIONS.viewActives],
        direct_permissions: [PERMISSIONS.viewActives],
        groups: [],
        campuses: sent.campusIds.map((id) => ({ id, nombre: id === 1 ? 'Puebla' : 'León' })),
        cicles: [],
        plans: sent.plans,
      };
    });
    const { user } = renderAdminAt('/admin/users/9', MANAGER);

    const puebla = await screen.findByRole('group', { name: 'Planes de estudio en Puebla' });
    expect(within(puebla).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(puebla).getByRole<HTMLInputElement>('checkbox', { name: 'DER' }).checked).toBe(false);
    // León is not granted yet: no plans offered for it until it is checked.
    expect(screen.queryByRole('group', { name: 'Planes de estudio en León' })).toBeNull();
    await user.click(within(puebla).getByRole('checkbox', { name: 'ING' }));
    await user.click(screen.getByRole('checkbox', { name: 'León' }));
    const leon = await screen.findByRole('group', { name: 'Planes de estudio en León' });
    await user.click(within(leon).getByRole('checkbox', { name: 'MED' }));
    // Unchecking a campus drops its plans.
    await user.click(screen.getByRole('checkbox', { name: 'León' }));
    expect(screen.queryByRole('group', { name: 'Planes de estudio en León' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Guardar permisos' }));

    expect(await screen.findByText('Permisos actualizados correctamente')).toBeTruthy();
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({
      permissions: [PERMISSIONS.viewActives],
      groups: [],
      campusIds: [1],
      cicleIds: [],
      plans: [{ campusId: 1, plan: 'ING' }],
    });
    const saved = screen.getByRole('group', { name: 'Planes de estudio en Puebla' });
    expect(within(saved).getByRole<HTMLInputElement>('checkbox', { name: 'ING' }).checked).toBe(true);
    expect(within(saved).getByRole<HTMLInputElement>('checkbox', { name: 'DER' }).checked).toBe(false);
  });

  it('shows a refused save in Spanish; «Descartar cambios» puts the access back', async () => {
    serve();
    answer('PUT /users/9/access', apiError(403, 'FORBIDDEN', 'No puedes otorgar permisos que no tienes.'));
    const { user } = renderAdminAt('/admin/users/9', MANAGER);
    await user.click(await screen.findByRole('checkbox', { name: PERMISSIONS.viewAuditLog }));
    await user.click(screen.getByRole('button', { name: 'Guardar permisos' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No puedes otorgar permisos que no tienes.');
    await user.click(screen.getByRole('button', { name: 'Descartar cambios' }));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: PERMISSIONS.viewAuditLog }).checked).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('read-only with «Ver Usuarios» alone; a malformed id is refused without a request', async () => {
    serve();
    renderAdminAt('/admin/users/9', VIEWER);
    expect(
      await screen.findByText(`Solo puedes consultar este usuario. Para hacer cambios necesitas el permiso «${PERMISSIONS.manageUsers}».`),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar permisos' })).toBeNull();
    expect((await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Reportes' })).disabled).toBe(true);
  });
});

describe('Grupos de permisos (/admin/users/permissions)', () => {
  it('lists the groups; a new one needs a name, and the server’s refusal shows in the dialog', async () => {
    serve();
    answer('POST /permissions-groups', apiError(409, 'CONFLICT', 'Ya existe un grupo con ese nombre.'));
    const { user } = renderAdminAt('/admin/users/permissions', MANAGER);

    const table = await screen.findByRole('table', { name: 'Grupos de permisos' });
    const row = within(table).getByText('Reportes').closest('tr')!;
    expect(within(row).getByText('Sin descripción')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Nuevo grupo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo grupo de permisos' });
    await user.click(within(dialog).getByRole('button', { name: 'Crear grupo' }));
    expect(await within(dialog).findByText('Escribe el nombre del grupo')).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /Nombre del grupo/ }), 'Reportes');
    await user.click(await within(dialog).findByRole('checkbox', { name: PERMISSIONS.viewAuditLog }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear grupo' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Ya existe un grupo con ese nombre.');
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Reportes',
      description: '',
      permissions: [PERMISSIONS.viewAuditLog],
    });
  });

  it('editing a group saves it and says so', async () => {
    serve();
    answer('PUT /permissions-groups/2', { permissions_group: { ...reporters, name: 'Lectores' } });
    const { user } = renderAdminAt('/admin/users/permissions', MANAGER);
    await user.click(await screen.findByRole('button', { name: 'Editar grupo Reportes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar grupo de permisos' });
    // The dialog has taken the group's values.
    await waitFor(() => expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Nombre del grupo/ }).value).toBe('Reportes'));
    const name = within(dialog).getByRole('textbox', { name: /Nombre del grupo/ });
    await user.clear(name);
    await user.type(name, 'Lectores');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Grupo actualizado correctamente')).toBeTruthy();
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ name: 'Lectores', description: '', permissions: reporters.permissions });
  });

  it('without groups, says so; without the manage permission, no actions', async () => {
    serve();
    answer('GET /permissions-groups', { permissions_groups: [], total_permisions_groups: 0 });
    renderAdminAt('/admin/users/permissions', VIEWER);
    expect(await screen.findByText('Aún no hay grupos de permisos')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuevo grupo' })).toBeNull();
    expect(screen.queryByText('Crea uno con «Nuevo grupo».')).toBeNull();
  });
});
