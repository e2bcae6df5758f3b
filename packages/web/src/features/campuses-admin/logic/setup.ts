import { SUGGESTED_CAMPUSES } from '@encuestas/core/api/suggested-campuses';
import { PERMISSIONS, hasPermission, type PermissionName } from '@encuestas/core/permissions';

/** Names compare as the server does: without case, spaces trimmed and single. */
export function sameCampusName(a: string, b: string): boolean {
  const fold = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('es-MX');
  return fold(a) === fold(b);
}

/** The spec's campuses not created yet, in the spec's order: what the one-click suggestion adds. */
export function missingSuggestedCampuses(existing: readonly { nombre: string }[]): string[] {
  return SUGGESTED_CAMPUSES.filter((name) => !existing.some((campus) => sameCampusName(campus.nombre, name)));
}

export interface SetupStep {
  key: 'institution' | 'campuses' | 'cycles' | 'periods' | 'directory' | 'application';
  label: string;
  description: string;
  /** Where the step is done; undefined: on the start page itself. */
  path?: string;
  /** Whether this user's permissions let them do it. */
  allowed: boolean;
}

/** The set-up of an empty platform, in order: what the start page walks the administrator through. */
export function setupSteps(permissions: readonly string[]): SetupStep[] {
  const may = (permission: PermissionName) => hasPermission(permissions, permission);
  return [
    {
      key: 'institution',
      label: 'Nombre de la institución',
      description: 'El nombre de la institución y de la plataforma que ven todos en páginas, correos y reportes.',
      allowed: may(PERMISSIONS.manageInstitution),
    },
    {
      key: 'campuses',
      label: 'Campus',
      description: 'Da de alta los campus de la institución. Puedes agregar los sugeridos con un clic o escribir los tuyos.',
      allowed: may(PERMISSIONS.manageCampuses),
    },
    {
      key: 'cycles',
      label: 'Tipos de encuesta por campus',
      description: 'Cada campus aplica todos los tipos de encuesta hasta que apagues alguno.',
      path: '/admin/campus',
      allowed: may(PERMISSIONS.manageCampusCycles),
    },
    {
      key: 'periods',
      label: 'Periodos Power Campus',
      description: 'Crea el periodo académico en curso (por ejemplo 2026A) desde «Gestionar periodos».',
      path: '/admin/periodosCiclos',
      allowed: may(PERMISSIONS.createPowerCampusPeriods),
    },
    {
      key: 'directory',
      label: 'Directorio',
      description: 'Importa alumnos, docentes, administrativos, clases e inscripciones desde archivos CSV.',
      path: '/admin/directorio',
      allowed: may(PERMISSIONS.importDirectory),
    },
    {
      key: 'application',
      label: 'Primera aplicación de encuestas',
      description: 'Elige campus y periodo, las fechas y los tipos de encuesta que se aplican.',
      path: '/admin/periodosCiclos',
      allowed: may(PERMISSIONS.createActives),
    },
  ];
}

/**
 * Whether the start page still walks the administrator through set-up: until
 * the platform has a campus and its first application. `applications` is
 * undefined when the user may not see applications (then campuses decide).
 */
export function setupGuideShown(counts: { campuses: number; applications: number | undefined }): boolean {
  return counts.campuses === 0 || counts.applications === 0;
}
