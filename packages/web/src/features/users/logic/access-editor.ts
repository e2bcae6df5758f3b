import type { SetUserAccessRequest, UserAccess } from '@encuestas/core/api/users';

/** What the access editor holds: direct permissions, groups and campus/cycle grants. */
export interface AccessState {
  permissions: string[];
  groups: number[];
  campusIds: number[];
  cicleIds: number[];
}

export interface GrantOption {
  id: number;
  label: string;
  /** False for a grant the user already has but the manager does not hold: shown, not changeable. */
  grantable: boolean;
}

export function accessStateFromDetail(access: UserAccess): AccessState {
  return {
    permissions: [...access.direct_permissions],
    groups: access.groups.map((g) => g.id),
    campusIds: access.campuses.map((c) => c.id),
    cicleIds: access.cicles.map((c) => c.id),
  };
}

export function toAccessRequest(state: AccessState): SetUserAccessRequest {
  return {
    permissions: [...state.permissions] as SetUserAccessRequest['permissions'],
    groups: [...state.groups],
    campusIds: [...state.campusIds],
    cicleIds: [...state.cicleIds],
  };
}

/**
 * Campus or cycle options: what the manager holds (a manager can only grant
 * what they hold), plus what the user already has beyond that, which stays
 * visible but cannot be changed here. Ordered by id.
 */
export function grantOptions(
  held: readonly { id: number; label: string }[],
  current: readonly { id: number; label: string }[],
): GrantOption[] {
  const options = new Map<number, GrantOption>();
  for (const item of held) options.set(item.id, { ...item, grantable: true });
  for (const item of current) if (!options.has(item.id)) options.set(item.id, { ...item, grantable: false });
  return [...options.values()].sort((a, b) => a.id - b.id);
}

/** Adds or removes one item. */
export function toggleItem<T>(list: readonly T[], item: T, checked: boolean): T[] {
  if (checked) return list.includes(item) ? [...list] : [...list, item];
  return list.filter((x) => x !== item);
}

/** Permissions the chosen groups give. */
export function permissionsFromGroups(
  groupIds: readonly number[],
  groups: readonly { id: number; permissions: readonly string[] }[],
): Set<string> {
  const chosen = new Set(groupIds);
  return new Set(groups.filter((g) => chosen.has(g.id)).flatMap((g) => g.permissions));
}

function sameSet<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((x) => set.has(x));
}

export function isSameAccess(a: AccessState, b: AccessState): boolean {
  return (
    sameSet(a.permissions, b.permissions) &&
    sameSet(a.groups, b.groups) &&
    sameSet(a.campusIds, b.campusIds) &&
    sameSet(a.cicleIds, b.cicleIds)
  );
}
