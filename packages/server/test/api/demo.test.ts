import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeStatus, mexicoCityDay } from '@encuestas/core/dates';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { SUGGESTION_BOX_CYCLE_NAME, SURVEY_KINDS } from '@encuestas/core/survey-kinds';
import {
  DEMO_CAMPUSES,
  DEMO_PERIODS_VIEWER,
  DEMO_STAFF_PC_ID,
  DEMO_STUDENT_PC_ID,
  DEMO_TEACHER_PC_ID,
} from '../../src/db/seed/demo';
import {
  actives,
  activeCycles,
  adminUsers,
  campuses,
  cycles,
  enrolments,
  periods,
  staff,
  students,
  teachers,
  userCampusGrants,
} from '../../src/db/schema';
import { effectivePermissions } from '../../src/features/users/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';

let t: TestApp;
let puebla: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  puebla = t.demo!.campusIds.Puebla!;
});
afterAll(async () => {
  await t?.close();
});

describe(`demo data (${driverName})`, () => {
  it('has the seven campuses, Puebla among them', async () => {
    const rows = await t.db.select({ nombre: campuses.nombre }).from(campuses);
    expect(rows.map((r) => r.nombre).sort()).toEqual([...DEMO_CAMPUSES].sort());
    expect(rows.map((r) => r.nombre)).toContain('Puebla');
  });

  it('has the student 100000001 at Puebla enrolled in at least two classes', async () => {
    const [student] = await t.db.select().from(students).where(eq(students.pcId, DEMO_STUDENT_PC_ID));
    expect(student).toBeDefined();
    expect(student!.campusId).toBe(puebla);
    const classesTaken = await t.db.select().from(enrolments).where(eq(enrolments.studentId, student!.id));
    expect(classesTaken.length).toBeGreaterThanOrEqual(2);
  });

  it('has the teacher 200000001 and the staff member 300000001 at Puebla, each with an e-mail', async () => {
    const [teacher] = await t.db.select().from(teachers).where(eq(teachers.pcId, DEMO_TEACHER_PC_ID));
    const [worker] = await t.db.select().from(staff).where(eq(staff.pcId, DEMO_STAFF_PC_ID));
    expect(teacher?.campusId).toBe(puebla);
    expect(teacher?.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(worker?.campusId).toBe(puebla);
    expect(worker?.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
  });

  it('gives every campus an application open today with every cycle except BUZÓN', async () => {
    const today = mexicoCityDay();
    const allCycles = await t.db.select().from(cycles);
    expect(allCycles).toHaveLength(SURVEY_KINDS.length);
    const expected = allCycles.filter((c) => c.name !== SUGGESTION_BOX_CYCLE_NAME).map((c) => c.name).sort();
    expect(expected).toHaveLength(SURVEY_KINDS.length - 1);

    const campusRows = await t.db.select().from(campuses);
    for (const campus of campusRows) {
      const rows = await t.db.select().from(actives).where(eq(actives.campusId, campus.id));
      const open = rows.filter((a) => activeStatus(a.startActive, a.endActive) === 'inProgress');
      expect(open, campus.nombre).toHaveLength(1);
      expect(open[0]!.startActive <= today && today <= open[0]!.endActive).toBe(true);
      const attached = await t.db
        .select({ name: cycles.name })
        .from(activeCycles)
        .innerJoin(cycles, eq(cycles.id, activeCycles.cycleId))
        .where(eq(activeCycles.activeId, open[0]!.id));
      expect(attached.map((c) => c.name).sort(), campus.nombre).toEqual(expected);
    }
  });

  it('also has a finished application per campus in the previous period', async () => {
    const rows = await t.db.select().from(actives);
    const finished = rows.filter((a) => activeStatus(a.startActive, a.endActive) === 'finished');
    expect(new Set(finished.map((a) => a.campusId)).size).toBe(DEMO_CAMPUSES.length);
  });

  it('has the current period in PowerCampus format containing today', async () => {
    const [current] = await t.db.select().from(periods).where(eq(periods.id, t.demo!.currentPeriodId));
    const today = mexicoCityDay();
    expect(current!.nombre).toMatch(/^\d{4}[AB]$/);
    expect(current!.fechaInicio <= today && today <= current!.fechaFin).toBe(true);
  });

  it('has the Puebla viewer with only "Ver Periodos y Ciclos" and only the Puebla campus', async () => {
    const [viewer] = await t.db.select().from(adminUsers).where(eq(adminUsers.email, DEMO_PERIODS_VIEWER.email));
    expect(await effectivePermissions(t.db, viewer!.id)).toEqual([PERMISSIONS.viewActives]);
    const grants = await t.db.select().from(userCampusGrants).where(eq(userCampusGrants.userId, viewer!.id));
    expect(grants.map((g) => g.campusId)).toEqual([puebla]);
  });

  it('has unique PowerCampus ids per kind of person', async () => {
    const ids = await t.db
      .select({ pcId: students.pcId })
      .from(students)
      .where(inArray(students.campusId, Object.values(t.demo!.campusIds)));
    expect(new Set(ids.map((r) => r.pcId)).size).toBe(ids.length);
    expect(ids.length).toBe(5 * DEMO_CAMPUSES.length);
  });
});
