import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION_NAMES, PERMISSIONS } from '@encuestas/core/permissions';
import { canManagePlatform, hasAnyWorkSection, visibleAdminSections } from './admin-sections';

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
    [[PERMISSIONS.manageNom035], ['Inicio', 'Expediente NOM-035', 'Mi perfil']],
    [[PERMISSIONS.attendCommentAlerts], ['Inicio', 'Alertas de comentarios', 'Mi perfil']],
    [[PERMISSIONS.importDirectory], ['Inicio', 'Importar directorio', 'Mi perfil']],
    [[PERMISSIONS.reviewComments], ['Inicio', 'Revisión de comentarios', 'Mi perfil']],
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
        'Expediente NOM-035',
        'Alertas de comentarios',
        'Revisión de comentarios',
        'Importar directorio',
        'Bitácora',
        'Institución y campus',
        'Mi perfil',
      ],
    ],
    [[PERMISSIONS.manageCampuses], ['Inicio', 'Institución y campus', 'Mi perfil']],
    [[PERMISSIONS.manageCampusCycles], ['Inicio', 'Institución y campus', 'Mi perfil']],
    [[PERMISSIONS.manageInstitution], ['Inicio', 'Institución y campus', 'Mi perfil']],
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

describe('start page card descriptions', () => {
  const describe_ = (key: string, permissions: readonly string[]) =>
    visibleAdminSections(permissions).find((s) => s.key === key)?.description(permissions);

  it('promise changes only to users who may make them', () => {
    expect(describe_('periods', [PERMISSIONS.viewActives])).toMatch(/^Consulta los periodos/);
    expect(describe_('periods', [PERMISSIONS.viewActives, PERMISSIONS.editActives])).toMatch(/^Activa periodos/);
    expect(describe_('users', [PERMISSIONS.viewUsers])).toMatch(/^Consulta las cuentas/);
    expect(describe_('users', [PERMISSIONS.viewUsers, PERMISSIONS.manageUsers])).toMatch(/^Crea y administra/);
    expect(describe_('suggestions', [PERMISSIONS.viewSuggestions])).toBe('Lee las sugerencias y quejas de tus campus.');
    expect(describe_('suggestions', [PERMISSIONS.viewSuggestions, PERMISSIONS.manageSuggestions])).toMatch(/da seguimiento/);
  });

  it('name only the kinds of report the user may open', () => {
    expect(describe_('results', [PERMISSIONS.viewCycleReports])).toBe('Consulta los reportes de las encuestas por ciclo.');
    expect(describe_('results', [PERMISSIONS.viewCampusReports])).toBe('Consulta los reportes de las encuestas por campus.');
    expect(describe_('results', [PERMISSIONS.viewCycleReports, PERMISSIONS.viewCampusReports])).toBe(
      'Consulta los reportes de las encuestas por ciclo o por campus.',
    );
  });
});

describe('canManagePlatform', () => {
  it.each([
    [[PERMISSIONS.manageCampuses], true],
    [[PERMISSIONS.manageCampusCycles], true],
    [[PERMISSIONS.manageInstitution], true],
    [[PERMISSIONS.viewActives, PERMISSIONS.manageUsers], false],
    [[], false],
  ])('%j → %s', (permissions, expected) => {
    expect(canManagePlatform(permissions)).toBe(expected);
  });
});
