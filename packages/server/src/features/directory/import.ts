/**
 * Imports the respondent directory (students, teachers, staff, classes,
 * enrolments) from CSV or from the student-information system. Every row is
 * checked first; with any error nothing is written and the report lists each
 * bad row, so an import is never half done.
 */
import { parse } from 'csv-parse/sync';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DIRECTORY_ROW_SCHEMAS,
  normaliseHeader,
  type DirectoryEntity,
  type DirectoryRow,
  type ImportReport,
  type ImportRowError,
} from '@encuestas/core/api/directory';
import { isExcludedStaffType } from '@encuestas/core/directory';
import type { Database } from '../../db/client';
import { campuses, classes, enrolments, newIntakeTargets, periods, staff, students, teachers } from '../../db/schema';

const BATCH = 500;

/** A record to import with the line it came from (1-based; the header is line 1). */
export interface SourceRecord {
  line: number;
  values: Record<string, unknown>;
}

export function parseCsv(csv: string): { records: SourceRecord[]; errors: ImportRowError[] } {
  try {
    const rows = parse(csv, {
      bom: true,
      columns: (header: string[]) => header.map(normaliseHeader),
      skip_empty_lines: true,
      trim: true,
      info: true,
      delimiter: [',', ';'],
    }) as { record: Record<string, string>; info: { lines: number } }[];
    return { records: rows.map((r) => ({ line: r.info.lines, values: r.record })), errors: [] };
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { records: [], errors: [{ row: line, message: `El archivo no es un CSV válido: ${(error as Error).message}` }] };
  }
}

const nameKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

interface Lookups {
  campusByName: Map<string, number>;
  periodByName: Map<string, number>;
  /** Campuses the importing user may write to; undefined = all (the CLI and the SIS sync). */
  allowedCampusIds?: ReadonlySet<number>;
}

