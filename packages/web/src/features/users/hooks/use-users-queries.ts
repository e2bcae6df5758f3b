import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageQuery } from '@encuestas/core/api/common';
import type { UsersPageQuery } from '@encuestas/core/api/users';
import { fetchPermissionCatalogue, fetchPermissionGroups, fetchPlanOptions, fetchUserDetail, fetchUsersPage } from '../api/users-api';
import { usersKeys } from '../api/users-keys';

/** The most groups the access editor offers at once (the API's page limit). */
export const ALL_GROUPS_PAGE = { page: 1, perPage: 100 } as const;

export function useUsersPage(query: UsersPageQuery) {
  return useQuery({
    queryKey: usersKeys.list(query),
    queryFn: ({ signal }) => fetchUsersPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(id: number | null) {
  return useQuery({
    queryKey: usersKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchUserDetail(id ?? 0, signal),
    enabled: id != null,
  });
}

export function usePermissionCatalogue() {
  return useQuery({
    queryKey: usersKeys.permissionCatalogue,
    queryFn: ({ signal }) => fetchPermissionCatalogue(signal),
    staleTime: 10 * 60_000,
  });
}

export function usePermissionGroupsPage(query: PageQuery) {
  return useQuery({
    queryKey: usersKeys.groupsPage(query),
    queryFn: ({ signal }) => fetchPermissionGroups(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The plans of study the signed-in manager may grant, per campus (the access editor's plan pickers). */
export function usePlanOptions() {
  return useQuery({
    queryKey: usersKeys.planOptions,
    queryFn: ({ signal }) => fetchPlanOptions(signal),
    staleTime: 5 * 60_000,
  });
}
