/**
 * Imports the respondent directory (students, teachers, staff, classes,
 * enrolments) from CSV or from the student-information system. Every row is
 * checked first; with any error nothing is written and the report lists each
 * bad row, so an import is never half done.
 *
 * A file can hold 100,000 rows, so nothing here holds the server for long
 * (docs/security.md, "Imports that do not block"): reading and checking work
 * in chunks that yield to the event loop, and rows are written in batches of
 * BATCH with a yield between them. On PostgreSQL the batches share one
 * transaction (other requests use other connections); on the embedded PGlite,
 * one connection for everyone, each batch commits on its own so other
 * requests run between batches.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { inArray, sql } from 'drizzle-orm';
import {
  DIRECTORY_ROW_SCHEMAS,
  normaliseHeader,
  type DirectoryEntity,
  type DirectoryRow,
  type ImportProgress,
  type ImportReport,
  type ImportRowError,
} from '@encuestas/core/api/directory';
import { isExcludedStaffType } from '@encuestas/core/directory';
import { usesConnectionPool, type Database } from '../../db/client';
import { campuses, classes, enrolments, newIntakeTargets, periods, staff, students, teachers } from '../../db/schema';
import { refreshStatistics } from '../../db/statistics';
import { emailDomainAllowed, emailDomainsRowMessage } from './email-domains';
import { foldAccents } from '@encuestas/core/fold';

/** Rows per INSERT: a few tens of milliseconds on PGlite. */
const BATCH = 250;
/** Records read or checked between two yields to the event loop. */
const CHUNK = 500;
/** Characters of CSV parsed between two yields. */
const CSV_SLICE = 64 * 1024;

export type ProgressListener = (progress: ImportProgress) => void;

/** A record to import with the line it came from (1-based; the header is line 1). */
export interface SourceRecord {
  line: number;
  values: Record<string, unknown>;
}

/** Parses the CSV a slice at a time, yielding between slices. */
export async function parseCsv(
  csv: string,
  onProgress: ProgressListener = () => undefined,
): Promise<{ records: SourceRecord[]; errors: ImportRowError[] }> {
  const records: SourceRecord[] = [];
  let failure: (Error & { lines?: number }) | undefined;
  const parser = parse({
    bom: true,
    columns: (header: string[]) => header.map(normaliseHeader),
    skip_empty_lines: true,
    trim: true,
    info: true,
    delimiter: [',', ';'],
  });
  parser.on('data', (r: { record: Record<string, string>; info: { lines: number } }) => records.push({ line: r.info.lines, values: r.record }));
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', (error: Error) => {
      failure ??= error;
      resolve();
    });
  });
  for (let start = 0; start < csv.length && !failure; ) {
    let end = Math.min(start + CSV_SLICE, csv.length);
    // Never split a surrogate pair between two slices.
    if (end < csv.length && /[\uD800-\uDBFF]/.test(csv[end - 1]!)) end -= 1;
    parser.write(csv.slice(start, end));
    start = end;
    onProgress({ phase: 'reading', done: end, total: csv.length });
    await yieldToEventLoop();
  }
  if (!failure) parser.end();
  await ended;
  if (failure) {
    const line = failure.lines ?? 1;
    return { records: [], errors: [{ row: line, message: `El archivo no es un CSV válido: ${failure.message}` }] };
  }
  return { records, errors: [] };
}

const nameKey = (name: string) => foldAccents(name).trim();

interface Lookups {
  campusByName: Map<string, number>;
  periodByName: Map<string, number>;
  /** Campuses the importing user may write to; undefined = all (the CLI and the SIS sync). */
  allowedCampusIds?: ReadonlySet<number>;
  /** RESPONDENT_EMAIL_DOMAINS: the domains a person's `correo` may have; undefined = any. */
  emailDomains?: readonly string[];
}

async function lookups(db: Database, allowedCampusIds?: ReadonlySet<number>, emailDomains?: readonly string[]): Promise<Lookups> {
  const [campusRows, periodRows] = await Promise.all([
    db.select({ id: campuses.id, nombre: campuses.nombre }).from(campuses),
    db.select({ id: periods.id, nombre: periods.nombre }).from(periods),
  ]);
  return {
    campusByName: new Map(campusRows.map((c) => [nameKey(c.nombre), c.id])),
    periodByName: new Map(periodRows.map((p) => [p.nombre.toUpperCase(), p.id])),
    allowedCampusIds,
    emailDomains,
  };
}

