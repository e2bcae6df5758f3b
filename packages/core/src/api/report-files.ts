/**
 * Report files (docs/reports.md, "Files"): the PDF of the students report,
 * of a NOM-035 application and of one teacher, and every report table as
 * XLSX or CSV. The contract shared by the server and the web, and the one
 * rule that keeps a spreadsheet cell from running as a formula.
 */
import { z } from 'zod';
import { formatCount } from '../format';
import { textSchema } from '../validation';
import { studentFilterShape } from './missing';
import { BREAKDOWN_SEGMENT_MESSAGE, BREAKDOWN_SEGMENTS, optionalDay, REPORT_RANGE_MESSAGE, reportScopeShape, TEXT_ITEM_MESSAGE } from './reports';
import { teacherListShape } from '../survey-kinds/alumnos-evaluacion-docente/report-contract';

// ------------------------------------------------------------------ spreadsheets

/** The tables a report exports (GET /reports/export?table=…). */
export const EXPORT_TABLES = ['items', 'breakdown', 'texts', 'teachers', 'nom035', 'institutes', 'missing'] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_TABLE_MESSAGE = 'Elige una tabla del reporte para descargar';
export const EXPORT_FORMAT_MESSAGE = 'Elige el formato: xlsx o csv';

/** What a table needs beyond the report filters: breakdown a segment, texts an item. */
export const EXPORT_TABLE_NEEDS: Readonly<Record<ExportTable, { segment?: true; item?: true }>> = {
  items: {},
  breakdown: { segment: true },
  texts: { item: true },
  teachers: {},
  nom035: {},
  institutes: {},
  missing: {},
};

/** The student filter (spec §3) narrows the people of the missing list; no other table holds people. */
export const STUDENT_FILTER_ONLY_MISSING = 'El filtro de alumnos solo aplica a la lista de pendientes.';
const STUDENT_FILTER_KEYS = Object.keys(studentFilterShape) as (keyof typeof studentFilterShape)[];

/**
 * GET /reports/export: one report table, every row of it (comments: every
 * page), with the filters of the report it comes from. `from`/`to` narrow
 * only the items table, as they narrow only the overview's distributions;
 * the student filter only the missing list (table=missing).
 */
export const exportQuerySchema = z
  .object({
    ...reportScopeShape,
    from: optionalDay,
    to: optionalDay,
    table: z.enum(EXPORT_TABLES, { error: EXPORT_TABLE_MESSAGE }),
    format: z.enum(EXPORT_FORMATS, { error: EXPORT_FORMAT_MESSAGE }).default('xlsx'),
    segment: z.enum(BREAKDOWN_SEGMENTS, { error: BREAKDOWN_SEGMENT_MESSAGE }).optional(),
    item: textSchema({ error: TEXT_ITEM_MESSAGE }).min(1, TEXT_ITEM_MESSAGE).max(100, TEXT_ITEM_MESSAGE).optional(),
    // The teachers table: the ranking's group, search and sort, as on the screen.
    ...teacherListShape,
    ...studentFilterShape,
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.to >= q.from, { path: ['to'], message: REPORT_RANGE_MESSAGE })
  .refine((q) => !EXPORT_TABLE_NEEDS[q.table].segment || q.segment !== undefined, { path: ['segment'], message: BREAKDOWN_SEGMENT_MESSAGE })
  .refine((q) => !EXPORT_TABLE_NEEDS[q.table].item || q.item !== undefined, { path: ['item'], message: TEXT_ITEM_MESSAGE })
  .superRefine((q, ctx) => {
    if (q.table === 'missing') return;
    for (const key of STUDENT_FILTER_KEYS) if (q[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: STUDENT_FILTER_ONLY_MISSING });
  });
export type ExportQuery = z.input<typeof exportQuerySchema>;

/** 429: the user already has this many files in preparation (the server's bound per user). */
export function tooManyFilesMessage(limit: number): string {
  return limit === 1
    ? 'Ya tienes un archivo en preparación. Espera a que termine y vuelve a intentarlo.'
    : `Ya tienes ${limit} archivos en preparación. Espera a que termine alguno y vuelve a intentarlo.`;
}

/** 429: the server's bound on files in preparation for everyone. */
export const FILES_BUSY_MESSAGE = 'El servidor está preparando muchos archivos en este momento. Vuelve a intentarlo en unos segundos.';

/** Refused before a byte is sent: a file is either whole or not made. */
export function exportTooBigMessage(rows: number, maxRows: number): string {
  return `El archivo tendría ${formatCount(rows)} filas y el máximo es ${formatCount(maxRows)}. Filtra por campus o periodo para descargarlo en partes.`;
}

/**
 * A text as a spreadsheet cell that never runs: a cell beginning with = + - @,
 * a tab or a carriage return is read as a formula (or split into one) by
 * Excel, LibreOffice and Google Sheets, so it gets a leading apostrophe
 * (OWASP's advice for CSV injection). Numbers are written as numbers, never
 * through here.
 */
export function escapeSpreadsheetText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export type CellValue = string | number | null;

/** One CSV line (RFC 4180, CRLF): texts escaped and quoted, numbers as they are, null empty. */
export function csvLine(values: readonly CellValue[]): string {
  return (
    values
      .map((value) => {
        if (value === null) return '';
        if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
        return `"${escapeSpreadsheetText(value).replaceAll('"', '""')}"`;
      })
      .join(',') + '\r\n'
  );
}

/** Excel in Spanish reads a CSV as UTF-8 only with this mark in front. */
export const UTF8_BOM = '\uFEFF';

/** The NOM-035 levels table's and PDF's names of a result's scope. */
export const RISK_SCOPE_LABELS = { final: 'Calificación final', category: 'Categoría', domain: 'Dominio' } as const;

// ------------------------------------------------------------------ PDF

/**
 * GET /ciclo/{id}/pdf/students: the students report of cycle `id`. Of the
 * student filter (spec §3) only `plan` and `grupo` narrow an anonymous
 * report: responses keep their plan and group and nothing else of the student,
 * so `year`, `periodo`, `sesion` and `pc_id` are refused instead of ignored.
 */
export const STUDENT_FILTER_NOT_IN_REPORT =
  'El reporte es anónimo: las respuestas no guardan el año, el periodo, la sesión ni el pc_id del alumno. Filtra por plan o grupo.';
export const GROUP_NEEDS_PLAN_MESSAGE = 'Elige el plan del grupo';
export const NOT_A_STUDENT_SURVEY_MESSAGE = 'Este tipo de encuesta no lo responden alumnos: descarga sus tablas en XLSX o CSV.';

const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const segmentText = (label: string) => z.preprocess(blankAsAbsent, textSchema().trim().max(20, `${label}: máximo 20 caracteres`).optional());
const refused = z.preprocess(blankAsAbsent, z.undefined({ error: STUDENT_FILTER_NOT_IN_REPORT }).optional());

export const studentsPdfQuerySchema = z
  .object({
    periodoId: reportScopeShape.periodoId,
    campusId: reportScopeShape.campusId,
    plan: segmentText('El plan'),
    grupo: segmentText('El grupo'),
    year: refused,
    periodo: refused,
    sesion: refused,
    pc_id: refused,
  })
  .refine((q) => q.grupo === undefined || q.plan !== undefined, { path: ['plan'], message: GROUP_NEEDS_PLAN_MESSAGE });
export type StudentsPdfQuery = z.input<typeof studentsPdfQuerySchema>;

/** The download names live without zod in file-names.ts (the screens import them there). */
export { DEFAULT_PDF_NAME, fileNameFromDisposition, fileNamePart } from './file-names';
