import { PERMISSIONS, hasPermission, type PermissionName } from '@encuestas/core/permissions';
import { canSeeAnyReport } from '../reports';

export type AdminSectionKey =
  | 'home'
  | 'periods'
  | 'users'
  | 'results'
  | 'suggestions'
  | 'nom035'
  | 'nom035File'
  | 'commentAlerts'
  | 'commentReview'
  | 'directory'
  | 'auditLog'
  | 'campuses'
  | 'profile';

export interface AdminSection {
  key: AdminSectionKey;
  /** Drawer label. */
  label: string;
  /** Route under the basename. */
  path: string;
  /** One line for the start page card: what these permissions let the user do there, no more. */
  description: (permissions: readonly string[]) => string;
  /** Whether a user with these permissions may use the section. */
  isAllowed: (permissions: readonly string[]) => boolean;
}

const everyone = () => true;
const may = (permission: PermissionName) => (permissions: readonly string[]) => hasPermission(permissions, permission);
const canChangeActives = (p: readonly string[]) => may(PERMISSIONS.createActives)(p) || may(PERMISSIONS.editActives)(p);

/** Whether the user can do anything on the institution and campus screen (and so the start page's set-up). */
export function canManagePlatform(permissions: readonly string[]): boolean {
  return [PERMISSIONS.manageCampuses, PERMISSIONS.manageCampusCycles, PERMISSIONS.manageInstitution].some((p) => hasPermission(permissions, p));
}

/** The back-office sections in drawer order; each is hidden without its permission. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    key: 'home',
    label: 'Inicio',
    path: '/admin',
    description: () => 'Resumen de lo que puedes hacer.',
    isAllowed: everyone,
  },
  {
    key: 'periods',
    label: 'Periodos y ciclos',
    path: '/admin/periodosCiclos',
    description: (p) =>
      canChangeActives(p)
        ? 'Activa periodos de encuestas por campus y elige los tipos de encuesta que se aplican.'
        : 'Consulta los periodos de encuestas de tus campus y los tipos de encuesta que se aplican.',
    isAllowed: may(PERMISSIONS.viewActives),
  },
  {
    key: 'users',
    label: 'Usuarios',
    path: '/admin/users',
    description: (p) =>
      may(PERMISSIONS.manageUsers)(p)
        ? 'Crea y administra las cuentas del personal administrativo y sus permisos.'
        : 'Consulta las cuentas del personal administrativo y sus permisos.',
    isAllowed: may(PERMISSIONS.viewUsers),
  },
  {
    key: 'results',
    label: 'Resultados',
    path: '/admin/resultados',
    description: (p) => {
      const ways = [may(PERMISSIONS.viewCycleReports)(p) ? 'por ciclo' : null, may(PERMISSIONS.viewCampusReports)(p) ? 'por campus' : null];
      return `Consulta los reportes de las encuestas ${ways.filter(Boolean).join(' o ')}.`;
    },
    isAllowed: canSeeAnyReport,
  },
  {
    key: 'suggestions',
    label: 'Buzón de sugerencias',
    path: '/admin/buzon',
    description: (p) =>
      may(PERMISSIONS.manageSuggestions)(p)
        ? 'Lee, clasifica y da seguimiento a las sugerencias y quejas de tus campus.'
        : 'Lee las sugerencias y quejas de tus campus.',
    isAllowed: may(PERMISSIONS.viewSuggestions),
  },
  {
    key: 'nom035',
    label: 'Canalizaciones NOM-035',
    path: '/admin/nom035',
    description: () => 'Personal que la Guía I de la NOM-035 canaliza a valoración clínica, y su seguimiento.',
    isAllowed: may(PERMISSIONS.viewNom035Referrals),
  },
  {
    key: 'nom035File',
    label: 'Expediente NOM-035',
    path: '/admin/nom035/expediente',
    description: () => 'Las obligaciones de la NOM-035 de cada campus con su evidencia: política, difusión, informe y programa de intervención.',
    isAllowed: may(PERMISSIONS.manageNom035),
  },
  {
    key: 'commentAlerts',
    label: 'Alertas de comentarios',
    path: '/admin/alertas',
    description: () => 'Comentarios que mencionan autolesión, amenazas, violencia, acoso o discriminación, para turnarlos a quien corresponda.',
    isAllowed: may(PERMISSIONS.attendCommentAlerts),
  },
  {
    key: 'commentReview',
    label: 'Revisión de comentarios',
    path: '/admin/revision-comentarios',
    description: () => 'Lee los comentarios de los estudiantes antes de que los docentes los vean: publícalos, oculta partes o retenlos.',
    isAllowed: may(PERMISSIONS.reviewComments),
  },
  {
    key: 'directory',
    label: 'Importar directorio',
    path: '/admin/directorio',
    description: () => 'Carga alumnos, docentes, administrativos, clases e inscripciones desde archivos CSV.',
    isAllowed: may(PERMISSIONS.importDirectory),
  },
  {
    key: 'auditLog',
    label: 'Bitácora',
    path: '/admin/bitacora',
    description: () => 'Consulta quién hizo cada cambio en la administración y cuándo.',
    isAllowed: may(PERMISSIONS.viewAuditLog),
  },
  {
    key: 'campuses',
    label: 'Institución y campus',
    path: '/admin/campus',
    description: () => 'El nombre de la institución, los campus y los tipos de encuesta que aplica cada uno.',
    isAllowed: (p) => canManagePlatform(p),
  },
  {
    key: 'profile',
    label: 'Mi perfil',
    path: '/admin/porfile',
    description: () => 'Tus datos de acceso.',
    isAllowed: everyone,
  },
];

export function visibleAdminSections(permissions: readonly string[]): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => section.isAllowed(permissions));
}

/** Whether the user holds any permission that opens a section beyond the start page and profile. */
export function hasAnyWorkSection(permissions: readonly string[]): boolean {
  return visibleAdminSections(permissions).some((s) => s.key !== 'home' && s.key !== 'profile');
}