/** Required columns of an entity absent from the header (optional ones may be left out). */
function missingColumns(entity: DirectoryEntity, sample: Record<string, unknown>): string[] {
  const shape = DIRECTORY_ROW_SCHEMAS[entity].shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
  return Object.entries(shape)
    .filter(([column, schema]) => !(column in sample) && !schema.safeParse(undefined).success)
    .map(([column]) => column);
}

function emptyReport(entity: DirectoryEntity): ImportReport {
  return { entity, imported: 0, created: 0, updated: 0, skipped: 0, errors: [] };
}

/** Validates every record against the entity's schema, a chunk at a time; returns the good rows and every error. */
async function validate<E extends DirectoryEntity>(entity: E, records: SourceRecord[], onProgress: ProgressListener) {
  const schema = DIRECTORY_ROW_SCHEMAS[entity];
  const rows: { line: number; row: DirectoryRow<E> }[] = [];
  const errors: ImportRowError[] = [];
  for (const [index, record] of records.entries()) {
    if (index % CHUNK === 0) {
      onProgress({ phase: 'checking', done: index, total: records.length });
      await yieldToEventLoop();
    }
    const parsed = schema.safeParse(record.values);
    if (parsed.success) rows.push({ line: record.line, row: parsed.data as DirectoryRow<E> });
    else
      for (const issue of parsed.error.issues)
        errors.push({ row: record.line, field: issue.path.join('.') || undefined, message: issue.message });
  }
  return { rows, errors };
}

function duplicates<T>(rows: { line: number; row: T }[], key: (row: T) => string, field: string): ImportRowError[] {
  const seen = new Map<string, number>();
  const errors: ImportRowError[] = [];
  for (const { line, row } of rows) {
    const k = key(row);
    const first = seen.get(k);
    if (first !== undefined) errors.push({ row: line, field, message: `Repetido: ya aparece en la línea ${first}` });
    else seen.set(k, line);
  }
  return errors;
}

function campusId(l: Lookups, name: string, line: number, errors: ImportRowError[]): number {
  const id = l.campusByName.get(nameKey(name));
  if (id === undefined) errors.push({ row: line, field: 'campus', message: `No existe el campus «${name}»` });
  else if (l.allowedCampusIds && !l.allowedCampusIds.has(id)) {
    errors.push({ row: line, field: 'campus', message: `No tienes acceso al campus «${name}»` });
  }
  return id ?? 0;
}

function periodId(l: Lookups, name: string, line: number, errors: ImportRowError[]): number {
  const id = l.periodByName.get(name.toUpperCase());
  if (id === undefined) errors.push({ row: line, field: 'periodo', message: `No existe el periodo «${name}»` });
  return id ?? 0;
}

/** Rows of a lookup by key, BATCH keys per query with a yield between queries. */
async function selectInBatches<K, R>(keys: K[], select: (batch: K[]) => Promise<R[]>): Promise<R[]> {
  const found: R[] = [];
  for (let i = 0; i < keys.length; i += BATCH) {
    found.push(...(await select(keys.slice(i, i + BATCH))));
    await yieldToEventLoop();
  }
  return found;
}

async function existingPcIds(db: Database, table: typeof students | typeof teachers | typeof staff, pcIds: string[]) {
  const rows = await selectInBatches(pcIds, (batch) => db.select({ pcId: table.pcId }).from(table).where(inArray(table.pcId, batch)));
  return new Set(rows.map((row) => row.pcId));
}

/**
 * Writes the rows BATCH at a time and yields between batches. On PostgreSQL all
 * batches share one transaction, so the import is all-or-nothing even if the
 * database fails midway. PGlite is one connection: a transaction held across
 * batches would make every other request wait for the whole import, so each
 * batch commits on its own; every row was checked before the first batch, and
 * re-running the same file completes an import a crash cut short (it upserts).
 */
