import { describe, expect, it } from 'vitest';
import {
  accessStateFromDetail,
  campusPlanPickers,
  grantOptions,
  isSameAccess,
  permissionsFromGroups,
  toggleCampus,
  toggleItem,
  togglePlan,
} from './access-editor';

describe('grantOptions', () => {
  it('offers what the manager holds and shows other current grants as not changeable', () => {
    const held = [
      { id: 2, label: 'Guadalajara' },
      { id: 1, label: 'Puebla' },
    ];
    const current = [
      { id: 1, label: 'Puebla' },
      { id: 5, label: 'Mérida' },
    ];
    expect(grantOptions(held, current)).toEqual([
      { id: 1, label: 'Puebla', grantable: true },
      { id: 2, label: 'Guadalajara', grantable: true },
      { id: 5, label: 'Mérida', grantable: false },
    ]);
  });
});

describe('accessStateFromDetail', () => {
  it('takes the direct permissions, not the effective ones', () => {
    expect(
      accessStateFromDetail({
        permissions: ['Ver Usuarios', 'Ver Periodos y Ciclos'],
        direct_permissions: ['Ver Usuarios'],
        groups: [{ id: 3, name: 'Consulta' }],
        campuses: [{ id: 1, nombre: 'Puebla' }],
        cicles: [{ id: 4, name: 'Nuevo Ingreso' }],
        plans: [{ campusId: 1, plan: 'ING' }],
      }),
    ).toEqual({ permissions: ['Ver Usuarios'], groups: [3], campusIds: [1], cicleIds: [4], plans: [{ campusId: 1, plan: 'ING' }] });
  });
});

describe('permissionsFromGroups', () => {
  it('unites the permissions of the chosen groups', () => {
    const groups = [
      { id: 1, permissions: ['A', 'B'] },
      { id: 2, permissions: ['B', 'C'] },
      { id: 3, permissions: ['D'] },
    ];
    expect([...permissionsFromGroups([1, 2], groups)].sort()).toEqual(['A', 'B', 'C']);
  });
});

describe('toggleItem and isSameAccess', () => {
  it('adds once, removes, and compares ignoring order', () => {
    expect(toggleItem(['A'], 'B', true)).toEqual(['A', 'B']);
    expect(toggleItem(['A', 'B'], 'B', true)).toEqual(['A', 'B']);
    expect(toggleItem(['A', 'B'], 'A', false)).toEqual(['B']);
    const base = { permissions: ['A', 'B'], groups: [1], campusIds: [2, 3], cicleIds: [], plans: [] };
    expect(isSameAccess(base, { ...base, permissions: ['B', 'A'], campusIds: [3, 2] })).toBe(true);
    expect(isSameAccess(base, { ...base, groups: [] })).toBe(false);
  });
});

describe('plans of study', () => {
  const state = { permissions: [], groups: [], campusIds: [1], cicleIds: [], plans: [{ campusId: 1, plan: 'ING' }] };

  it('offers per chosen campus the manager’s plans and the user’s current ones, sorted', () => {
    const campuses = [
      { id: 1, label: 'Puebla' },
      { id: 2, label: 'León' },
    ];
    const options = { campuses: [{ id: 1, nombre: 'Puebla', limited: true, plans: ['DER'] }] };
    expect(campusPlanPickers(campuses, state, options)).toEqual([{ campusId: 1, nombre: 'Puebla', limited: true, grantable: true, plans: ['DER', 'ING'] }]);
    expect(campusPlanPickers(campuses, { ...state, campusIds: [1, 2] }, options)[1]).toEqual({ campusId: 2, nombre: 'León', limited: false, grantable: false, plans: [] });
  });

  it('adds and removes a plan; unchecking its campus drops it; a different plan is a change', () => {
    expect(togglePlan(state, 1, 'DER', true).plans).toEqual([{ campusId: 1, plan: 'ING' }, { campusId: 1, plan: 'DER' }]);
    expect(togglePlan(state, 1, 'ING', false).plans).toEqual([]);
    expect(toggleCampus(state, 1, false)).toEqual({ ...state, campusIds: [], plans: [] });
    expect(isSameAccess(state, togglePlan(togglePlan(state, 1, 'ING', false), 1, 'DER', true))).toBe(false);
  });
});
