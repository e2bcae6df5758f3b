/** Finding respondents (students, teachers, staff) in the local directory. */
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Respondent } from '@encuestas/core/api/respondents';
import { PC_ID_PATTERN } from '@encuestas/core/api/respondents';
import { fullName, POWERCAMPUS_PERSON_TYPES } from '@encuestas/core/directory';
import type { RespondentType } from '@encuestas/core/survey-kinds';
import type { Database } from '../../db/client';
import { campuses, staff, students, teachers } from '../../db/schema';

function matches(table: typeof students | typeof teachers | typeof staff, identifier: string) {
  return PC_ID_PATTERN.test(identifier) ? eq(table.pcId, identifier) : sql`lower(${table.email}) = ${identifier}`;
}

/** The person an identifier (pc_id or e-mail) names; students first, then teachers, then staff. */
export async function findRespondent(db: Database, identifier: string): Promise<Respondent | null> {
  for (const type of ['student', 'teacher', 'staff'] as const) {
    const found = await loadRespondent(db, type, { identifier });
    if (found) return found;
  }
  return null;
}

export async function loadRespondent(
  db: Database,
  type: RespondentType,
  by: { id: number } | { identifier: string },
): Promise<Respondent | null> {
  const campus = { id: campuses.id, nombre: campuses.nombre };
  if (type === 'student') {
    const where = 'id' in by ? eq(students.id, by.id) : matches(students, by.identifier);
    const [row] = await db
      .select({ s: students, campus })
      .from(students)
      .innerJoin(campuses, eq(campuses.id, students.campusId))
      .where(and(where, eq(students.active, true)))
      .limit(1);
    return row ? { ...personFields(row.s, 'student', row.campus), plan: row.s.plan, grupo: row.s.grupo, sesion: row.s.sesion } : null;
  }
  if (type === 'teacher') {
    const where = 'id' in by ? eq(teachers.id, by.id) : matches(teachers, by.identifier);
    const [row] = await db
      .select({ t: teachers, campus })
      .from(teachers)
      .innerJoin(campuses, eq(campuses.id, teachers.campusId))
      .where(and(where, eq(teachers.active, true)))
      .limit(1);
    return row ? personFields(row.t, 'teacher', row.campus) : null;
  }
  const where = 'id' in by ? eq(staff.id, by.id) : matches(staff, by.identifier);
  const [row] = await db
    .select({ s: staff, campus })
    .from(staff)
    .innerJoin(campuses, eq(campuses.id, staff.campusId))
    .where(and(where, eq(staff.active, true), notInArray(staff.tipo, [...POWERCAMPUS_PERSON_TYPES])))
    .limit(1);
  return row ? { ...personFields(row.s, 'staff', row.campus), puesto: row.s.puesto } : null;
}

function personFields(
  p: { id: number; pcId: string; name: string; lastName: string; maternalSurName: string; email: string | null },
  type: RespondentType,
  campus: { id: number; nombre: string },
): Respondent {
  return {
    id: p.id,
    type,
    pc_id: p.pcId,
    name: p.name,
    last_name: p.lastName,
    maternal_sur_name: p.maternalSurName,
    full_name: fullName(p.name, p.lastName, p.maternalSurName),
    email: p.email,
    campus,
  };
}