async function writeInBatches<T>(run: Run, values: T[], write: (tx: Database, batch: T[]) => Promise<void>) {
  const total = values.length;
  const batchAt = async (tx: Database, start: number) => {
    await write(tx, values.slice(start, start + BATCH));
    run.onProgress({ phase: 'writing', done: Math.min(start + BATCH, total), total });
  };
  run.onProgress({ phase: 'writing', done: 0, total });
  const record = (tx: Database) => run.recordImport?.(tx, total) ?? Promise.resolve();
  if (usesConnectionPool(run.db)) {
    await run.db.transaction(async (tx) => {
      for (let start = 0; start < total; start += BATCH) {
        await batchAt(tx, start);
        await yieldToEventLoop();
      }
      await record(tx);
    });
    return;
  }
  if (total === 0) await run.db.transaction(record);
  for (let start = 0; start < total; start += BATCH) {
    const last = start + BATCH >= total;
    await run.db.transaction(async (tx) => {
      await batchAt(tx, start);
      // The import's audit entry commits with its last batch.
      if (last) await record(tx);
    });
    await yieldToEventLoop();
  }
}

export interface ImportOptions {
  /** Campuses the importing user may write to; undefined = all (the CLI and the SIS sync). */
  allowedCampusIds?: ReadonlySet<number>;
  /** RESPONDENT_EMAIL_DOMAINS; undefined = any. */
  emailDomains?: readonly string[];
  onProgress?: ProgressListener;
  /** Writes the import's audit entry inside the transaction of its (last) write, given the rows written. */
  recordImport?: (tx: Database, rows: number) => Promise<void>;
}

/** What one import works with. */
interface Run {
  db: Database;
  l: Lookups;
  onProgress: ProgressListener;
  recordImport?: ImportOptions['recordImport'];
}

/** Parses a CSV file and imports it: the path of the back office and of the command line. */
export async function importDirectoryCsv(db: Database, entity: DirectoryEntity, csv: string, options: ImportOptions = {}): Promise<ImportReport> {
  const parsed = await parseCsv(csv, options.onProgress);
  if (parsed.errors.length) return { ...emptyReport(entity), errors: parsed.errors };
  return importDirectory(db, entity, parsed.records, options);
}

export async function importDirectory(
  db: Database,
  entity: DirectoryEntity,
  records: SourceRecord[],
  options: ImportOptions = {},
): Promise<ImportReport> {
  const report = emptyReport(entity);
  if (records.length === 0) {
    report.errors.push({ row: 1, message: 'El archivo no tiene filas para importar' });
    return report;
  }
  const missing = missingColumns(entity, records[0]!.values);
  if (missing.length) {
    report.errors.push({ row: 1, message: `Faltan columnas: ${missing.join(', ')}` });
    return report;
  }
  const run: Run = {
    db,
    l: await lookups(db, options.allowedCampusIds, options.emailDomains),
    onProgress: options.onProgress ?? (() => undefined),
    recordImport: options.recordImport,
  };
  const imported = await importEntity(run, entity, records, report);
  // The lists and counts over the directory plan with the new rows (embedded PGlite gathers no statistics itself).
  if (imported.imported > 0) await refreshStatistics(db, IMPORTED_TABLES[entity]);
  return imported;
}

/** The tables each import writes. */
const IMPORTED_TABLES: Record<DirectoryEntity, readonly string[]> = {
  alumnos: ['student', 'new_intake_target'],
  docentes: ['teacher'],
  administrativos: ['staff'],
  clases: ['class'],
  inscripciones: ['enrolment'],
};

function importEntity(run: Run, entity: DirectoryEntity, records: SourceRecord[], report: ImportReport): Promise<ImportReport> {
  switch (entity) {
    case 'alumnos':
      return importStudents(run, records, report);
    case 'docentes':
      return importTeachers(run, records, report);
    case 'administrativos':
      return importStaff(run, records, report);
    case 'clases':
      return importClasses(run, records, report);
    case 'inscripciones':
      return importEnrolments(run, records, report);
    default: {
      const unreachable: never = entity;
      return unreachable;
    }
  }
}

type PersonRow = { nombre: string; apellido_paterno: string; apellido_materno: string; correo?: string; campus: string };

/**
 * The columns every person shares, the campus and the e-mail checked on the
 * way: an e-mail outside RESPONDENT_EMAIL_DOMAINS is a row error, since the
 * sign-in code would be mailed there.
 */
