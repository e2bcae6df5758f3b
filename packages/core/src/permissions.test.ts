import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION_NAMES, hasPermission, PERMISSIONS } from './permissions';

describe('permissions', () => {
  it('names the seven permissions of the product spec exactly', () => {
    expect(ALL_PERMISSION_NAMES).toEqual(
      expect.arrayContaining([
        'Ver Reportes por Ciclo',
        'Ver Reportes por Campus',
        'Crear Periodos Power Campus',
        'Ver Periodos Power Campus',
        'Crear Periodo de Encuestas',
        'Editar Periodo de Encuestas',
        'Ver Periodos y Ciclos',
      ]),
    );
  });

  it('has no duplicate names', () => {
    expect(new Set(ALL_PERMISSION_NAMES).size).toBe(ALL_PERMISSION_NAMES.length);
    expect(ALL_PERMISSION_NAMES).toHaveLength(Object.keys(PERMISSIONS).length);
  });

  it('grants a permission the user holds', () => {
    expect(hasPermission([PERMISSIONS.viewActives, PERMISSIONS.viewUsers], PERMISSIONS.viewActives)).toBe(true);
  });

  it('denies a permission the user lacks, and everything to a user without permissions', () => {
    expect(hasPermission([PERMISSIONS.viewActives], PERMISSIONS.editActives)).toBe(false);
    expect(hasPermission([], PERMISSIONS.viewActives)).toBe(false);
  });

  it('matches names exactly, not by case or prefix', () => {
    expect(hasPermission(['ver periodos y ciclos'], PERMISSIONS.viewActives)).toBe(false);
    expect(hasPermission(['Ver Periodos'], PERMISSIONS.viewActives)).toBe(false);
  });
});
