import { describe, expect, it } from 'vitest';
import {
  accessStateFromDetail,
  grantOptions,
  isSameAccess,
  permissionsFromGroups,
  toggleItem,
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
      }),
    ).toEqual({ permissions: ['Ver Usuarios'], groups: [3], campusIds: [1], cicleIds: [4] });
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
    const base = { permissions: ['A', 'B'], groups: [1], campusIds: [2, 3], cicleIds: [] };
    expect(isSameAccess(base, { ...base, permissions: ['B', 'A'], campusIds: [3, 2] })).toBe(true);
    expect(isSameAccess(base, { ...base, groups: [] })).toBe(false);
  });
});