function personValues(l: Lookups, row: PersonRow, line: number, errors: ImportRowError[]) {
  if (row.correo !== undefined && l.emailDomains && !emailDomainAllowed(row.correo, l.emailDomains)) {
    errors.push({ row: line, field: 'correo', message: emailDomainsRowMessage(l.emailDomains) });
  }
  return {
    name: row.nombre,
    lastName: row.apellido_paterno,
    maternalSurName: row.apellido_materno,
    email: row.correo ?? null,
    campusId: campusId(l, row.campus, line, errors),
    active: true,
  };
}

const updateFromExcluded = (columns: string[]) =>
  Object.fromEntries(columns.map((c) => [c, sql.raw(`excluded.${c}`)])) as Record<string, ReturnType<typeof sql.raw>>;

async function importStudents(run: Run, records: SourceRecord[], report: ImportReport) {
  const { l } = run;
  const { rows, errors } = await validate('alumnos', records, run.onProgress);
  errors.push(...duplicates(rows, (r) => r.pc_id, 'pc_id'));
  const values = rows.map(({ line, row }) => {
    const periodoId = row.periodo ? periodId(l, row.periodo, line, errors) : null;
    return {
      pcId: row.pc_id,
      ...personValues(l, row, line, errors),
      plan: row.plan,
      grupo: row.grupo,
      sesion: row.sesion,
      year: row.anio,
      periodoId,
      newIntake: row.nuevo_ingreso,
    };
  });
  if (errors.length) return { ...report, errors };
  const existing = await existingPcIds(run.db, students, values.map((v) => v.pcId));
  await writeInBatches(run, values, async (tx, batch) => {
    const saved = await tx
      .insert(students)
      .values(batch)
      .onConflictDoUpdate({
        target: students.pcId,
        set: updateFromExcluded(['name', 'last_name', 'maternal_sur_name', 'email', 'campus_id', 'active', 'plan', 'grupo', 'sesion', 'year', 'periodo_id', 'new_intake']),
      })
      .returning({ id: students.id, periodoId: students.periodoId, newIntake: students.newIntake });
    // New-intake students of a period form that period's target list.
    const targets = saved.filter((s) => s.newIntake && s.periodoId !== null).map((s) => ({ periodoId: s.periodoId!, studentId: s.id }));
    if (targets.length) await tx.insert(newIntakeTargets).values(targets).onConflictDoNothing();
  });
  return done(report, values.length, existing.size);
}

async function importTeachers(run: Run, records: SourceRecord[], report: ImportReport) {
  const { rows, errors } = await validate('docentes', records, run.onProgress);
  errors.push(...duplicates(rows, (r) => r.pc_id, 'pc_id'));
  const values = rows.map(({ line, row }) => ({ pcId: row.pc_id, ...personValues(run.l, row, line, errors) }));
  if (errors.length) return { ...report, errors };
  const existing = await existingPcIds(run.db, teachers, values.map((v) => v.pcId));
  await writeInBatches(run, values, async (tx, batch) => {
    await tx
      .insert(teachers)
      .values(batch)
      .onConflictDoUpdate({ target: teachers.pcId, set: updateFromExcluded(['name', 'last_name', 'maternal_sur_name', 'email', 'campus_id', 'active']) });
  });
  return done(report, values.length, existing.size);
}

async function importStaff(run: Run, records: SourceRecord[], report: ImportReport) {
  const { rows, errors } = await validate('administrativos', records, run.onProgress);
  errors.push(...duplicates(rows, (r) => r.id, 'id'));
  const kept = rows.filter(({ row }) => !isExcludedStaffType(row.tipo));
  const skipped = rows.length - kept.length;
  const values = kept.map(({ line, row }) => ({
    pcId: row.id,
    ...personValues(run.l, row, line, errors),
    tipo: row.tipo,
    puesto: row.puesto,
  }));
  if (errors.length) return { ...report, errors };
  const existing = await existingPcIds(run.db, staff, values.map((v) => v.pcId));
  await writeInBatches(run, values, async (tx, batch) => {
    await tx
      .insert(staff)
      .values(batch)
      .onConflictDoUpdate({
        target: staff.pcId,
        set: updateFromExcluded(['name', 'last_name', 'maternal_sur_name', 'email', 'campus_id', 'active', 'tipo', 'puesto']),
      });
  });
  return { ...done(report, values.length, existing.size), skipped };
}

