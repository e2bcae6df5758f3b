import type { DirectoryEntity, ImportProgress, ImportReport, ImportRowError } from '@encuestas/core/api/directory';
import { ApiError } from '../../../api/api-error';

export interface DirectoryColumn {
  /** The header as written in the file (matched without case or accents). */
  name: string;
  required: boolean;
  description: string;
}

export interface DirectoryEntityInfo {
  entity: DirectoryEntity;
  /** The choice's label: 'Alumnos'. */
  label: string;
  /** What re-importing the same row does. */
  keyNote: string;
  /** Columns in template order. */
  columns: readonly DirectoryColumn[];
  /** Example rows for the template, in column order. */
  examples: readonly (readonly string[])[];
}

const col = (name: string, required: boolean, description: string): DirectoryColumn => ({ name, required, description });

const PERSON_NAME_COLUMNS = [
  col('nombre', true, 'Nombre(s).'),
  col('apellido_paterno', false, 'Apellido paterno.'),
  col('apellido_materno', false, 'Apellido materno.'),
  col('correo', false, 'Correo electrónico; también sirve para entrar a las encuestas.'),
];

/** The five files of docs/directory.md, in the order they are best imported. */
export const DIRECTORY_ENTITY_INFO: readonly DirectoryEntityInfo[] = [
  {
    entity: 'alumnos',
    label: 'Alumnos',
    keyNote: 'Un pc_id que ya existe actualiza a ese alumno.',
    columns: [
      col('pc_id', true, 'ID de Power Campus, 9 dígitos.'),
      ...PERSON_NAME_COLUMNS,
      col('campus', true, 'Nombre del campus, p. ej. Puebla.'),
      col('plan', true, 'Plan de estudios (máximo 20 caracteres).'),
      col('grupo', true, 'Grupo (máximo 20 caracteres).'),
      col('sesion', true, 'Sesión o turno (máximo 30 caracteres).'),
      col('anio', true, 'Año, p. ej. 2026 (también se acepta la columna «Año»).'),
      col('periodo', false, 'Periodo Power Campus, p. ej. 2026A.'),
      col('nuevo_ingreso', false, '«sí» o «no». Con periodo, el alumno entra a la lista de nuevo ingreso de ese periodo.'),
    ],
    examples: [
      ['100000999', 'Ana', 'García', 'López', 'ana.garcia@example.com', 'Puebla', 'LAE', '1A', 'Matutina', '2026', '2026A', 'sí'],
      ['100001000', 'Luis', 'Pérez', '', '', 'Puebla', 'ING', '3B', 'Vespertina', '2025', '', 'no'],
    ],
  },
  {
    entity: 'docentes',
    label: 'Docentes',
    keyNote: 'Un pc_id que ya existe actualiza a ese docente.',
    columns: [
      col('pc_id', true, 'ID de Power Campus, 9 dígitos.'),
      ...PERSON_NAME_COLUMNS,
      col('campus', true, 'Nombre del campus, p. ej. Puebla.'),
    ],
    examples: [['200000999', 'María', 'Hernández', 'Ruiz', 'maria.hernandez@example.com', 'Puebla']],
  },
  {
    entity: 'administrativos',
    label: 'Administrativos',
    keyNote: 'Un ID que ya existe actualiza a esa persona.',
    columns: [
      col('ID', true, 'ID de Power Campus, 9 dígitos.'),
      ...PERSON_NAME_COLUMNS,
      col('CAMPUS', true, 'Nombre del campus, p. ej. Puebla.'),
      col(
        'TIPO',
        true,
        'Tipo de personal. Las filas con un tipo de persona de Power Campus (Employee, Faculty, Inquiry, Applicant, Signoff, Student, Alumnus) se omiten.',
      ),
      col('PUESTO', false, 'Puesto que ocupa.'),
    ],
    examples: [['300000999', 'Jorge', 'Ramírez', 'Soto', 'jorge.ramirez@example.com', 'Puebla', 'Administrativo', 'Servicios escolares']],
  },
  {
    entity: 'clases',
    label: 'Clases',
    keyNote: 'La misma clave, campus y periodo actualiza esa clase.',
    columns: [
      col('clave', true, 'Clave de la clase (máximo 30 caracteres).'),
      col('nombre', true, 'Nombre de la materia.'),
      col('campus', true, 'Nombre del campus, p. ej. Puebla.'),
      col('periodo', true, 'Periodo Power Campus, p. ej. 2026A.'),
      col('docente_pc_id', true, 'pc_id del docente que la imparte (ya importado).'),
      col('plan', true, 'Plan de estudios.'),
      col('grupo', true, 'Grupo.'),
    ],
    examples: [['MAT101-1A', 'Cálculo diferencial', 'Puebla', '2026A', '200000999', 'LAE', '1A']],
  },
  {
    entity: 'inscripciones',
    label: 'Inscripciones',
    keyNote: 'Una inscripción que ya existe (misma clase y alumno) no se duplica.',
    columns: [
      col('clave', true, 'Clave de la clase (ya importada).'),
      col('campus', true, 'Campus de la clase.'),
      col('periodo', true, 'Periodo de la clase, p. ej. 2026A.'),
      col('alumno_pc_id', true, 'pc_id del alumno inscrito (ya importado).'),
    ],
    examples: [['MAT101-1A', 'Puebla', '2026A', '100000999']],
  },
];

