import type { PageQuery } from '@encuestas/core/api/common';
import type { UsersPageQuery } from '@encuestas/core/api/users';

/** React Query keys of the users area. */
export const usersKeys = {
  all: ['users'] as const,
  lists: ['users', 'list'] as const,
  list: (query: UsersPageQuery) => ['users', 'list', query] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  permissionCatalogue: ['permissions'] as const,
  planOptions: ['users', 'plan-options'] as const,
  groups: ['permissions-groups'] as const,
  groupsPage: (query: PageQuery) => ['permissions-groups', 'page', query] as const,
};
