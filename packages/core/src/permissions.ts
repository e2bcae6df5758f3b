/**
 * The catalogue of back-office permissions. The first seven are named by the
 * product spec (§6); the rest follow the same Spanish style for what the spec
 * leaves open. docs/permissions.md describes each one.
 */
export const PERMISSIONS = {
  viewCycleReports: 'Ver Reportes por Ciclo',
  viewCampusReports: 'Ver Reportes por Campus',
  createPowerCampusPeriods: 'Crear Periodos Power Campus',
  viewPowerCampusPeriods: 'Ver Periodos Power Campus',
  createActives: 'Crear Periodo de Encuestas',
  editActives: 'Editar Periodo de Encuestas',
  viewActives: 'Ver Periodos y Ciclos',
  viewUsers: 'Ver Usuarios',
  manageUsers: 'Gestionar Usuarios y Permisos',
  viewSuggestions: 'Ver Buzón de Sugerencias',
  manageSuggestions: 'Gestionar Buzón de Sugerencias',
  importDirectory: 'Importar Directorio',
  viewAuditLog: 'Ver Bitácora',
  viewNom035Referrals: 'Ver Canalizaciones NOM-035',
  viewMissingRespondents: 'Ver Pendientes por Responder',
  sendReminders: 'Enviar Recordatorios',
  manageCampuses: 'Gestionar Campus',
  manageCampusCycles: 'Gestionar Tipos de Encuesta por Campus',
  manageInstitution: 'Configurar Institución',
  reviewComments: 'Revisar Comentarios',
  manageNom035: 'Gestionar NOM-035',
  attendCommentAlerts: 'Atender Alertas de Comentarios',
} as const;

export type PermissionKey = keyof typeof PERMISSIONS;
export type PermissionName = (typeof PERMISSIONS)[PermissionKey];

export const ALL_PERMISSION_NAMES: readonly PermissionName[] = Object.values(PERMISSIONS);

export function hasPermission(
  userPermissions: readonly string[],
  permission: PermissionName,
): boolean {
  return userPermissions.includes(permission);
}
