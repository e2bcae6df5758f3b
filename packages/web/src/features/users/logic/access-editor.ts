import type { PlanGrant, PlanOptions, SetUserAccessRequest, UserAccess } from '@encuestas/core/api/users';

/** What the access editor holds: direct permissions, groups and campus/cycle/plan grants. */
export interface AccessState {
  permissions: string[];
  groups: number[];
  campusIds: number[];
  cicleIds: number[];
  /** Plans of study at the chosen campuses (none at a campus: every plan there). */
  plans: PlanGrant[];
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
    plans: access.plans.map(({ campusId, plan }) => ({ campusId, plan })),
  };
}

export function toAccessRequest(state: AccessState): SetUserAccessRequest {
  return {
    permissions: [...state.permissions] as SetUserAccessRequest['permissions'],
    groups: [...state.groups],
    campusIds: [...state.campusIds],
    cicleIds: [...state.cicleIds],
    plans: state.plans.map(({ campusId, plan }) => ({ campusId, plan })),
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

const planKey = (grant: PlanGrant) => `${grant.campusId}\u0000${grant.plan}`;

export function isSameAccess(a: AccessState, b: AccessState): boolean {
  return (
    sameSet(a.permissions, b.permissions) &&
    sameSet(a.groups, b.groups) &&
    sameSet(a.campusIds, b.campusIds) &&
    sameSet(a.cicleIds, b.cicleIds) &&
    sameSet(a.plans.map(planKey), b.plans.map(planKey))
  );
}

/** A campus checked or unchecked; unchecking drops its plans (a plan needs its campus). */
export function toggleCampus(state: AccessState, campusId: number, checked: boolean): AccessState {
  return {
    ...state,
    campusIds: toggleItem(state.campusIds, campusId, checked),
    plans: checked ? state.plans : state.plans.filter((grant) => grant.campusId !== campusId),
  };
}

/** A plan of study at a campus checked or unchecked. */
export function togglePlan(state: AccessState, campusId: number, plan: string, checked: boolean): AccessState {
  const others = state.plans.filter((grant) => grant.campusId !== campusId || grant.plan !== plan);
  return { ...state, plans: checked ? [...others, { campusId, plan }] : others };
}

/** The plans picker of one chosen campus. */
export interface CampusPlans {
  campusId: number;
  nombre: string;
  /** The manager is limited to plans there: they must choose at least one of theirs. */
  limited: boolean;
  /** False at a campus the manager does not hold: shown, not changeable. */
  grantable: boolean;
  plans: string[];
}

/**
 * For each chosen campus, in the campus list's order: the plans the manager
 * may grant there (GET /users/plan-options) and the user's current ones.
 */
export function campusPlanPickers(
  campuses: readonly { id: number; label: string }[],
  state: AccessState,
  options: PlanOptions,
): CampusPlans[] {
  return campuses
    .filter((campus) => state.campusIds.includes(campus.id))
    .map((campus) => {
      const offered = options.campuses.find((option) => option.id === campus.id);
      const current = state.plans.filter((grant) => grant.campusId === campus.id).map((grant) => grant.plan);
      const plans = [...new Set([...(offered?.plans ?? []), ...current])].sort((a, b) => a.localeCompare(b, 'es'));
      return { campusId: campus.id, nombre: campus.label, limited: offered?.limited ?? false, grantable: offered !== undefined, plans };
    });
}
