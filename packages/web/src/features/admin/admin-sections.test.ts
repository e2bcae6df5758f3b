import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION_NAMES, PERMISSIONS } from '@encuestas/core/permissions';
import { hasAnyWorkSection, visibleAdminSections } from './admin-sections';

const labels = (permissions: readonly string[]) => visibleAdminSections(permissions).map((s) => s.label);

describe('visibleAdminSections', () => {
  it.each([
    [[], ['Inicio', 'Mi perfil']],
    [[PERMISSIONS.viewActives], ['Inicio', 'Periodos y ciclos', 'Mi perfil']],
    [[PERMISSIONS.viewUsers], ['Inicio', 'Usuarios', 'Mi perfil']],
    [[PERMISSIONS.viewCycleReports], ['Inicio', 'Resultados', 'Mi perfil']],
    [[PERMISSIONS.viewCampusReports], ['Inicio', 'Resultados', 'Mi perfil']],
    [[PERMISSIONS.createActives], ['Inicio', 'Mi perfil']],
    [[PERMISSIONS.viewSuggestions], ['Inicio', 'Buzón de sugerencias', 'Mi perfil']],
    [[PERMISSIONS.manageSuggestions], ['Inicio', 'Mi perfil']],
    [[PERMISSIONS.viewNom035Referrals], ['Inicio', 'Canalizaciones NOM-035', 'Mi perfil']],
    [[PERMISSIONS.importDirectory], ['Inicio', 'Importar directorio', 'Mi perfil']],
    [[PERMISSIONS.viewAuditLog], ['Inicio', 'Bitácora', 'Mi perfil']],
    [
      ALL_PERMISSION_NAMES,
      [
        'Inicio',
        'Periodos y ciclos',
        'Usuarios',
        'Resultados',
        'Buzón de sugerencias',
        'Canalizaciones NOM-035',
        'Importar directorio',
        'Bitácora',
        'Mi perfil',
      ],
    ],
  ])('with %j shows %j', (permissions, expected) => {
    expect(labels(permissions)).toEqual(expected);
  });
});

describe('hasAnyWorkSection', () => {
  it('is false for a user with no permissions', () => {
    expect(hasAnyWorkSection([])).toBe(false);
  });

  it('is true once one section opens', () => {
    expect(hasAnyWorkSection([PERMISSIONS.viewUsers])).toBe(true);
  });
});
