import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it.each([
    ['/alumnos/serviciosA', '/alumnos/serviciosA'],
    ['/alumnos/evaluacionDocente/2?activeId=1', '/alumnos/evaluacionDocente/2?activeId=1'],
    [null, '/evaluated-list'],
    ['https://evil.example', '/evaluated-list'],
    ['//evil.example', '/evaluated-list'],
    ['/\\evil.example', '/evaluated-list'],
    ['/login', '/evaluated-list'],
    ['/login/validar', '/evaluated-list'],
    ['/admin/users', '/evaluated-list'],
    ['/buzon', '/buzon'],
    ['/evaluated-list', '/evaluated-list'],
    ['/%2F%2Fevil.example', '/evaluated-list'],
    ['/buzon/../../admin', '/evaluated-list'],
    ['/buzon//evil.example', '/evaluated-list'],
    ['/alumnos/serviciosA?next=<script>', '/evaluated-list'],
    ['/alumnoz/serviciosA', '/evaluated-list'],
  ])('%s → %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});
