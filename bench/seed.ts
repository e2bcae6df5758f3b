/** Synthetic data for the submission benchmark: one campus, an open application, many students in many classes. */
import { sql } from 'drizzle-orm';
import { addDays, mexicoCityDay } from '../packages/core/src/dates';
import type { Database } from '../packages/server/src/db/client';
import { queryRows } from '../packages/server/src/db/client';
import { activeCycles, actives, campuses, classes, cycles, enrolments, periods, teachers } from '../packages/server/src/db/schema';
import { periodForDay } from '../packages/server/src/db/seed/demo';
import { seedReferenceData } from '../packages/server/src/db/seed/reference';
import { eq } from 'drizzle-orm';

export interface BenchSeed {
  activeId: number;
  cycleId: number;
  campusId: number;
  periodoId: number;
  studentIds: number[];
  /** (student, class) pairs in an order that spreads consecutive requests over students. */
  pairs: { studentIndex: number; classId: number }[];
  /** The students' groups (plan LADE): G0 … G{groups − 1}, about STUDENTS_PER_GROUP each. */
  groups: number;
}

/** A university group's size: a group's reminder job and a missing list's slice see what they would in one. */
const STUDENTS_PER_GROUP = 45;

export async function seedSubmissionBench(
  db: Database,
  options: { students: number; classesPerStudent: number; classes?: number; teachers?: number },
): Promise<BenchSeed> {
  const classCount = options.classes ?? 200;
  const teacherCount = options.teachers ?? 50;
  await seedReferenceData(db);
  const today = mexicoCityDay();
  const [campus] = await db.insert(campuses).values({ nombre: 'Campus de prueba de carga' }).returning();
  const [periodo] = await db.insert(periods).values(periodForDay(today)).returning();
  const [cycle] = await db.select().from(cycles).where(eq(cycles.surveyKind, 'alumnos/evaluacionDocente'));
  const [active] = await db
    .insert(actives)
    .values({ campusId: campus!.id, periodoId: periodo!.id, startActive: addDays(today, -1), endActive: addDays(today, 30) })
    .returning();
  await db.insert(activeCycles).values({ activeId: active!.id, cycleId: cycle!.id });

  const teacherRows = await db
    .insert(teachers)
    .values(
      Array.from({ length: teacherCount }, (_, i) => ({
        pcId: String(800000000 + i),
        name: `Docente ${i}`,
        email: `docente${i}@carga.mx`,
        campusId: campus!.id,
      })),
    )
    .returning({ id: teachers.id });
  const classRows = await db
    .insert(classes)
    .values(
      Array.from({ length: classCount }, (_, i) => ({
        code: `C-${i}`,
        name: `Materia ${i}`,
        campusId: campus!.id,
        periodoId: periodo!.id,
        teacherId: teacherRows[i % teacherRows.length]!.id,
        plan: 'LADE',
        grupo: `G${i % 40}`,
      })),
    )
    .returning({ id: classes.id });

  const groups = Math.ceil(options.students / STUDENTS_PER_GROUP);
  const studentRows = await queryRows<{ id: number }>(
    db,
    sql`insert into student (pc_id, name, email, campus_id, plan, grupo, sesion, year)
        select (500000000 + g)::text, 'Alumno ' || g, 'alumno' || g || '@carga.mx', ${campus!.id}, 'LADE', 'G' || (g % ${groups}), 'Matutino', 2026
        from generate_series(1, ${options.students}) as g
        returning id`,
  );
  const studentIds = studentRows.map((r) => r.id);
  const links: { classId: number; studentId: number }[] = [];
  studentIds.forEach((studentId, index) => {
    for (let k = 0; k < options.classesPerStudent; k++) {
      links.push({ classId: classRows[(index * options.classesPerStudent + k) % classRows.length]!.id, studentId });
    }
  });
  for (let i = 0; i < links.length; i += 5000) await db.insert(enrolments).values(links.slice(i, i + 5000)).onConflictDoNothing();

  // Statistics as a running database has them (autovacuum gathers them a minute or more after a bulk
  // load): without them the first minutes of a run plan the missing list's reads as if the tables were empty.
  await db.execute(sql`analyze`);
  const pairs: BenchSeed['pairs'] = [];
  for (let k = 0; k < options.classesPerStudent; k++)
    studentIds.forEach((_, index) => pairs.push({ studentIndex: index, classId: classRows[(index * options.classesPerStudent + k) % classRows.length]!.id }));
  return { activeId: active!.id, cycleId: cycle!.id, campusId: campus!.id, periodoId: periodo!.id, studentIds, pairs, groups };
}
