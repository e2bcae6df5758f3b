/**
 * A teacher's reflection on a class's released results, «Lo que haré con
 * estos resultados» (issue 21; docs/privacy.md, "A teacher's reflection"):
 * the teacher signed in as a respondent writes one per class of a released
 * term, and the students who evaluate that teacher in a later term read it
 * before they start (availability carries it). The teacher's own words, about
 * nobody else: no audit entry (docs/permissions.md).
 */
import { and, eq, sql } from 'drizzle-orm';
import { resultsNotReleasedMessage, TEACHER_TERM_NOT_FOUND_MESSAGE } from '@encuestas/core/api/teacher-results';
import {
  CLASS_NOT_EVALUATED_MESSAGE,
  CLASS_NOT_FOUND_MESSAGE,
  OWN_CLASSES_ONLY_MESSAGE,
  REFLECTION_MAX_LENGTH,
  type ReflectionAnswer,
  type SavedReflection,
  type TermReflectionsAnswer,
} from '@encuestas/core/api/teacher-reflections';
import type { EarlierReflection } from '@encuestas/core/api/surveys';
import { queryRows, type Database, type ReadDatabase } from '../../db/client';
import { classes, teacherReflections } from '../../db/schema';
import { AppError } from '../../http/errors';
import { teacherTerms } from '../teacher-results/service';

type Term = Awaited<ReturnType<typeof teacherTerms>>[number];

const saved = (row: { text: string; writtenAt: Date; updatedAt: Date }): SavedReflection => ({
  text: row.text,
  writtenAt: row.writtenAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Refused before the release day, with the day (the term's results say the same). */
function requireReleased(terms: Term[]): void {
  if (terms.some((term) => term.released)) return;
  const firstDay = terms.map((term) => term.results_release_day).sort()[0]!;
  throw new AppError('FORBIDDEN', resultsNotReleasedMessage(firstDay));
}

/** The teacher's classes of the term holding application `activeId`, each with its reflection: 404 when not theirs, 403 before release. */
export async function termReflections(db: ReadDatabase, teacherId: number, activeId: number, now = new Date()): Promise<TermReflectionsAnswer> {
  const term = (await teacherTerms(db, teacherId, now)).find((candidate) => candidate.activeIds.includes(activeId));
  if (!term) throw new AppError('NOT_FOUND', TEACHER_TERM_NOT_FOUND_MESSAGE);
  requireReleased([term]);
  const rows = await db
    .select({
      classId: classes.id,
      name: classes.name,
      plan: classes.plan,
      grupo: classes.grupo,
      text: teacherReflections.text,
      writtenAt: teacherReflections.writtenAt,
      updatedAt: teacherReflections.updatedAt,
    })
    .from(classes)
    .leftJoin(teacherReflections, eq(teacherReflections.classId, classes.id))
    .where(and(eq(classes.teacherId, teacherId), eq(classes.periodoId, term.periodo.id), eq(classes.campusId, term.campus.id)))
    .orderBy(classes.name, classes.plan, classes.grupo, classes.id);
  return {
    maxLength: REFLECTION_MAX_LENGTH,
    classes: rows.map(({ text, writtenAt, updatedAt, ...row }) => ({
      ...row,
      reflection: text !== null && writtenAt && updatedAt ? saved({ text, writtenAt, updatedAt }) : null,
    })),
  };
}

/**
 * Writes (or, with an empty text, deletes) the teacher's reflection on one of
 * their classes once its term is released: another teacher's class is 403, an
 * unknown one 404, a class no teacher evaluation covered 403.
 */
export async function saveReflection(db: Database, teacherId: number, classId: number, text: string, now = new Date()): Promise<ReflectionAnswer> {
  const [found] = await db
    .select({ teacherId: classes.teacherId, periodoId: classes.periodoId, campusId: classes.campusId })
    .from(classes)
    .where(eq(classes.id, classId));
  if (!found) throw new AppError('NOT_FOUND', CLASS_NOT_FOUND_MESSAGE);
  if (found.teacherId !== teacherId) throw new AppError('FORBIDDEN', OWN_CLASSES_ONLY_MESSAGE);
  const terms = (await teacherTerms(db, teacherId, now)).filter((term) => term.periodo.id === found.periodoId && term.campus.id === found.campusId);
  if (terms.length === 0) throw new AppError('FORBIDDEN', CLASS_NOT_EVALUATED_MESSAGE);
  requireReleased(terms);
  if (text === '') {
    await db.delete(teacherReflections).where(eq(teacherReflections.classId, classId));
    return { reflection: null };
  }
  const [row] = await db
    .insert(teacherReflections)
    .values({ classId, teacherId, text })
    .onConflictDoUpdate({ target: teacherReflections.classId, set: { text, teacherId, updatedAt: sql`now()` } })
    .returning();
  return { reflection: saved(row!) };
}

/**
 * For each class (of an open teacher evaluation), the reflection its teacher
 * wrote for an earlier term: on a class of the same subject (code) if any,
 * the words most likely about what this class's students will live; else
 * their latest on any class, still what the teacher said they would change.
 * Within each, the latest term, then the latest saved.
 */
export async function earlierReflections(db: ReadDatabase, classIds: readonly number[]): Promise<Map<number, EarlierReflection>> {
  if (classIds.length === 0) return new Map();
  const rows = await queryRows<{ class_id: number; text: string; periodo_id: number; periodo_nombre: string }>(
    db,
    sql`select distinct on (cur.id) cur.id as class_id, r.text, p.id as periodo_id, p.nombre as periodo_nombre
      from class cur
      join periodo cp on cp.id = cur.periodo_id
      join teacher_reflection r on r.teacher_id = cur.teacher_id
      join class rc on rc.id = r.class_id
      join periodo p on p.id = rc.periodo_id and p.fecha_inicio < cp.fecha_inicio
      where cur.id in (${sql.join(
        classIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by cur.id, (rc.code = cur.code) desc, p.fecha_inicio desc, r.updated_at desc`,
  );
  return new Map(rows.map((row) => [row.class_id, { text: row.text, periodo: { id: row.periodo_id, nombre: row.periodo_nombre } }]));
}
