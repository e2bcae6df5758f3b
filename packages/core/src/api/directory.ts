/**
 * The respondent directory's import format: one CSV per entity, with the
 * Spanish headers below (case and accents ignored). The same row schemas
 * validate a CSV import and a record from the student-information system.
 */
import { z } from 'zod';
import { apiErrorSchema } from './common';
import { PC_ID_PATTERN } from './respondents';
import { textSchema } from '../validation';
import { foldAccents } from '../fold';

export const DIRECTORY_ENTITIES = ['alumnos', 'docentes', 'administrativos', 'clases', 'inscripciones'] as const;
export type DirectoryEntity = (typeof DIRECTORY_ENTITIES)[number];

const pcId = (label: string) =>
  z
    .string({ error: `Falta ${label}` })
    .trim()
    .regex(PC_ID_PATTERN, `${label} debe tener exactamente 9 dígitos`);
const text = (label: string, max = 100) =>
  textSchema({ error: `Falta ${label}` })
    .trim()
    .min(1, `Falta ${label}`)
    .max(max, `${label}: máximo ${max} caracteres`);
const optionalText = (max = 100) =>
  textSchema()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .optional()
    .transform((v) => v ?? '');
const optionalEmail = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v.toLowerCase() : undefined))
  .pipe(z.email('correo no válido').optional());
const yesNo = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    const value = (v ?? '').toLowerCase();
    if (['', 'no', 'n', '0', 'false'].includes(value)) return false;
    if (['si', 'sí', 's', '1', 'true'].includes(value)) return true;
    ctx.addIssue({ code: 'custom', message: 'usa «sí» o «no»' });
    return z.NEVER;
  });

const person = {
  nombre: text('el nombre'),
  apellido_paterno: optionalText(),
  apellido_materno: optionalText(),
  correo: optionalEmail,
  campus: text('el campus'),
};

export const DIRECTORY_ROW_SCHEMAS = {
  alumnos: z.object({
    pc_id: pcId('pc_id'),
    ...person,
    plan: text('el plan', 20),
    grupo: text('el grupo', 20),
    sesion: text('la sesión', 30),
    anio: z.coerce
      .number({ error: 'el año debe ser un número' })
      .int('el año debe ser un número entero')
      .min(1990, 'año no válido')
      .max(2100, 'año no válido'),
    periodo: optionalText(6),
    nuevo_ingreso: yesNo,
  }),
  docentes: z.object({ pc_id: pcId('pc_id'), ...person }),
  /** Staff rows of spec §3: ID, CAMPUS, TIPO, PUESTO (plus name and e-mail). */
  administrativos: z.object({
    id: pcId('ID'),
    ...person,
    tipo: text('TIPO', 30),
    puesto: optionalText(100),
  }),
  clases: z.object({
    clave: text('la clave', 30),
    nombre: text('el nombre de la materia', 150),
    campus: text('el campus'),
    periodo: text('el periodo', 6),
    docente_pc_id: pcId('docente_pc_id'),
    plan: text('el plan', 20),
    grupo: text('el grupo', 20),
  }),
  inscripciones: z.object({
    clave: text('la clave de la clase', 30),
    campus: text('el campus'),
    periodo: text('el periodo', 6),
    alumno_pc_id: pcId('alumno_pc_id'),
  }),
} satisfies Record<DirectoryEntity, z.ZodType>;

export type DirectoryRow<E extends DirectoryEntity> = z.output<(typeof DIRECTORY_ROW_SCHEMAS)[E]>;

/** Header names as people type them: lower case, no accents, spaces and dashes as underscores. */
export function normaliseHeader(header: string): string {
  return foldAccents(header)
    .trim()
    .replace(/[\s-]+/g, '_')
    .replace(/^ano$/, 'anio');
}

export const importRowErrorSchema = z.object({
  /** 1-based line of the CSV (the header is line 1). */
  row: z.number(),
  field: z.string().optional(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importReportSchema = z.object({
  entity: z.enum(DIRECTORY_ENTITIES),
  /** Rows written; 0 whenever any row had an error (nothing is half-imported). */
  imported: z.number(),
  created: z.number(),
  updated: z.number(),
  /** Staff rows whose TIPO is a PowerCampus person type (spec §3). */
  skipped: z.number(),
  errors: z.array(importRowErrorSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** POST /directory/import/{entity}: the report of an import that wrote its rows. */
export const importAnswerSchema = z.object({ report: importReportSchema });
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

/** A name the browser picks for its import, to ask how far it got (GET /directory/import/progress/{progressId}). */
export const importProgressIdSchema = z.string().regex(/^[\w-]{16,64}$/, 'Identificador de progreso no válido');

export const importRequestSchema = z.object({
  csv: textSchema({ error: 'Adjunta el archivo CSV' }).min(1, 'El archivo está vacío').max(10_000_000, 'El archivo es demasiado grande (máximo 10 MB)'),
  progressId: importProgressIdSchema.optional(),
});

/** Where a running import stands: `done` of `total` (characters read, rows checked, rows written) in its phase. */
export const importProgressSchema = z.object({ phase: z.enum(['reading', 'checking', 'writing']), done: z.number(), total: z.number() });
export type ImportProgress = z.infer<typeof importProgressSchema>;

/** GET /directory/import/progress/{progressId}: null while the server has no progress for it. */
export const importProgressAnswerSchema = z.object({ progress: importProgressSchema.nullable() });
export type ImportProgressAnswer = z.infer<typeof importProgressAnswerSchema>;

/** POST /directory/import/{entity}'s 422: the error, and the report with each bad row when the file was read. */
export const importRejectedSchema = apiErrorSchema.extend({ report: importReportSchema.optional() });