export function entityInfo(entity: DirectoryEntity): DirectoryEntityInfo {
  const info = DIRECTORY_ENTITY_INFO.find((e) => e.entity === entity);
  if (!info) throw new Error(`Unknown directory entity: ${entity}`);
  return info;
}

/** One CSV field: quoted when it holds a comma, semicolon, quote or line break. */
export function csvField(value: string): string {
  return /[",;\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The example file of an entity: its header and example rows, comma-separated, CRLF line ends. */
export function csvTemplate(entity: DirectoryEntity): string {
  const info = entityInfo(entity);
  const lines = [info.columns.map((c) => c.name), ...info.examples].map((row) => row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The template as a link target, with a BOM so spreadsheet programs read the accents as UTF-8. */
export function csvTemplateHref(entity: DirectoryEntity): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${csvTemplate(entity)}`)}`;
}

export function templateFileName(entity: DirectoryEntity): string {
  return `plantilla-${entity}.csv`;
}

/** The API's limit on the file (10 MB of text). */
export const MAX_CSV_BYTES = 10_000_000;

/** Why a chosen file cannot be sent, or null. */
export function csvFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.csv$/i.test(file.name)) return 'Elige un archivo con extensión .csv.';
  if (file.size === 0) return 'El archivo está vacío.';
  if (file.size > MAX_CSV_BYTES) return 'El archivo es demasiado grande (máximo 10 MB).';
  return null;
}

const count = (n: number, singular: string, plural: string) => `${n} ${n === 1 ? singular : plural}`;

/** '12 importados: 10 nuevos, 2 actualizados, 0 omitidos'. */
export function importSummary(report: Pick<ImportReport, 'imported' | 'created' | 'updated' | 'skipped'>): string {
  return (
    `${count(report.imported, 'importado', 'importados')}: ` +
    `${count(report.created, 'nuevo', 'nuevos')}, ` +
    `${count(report.updated, 'actualizado', 'actualizados')}, ` +
    `${count(report.skipped, 'omitido', 'omitidos')}`
  );
}

/** The note under the summary when staff rows were left out. */
export function skippedNote(report: Pick<ImportReport, 'entity' | 'skipped'>): string | null {
  if (report.skipped === 0) return null;
  return report.entity === 'administrativos'
    ? `${count(report.skipped, 'fila se omitió', 'filas se omitieron')} porque su TIPO es un tipo de persona de Power Campus.`
    : `${count(report.skipped, 'fila se omitió', 'filas se omitieron')}.`;
}

function isImportReport(value: unknown): value is ImportReport {
  if (typeof value !== 'object' || value === null) return false;
  const report = value as Partial<ImportReport>;
  return typeof report.entity === 'string' && Array.isArray(report.errors);
}

/** The row-by-row report a refused import (422) carries next to its error, if any. */
export function importReportFromError(error: unknown): ImportReport | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body as { report?: unknown } | undefined;
  return isImportReport(body?.report) ? body.report : null;
}

/** The errors in line order (the header is line 1); a missing column shows as '—'. */
export function errorRows(errors: readonly ImportRowError[]): { row: number; field: string; message: string }[] {
  return [...errors]
    .sort((a, b) => a.row - b.row)
    .map((e) => ({ row: e.row, field: e.field?.trim() ? e.field : '—', message: e.message }));
}

/** A fresh name for one import, to follow its progress (crypto.randomUUID needs https; this does not). */
export function newProgressId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const rowsCount = (n: number) => n.toLocaleString('es-MX');

/** Where each phase starts and ends on the one bar: writing takes most of the time. */
const PHASE_SPAN: Record<ImportProgress['phase'], [number, number]> = { reading: [0, 10], checking: [10, 40], writing: [40, 100] };

/** The progress bar's text and overall percentage for the server's progress of an import. */
export function progressView(progress: ImportProgress): { text: string; percent: number } {
  const [start, end] = PHASE_SPAN[progress.phase];
  const share = progress.total > 0 ? Math.min(1, progress.done / progress.total) : 0;
  const percent = Math.round(start + share * (end - start));
  switch (progress.phase) {
    case 'reading':
      return { text: 'Leyendo el archivo…', percent };
    case 'checking':
      return { text: `Revisando filas: ${rowsCount(progress.done)} de ${rowsCount(progress.total)}`, percent };
    case 'writing':
      return { text: `Guardando: ${rowsCount(progress.done)} de ${rowsCount(progress.total)} filas`, percent };
  }
}