async function lookups(db: Database, allowedCampusIds?: ReadonlySet<number>): Promise<Lookups> {
  const [campusRows, periodRows] = await Promise.all([
    db.select({ id: campuses.id, nombre: campuses.nombre }).from(campuses),
    db.select({ id: periods.id, nombre: periods.nombre }).from(periods),
  ]);
  return {
    campusByName: new Map(campusRows.map((c) => [nameKey(c.nombre), c.id])),
    periodByName: new Map(periodRows.map((p) => [p.nombre.toUpperCase(), p.id])),
    allowedCampusIds,
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

/** Validates every record against the entity's schema; returns the good rows and every error. */
function validate<E extends DirectoryEntity>(entity: E, records: SourceRecord[]) {
  const schema = DIRECTORY_ROW_SCHEMAS[entity];
  const rows: { line: number; row: DirectoryRow<E> }[] = [];
  const errors: ImportRowError[] = [];
  for (const record of records) {
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

async function existingPcIds(db: Database, table: typeof students | typeof teachers | typeof staff, pcIds: string[]) {
  const found = new Set<string>();
  for (let i = 0; i < pcIds.length; i += BATCH) {
    const rows = await db.select({ pcId: table.pcId }).from(table).where(inArray(table.pcId, pcIds.slice(i, i + BATCH)));
    for (const row of rows) found.add(row.pcId);
  }
  return found;
}

export async function importDirectory(
  db: Database,
  entity: DirectoryEntity,
  records: SourceRecord[],
  options: { allowedCampusIds?: ReadonlySet<number> } = {},
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
  const l = await lookups(db, options.allowedCampusIds);
  switch (entity) {
    case 'alumnos':
      return importStudents(db, l, records, report);
    case 'docentes':
      return importTeachers(db, l, records, report);
    case 'administrativos':
      return importStaff(db, l, records, report);
    case 'clases':
      return importClasses(db, l, records, report);
    case 'inscripciones':
      return importEnrolments(db, l, records, report);
    default: {
      const unreachable: never = entity;
      return unreachable;
    }
  }
}

function personValues(row: { nombre: string; apellido_paterno: string; apellido_materno: string; correo?: string }, campus: number) {
  return {
    name: row.nombre,
    lastName: row.apellido_paterno,
    maternalSurName: row.apellido_materno,
    email: row.correo ?? null,
    campusId: campus,
    active: true,
  };
}

const updateFromExcluded = (columns: string[]) =>
  Object.fromEntries(columns.map((c) => [c, sql.raw(`excluded.${c}`)])) as Record<string, ReturnType<typeof sql.raw>>;

async function importStudents(db: Database, l: Lookups, records: SourceRecord[], report: ImportReport) {
  const { rows, errors } = validate('alumnos', records);
  errors.push(...duplicates(rows, (r) => r.pc_id, 'pc_id'));
  const values = rows.map(({ line, row }) => {
    const periodoId = row.periodo ? periodId(l, row.periodo, line, errors) : null;
    return {
      pcId: row.pc_id,
      ...personValues(row, campusId(l, row.campus, line, errors)),
      plan: row.plan,
      grupo: row.grupo,
      sesion: row.sesion,
      year: row.anio,
      periodoId,
      newIntake: row.nuevo_ingreso,
    };
  });
  if (errors.length) return { ...report, errors };
  const existing = await existingPcIds(db, students, values.map((v) => v.pcId));
  await db.transaction(async (tx) => {
    for (let i = 0; i < values.length; i += BATCH) {
      const saved = await tx
        .insert(students)
        .values(values.slice(i, i + BATCH))
        .onConflictDoUpdate({
          target: students.pcId,
          set: updateFromExcluded(['name', 'last_name', 'maternal_sur_name', 'email', 'campus_id', 'active', 'plan', 'grupo', 'sesion', 'year', 'periodo_id', 'new_intake']),
        })
        .returning({ id: students.id, periodoId: students.periodoId, newIntake: students.newIntake });
      // New-intake students of a period form that period's target list.
      const targets = saved.filter((s) => s.newIntake && s.periodoId !== null).map((s) => ({ periodoId: s.periodoId!, studentId: s.id }));
      if (targets.length) await tx.insert(newIntakeTargets).values(targets).onConflictDoNothing();
    }
  });
  return done(report, values.length, existing.size);
}

async function importTeachers(db: Database, l: Lookups, records: SourceRecord[], report: ImportReport) {
  const { rows, errors } = validate('docentes', records);
  errors.push(...duplicates(rows, (r) => r.pc_id, 'pc_id'));
  const values = rows.map(({ line, row }) => ({ pcId: row.pc_id, ...personValues(row, campusId(l, row.campus, line, errors)) }));
  if (errors.length) return { ...report, errors };
  const existing = await existingPcIds(db, teachers, values.map((v) => v.pcId));
  await db.transaction(async (tx) => {
    for (let i = 0; i < values.length; i += BATCH) {
      await tx
        .insert(teachers)
        .values(values.slice(i, i + BATCH))
        .onConflictDoUpdate({ target: teachers.pcId, set: updateFromExcluded(['name', 'last_name', 'maternal_sur_name', 'email', 'campus_id', 'active']) });
    }
  });
  return done(report, values.length, existing.size);
}

async function importStaff(db: Database, l: Lookups, records: SourceRecord[], report: ImportReport) {
  const { rows, errors } = validate('administrativos', records);
  errors.push(...duplicates(rows, (r) => r.id, 'id'));
  const kept = rows.filter(({ row }) => !isExcludedStaffType(row.tipo));
  const skipped = rows.length - kept.length;
  const values = kept.map(({ line, row }) => ({
    pcId: row.id,
    ...personValues(row, campusId(l, row.campus, line, errors)),
    tipo: row.tipo,
    puesto: row.puesto,
  }));
  if (errors.length) return { ...report, errors };
  const existing = await existingPcIds(db, staff, values.map((v) => v.pcId));
  await db.transaction(async (tx) => {
    for (let i = 0; i < values.length; i += BATCH) {
      await tx
        .insert(staff)
        .values(values.slice(i, i + BATCH))
        .onConflictDoUpdate({
          target: staff.pcId,
          set: updateFromExcluded(['name', 'last_name', 'maternal_sur_name', 'email', 'campus_id', 'active', 'tipo', 'puesto']),
        });
    }
  });
  return { ...done(report, values.length, existing.size), skipped };
}

async function teacherIdsByPcId(db: Database, pcIds: string[]): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  for (let i = 0; i < pcIds.length; i += BATCH) {
    const rows = await db.select({ id: teachers.id, pcId: teachers.pcId }).from(teachers).where(inArray(teachers.pcId, pcIds.slice(i, i + BATCH)));
    for (const row of rows) map.set(row.pcId, row.id);
  }
  return map;
}

async function importClasses(db: Database, l: Lookups, records: SourceRecord[], report: ImportReport) {
  const { rows, errors } = validate('clases', records);
  errors.push(...duplicates(rows, (r) => `${nameKey(r.campus)}|${r.periodo.toUpperCase()}|${r.clave}`, 'clave'));
  const teacherIds = await teacherIdsByPcId(db, [...new Set(rows.map((r) => r.row.docente_pc_id))]);
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
  await db.transaction(async (tx) => {
    for (let i = 0; i < values.length; i += BATCH) {
      const batch = values.slice(i, i + BATCH);
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
    }
  });
  return done(report, values.length, existingCount);
}

async function importEnrolments(db: Database, l: Lookups, records: SourceRecord[], report: ImportReport) {
  const { rows, errors } = validate('inscripciones', records);
  errors.push(...duplicates(rows, (r) => `${nameKey(r.campus)}|${r.periodo.toUpperCase()}|${r.clave}|${r.alumno_pc_id}`, 'alumno_pc_id'));
  const studentIds = new Map<string, number>();
  const pcIds = [...new Set(rows.map((r) => r.row.alumno_pc_id))];
  for (let i = 0; i < pcIds.length; i += BATCH) {
    for (const s of await db.select({ id: students.id, pcId: students.pcId }).from(students).where(inArray(students.pcId, pcIds.slice(i, i + BATCH))))
      studentIds.set(s.pcId, s.id);
  }
  const classCache = new Map<string, number | undefined>();
  const values: { classId: number; studentId: number }[] = [];
  for (const { line, row } of rows) {
    const campus = campusId(l, row.campus, line, errors);
    const periodo = periodId(l, row.periodo, line, errors);
    const key = `${campus}|${periodo}|${row.clave}`;
    if (!classCache.has(key)) {
      const [found] = await db
        .select({ id: classes.id })
        .from(classes)
        .where(and(eq(classes.code, row.clave), eq(classes.campusId, campus), eq(classes.periodoId, periodo)));
      classCache.set(key, found?.id);
    }
    const classId = classCache.get(key);
    const studentId = studentIds.get(row.alumno_pc_id);
    if (campus && periodo && classId === undefined) errors.push({ row: line, field: 'clave', message: `No existe la clase ${row.clave} en ese campus y periodo` });
    if (studentId === undefined) errors.push({ row: line, field: 'alumno_pc_id', message: `No existe el alumno ${row.alumno_pc_id}` });
    if (classId !== undefined && studentId !== undefined) values.push({ classId, studentId });
  }
  if (errors.length) return { ...report, errors };
  let created = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < values.length; i += BATCH) {
      const inserted = await tx.insert(enrolments).values(values.slice(i, i + BATCH)).onConflictDoNothing().returning({ classId: enrolments.classId });
      created += inserted.length;
    }
  });
  return { ...report, imported: values.length, created, updated: values.length - created };
}

function done(report: ImportReport, imported: number, existing: number): ImportReport {
  return { ...report, imported, created: imported - existing, updated: existing };
}