async function importClasses(run: Run, records: SourceRecord[], report: ImportReport) {
  const { db, l } = run;
  const { rows, errors } = await validate('clases', records, run.onProgress);
  errors.push(...duplicates(rows, (r) => `${nameKey(r.campus)}|${r.periodo.toUpperCase()}|${r.clave}`, 'clave'));
  const teacherRows = await selectInBatches([...new Set(rows.map((r) => r.row.docente_pc_id))], (batch) =>
    db.select({ id: teachers.id, pcId: teachers.pcId }).from(teachers).where(inArray(teachers.pcId, batch)),
  );
  const teacherIds = new Map(teacherRows.map((t) => [t.pcId, t.id]));
  const values = rows.map(({ line, row }) => {
    const teacherId = teacherIds.get(row.docente_pc_id);
    if (teacherId === undefined) errors.push({ row: line, field: 'docente_pc_id', message: `No existe el docente ${row.docente_pc_id}` });
    return {
      code: row.clave,
      name: row.nombre,
      campusId: campusId(l, row.campus, line, errors),
      periodoId: periodId(l, row.periodo, line, errors),
      teacherId: teacherId ?? 0,
      plan: row.plan,
      grupo: row.grupo,
    };
  });
  if (errors.length) return { ...report, errors };
  let existingCount = 0;
  await writeInBatches(run, values, async (tx, batch) => {
    const saved = await tx
      .insert(classes)
      .values(batch)
      .onConflictDoUpdate({
        target: [classes.code, classes.periodoId, classes.campusId],
        set: updateFromExcluded(['name', 'teacher_id', 'plan', 'grupo']),
      })
      // xmax is 0 for a freshly inserted row and not 0 for an updated one.
      .returning({ updated: sql<boolean>`xmax <> 0` });
    existingCount += saved.filter((s) => s.updated).length;
  });
  return done(report, values.length, existingCount);
}

async function importEnrolments(run: Run, records: SourceRecord[], report: ImportReport) {
  const { db, l } = run;
  const { rows, errors } = await validate('inscripciones', records, run.onProgress);
  errors.push(...duplicates(rows, (r) => `${nameKey(r.campus)}|${r.periodo.toUpperCase()}|${r.clave}|${r.alumno_pc_id}`, 'alumno_pc_id'));
  const studentRows = await selectInBatches([...new Set(rows.map((r) => r.row.alumno_pc_id))], (batch) =>
    db.select({ id: students.id, pcId: students.pcId }).from(students).where(inArray(students.pcId, batch)),
  );
  const studentIds = new Map(studentRows.map((s) => [s.pcId, s.id]));
  const classRows = await selectInBatches([...new Set(rows.map((r) => r.row.clave))], (batch) =>
    db.select({ id: classes.id, code: classes.code, campusId: classes.campusId, periodoId: classes.periodoId }).from(classes).where(inArray(classes.code, batch)),
  );
  const classIds = new Map(classRows.map((c) => [`${c.campusId}|${c.periodoId}|${c.code}`, c.id]));
  const values: { classId: number; studentId: number }[] = [];
  for (const { line, row } of rows) {
    const campus = campusId(l, row.campus, line, errors);
    const periodo = periodId(l, row.periodo, line, errors);
    const classId = classIds.get(`${campus}|${periodo}|${row.clave}`);
    const studentId = studentIds.get(row.alumno_pc_id);
    if (campus && periodo && classId === undefined) errors.push({ row: line, field: 'clave', message: `No existe la clase ${row.clave} en ese campus y periodo` });
    if (studentId === undefined) errors.push({ row: line, field: 'alumno_pc_id', message: `No existe el alumno ${row.alumno_pc_id}` });
    if (classId !== undefined && studentId !== undefined) values.push({ classId, studentId });
  }
  if (errors.length) return { ...report, errors };
  let created = 0;
  await writeInBatches(run, values, async (tx, batch) => {
    const inserted = await tx.insert(enrolments).values(batch).onConflictDoNothing().returning({ classId: enrolments.classId });
    created += inserted.length;
  });
  return { ...report, imported: values.length, created, updated: values.length - created };
}

function done(report: ImportReport, imported: number, existing: number): ImportReport {
  return { ...report, imported, created: imported - existing, updated: existing };
}
