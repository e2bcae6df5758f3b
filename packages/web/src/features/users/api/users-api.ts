import type { AdminUser, AdminUserAnswer } from '@encuestas/core/api/auth';
import type { PageQuery } from '@encuestas/core/api/common';
import type {
  CreateUserRequest,
  PermissionGroup,
  PermissionGroupAnswer,
  PermissionGroupRequest,
  PermissionGroupsPage,
  PermissionNamesAnswer,
  PlanOptions,
  SetUserAccessRequest,
  UpdateUserRequest,
  UserAccess,
  UserDetail,
  UsersPage,
  UsersPageQuery,
} from '@encuestas/core/api/users';
import { apiRequest } from '../../../api/client';

/** GET /users, one page. */
export function fetchUsersPage(query: UsersPageQuery, signal?: AbortSignal): Promise<UsersPage> {
  return apiRequest<UsersPage>('/users', { query: { ...query }, signal });
}

/** GET /users/{id}: the user, their direct access and effective permissions. */
export function fetchUserDetail(id: number, signal?: AbortSignal): Promise<UserDetail> {
  return apiRequest<UserDetail>(`/users/${id}`, { signal });
}

export async function createUser(request: CreateUserRequest): Promise<AdminUser> {
  const { user } = await apiRequest<AdminUserAnswer>('/users', { method: 'POST', body: request });
  return user;
}

export async function updateUser(id: number, request: UpdateUserRequest): Promise<AdminUser> {
  const { user } = await apiRequest<AdminUserAnswer>(`/users/${id}`, { method: 'PUT', body: request });
  return user;
}

/** PUT /users/{id}/avalible. */
export async function setUserAvailability(id: number, avalible: boolean): Promise<AdminUser> {
  const { user } = await apiRequest<AdminUserAnswer>(`/users/${id}/avalible`, { method: 'PUT', body: { avalible } });
  return user;
}

/** PUT /users/{id}/access: replaces permissions, groups and campus/cycle/plan grants at once. */
export function setUserAccess(id: number, request: SetUserAccessRequest): Promise<UserAccess> {
  return apiRequest<UserAccess>(`/users/${id}/access`, { method: 'PUT', body: request });
}

/** GET /users/plan-options: the plans of study the signed-in manager may grant, per campus they hold. */
export function fetchPlanOptions(signal?: AbortSignal): Promise<PlanOptions> {
  return apiRequest<PlanOptions>('/users/plan-options', { signal });
}

/** GET /permissions: every permission name. */
export async function fetchPermissionCatalogue(signal?: AbortSignal): Promise<string[]> {
  const { permissions } = await apiRequest<PermissionNamesAnswer>('/permissions', { signal });
  return permissions;
}

export function fetchPermissionGroups(query: PageQuery, signal?: AbortSignal): Promise<PermissionGroupsPage> {
  return apiRequest<PermissionGroupsPage>('/permissions-groups', { query: { ...query }, signal });
}

export async function createPermissionGroup(request: PermissionGroupRequest): Promise<PermissionGroup> {
  const { permissions_group } = await apiRequest<PermissionGroupAnswer>('/permissions-groups', {
    method: 'POST',
    body: request,
  });
  return permissions_group;
}

export async function updatePermissionGroup(id: number, request: PermissionGroupRequest): Promise<PermissionGroup> {
  const { permissions_group } = await apiRequest<PermissionGroupAnswer>(`/permissions-groups/${id}`, {
    method: 'PUT',
    body: request,
  });
  return permissions_group;
}

export async function deletePermissionGroup(id: number): Promise<void> {
  await apiRequest<void>(`/permissions-groups/${id}`, { method: 'DELETE' });
}
