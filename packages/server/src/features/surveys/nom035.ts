import { and, count, eq, notInArray } from 'drizzle-orm';
import { POWERCAMPUS_PERSON_TYPES } from '@encuestas/core/directory';
import { riskGuideFor, type CampusGuideSetting } from '@encuestas/core/survey-kinds/nom035/guides';
import type { Database, ReadDatabase } from '../../db/client';
import { campuses, staff, teachers } from '../../db/schema';

/** Guía II, or Guía III for a campus of more than 50 workers (or as the campus setting forces). */
export async function nom035GuideForCampus(db: Database, campusId: number): Promise<'II' | 'III'> {
  const [campus] = await db.select({ setting: campuses.nom035Guide }).from(campuses).where(eq(campuses.id, campusId));
  const setting = (campus?.setting ?? 'auto') as CampusGuideSetting;
  if (setting !== 'auto') return setting;
  return riskGuideFor('auto', await nom035Headcount(db, campusId));
}

/** The campus's workers now: numeral 7.1 counts every worker of the workplace, staff and teachers (active, in the directory). */
export async function nom035Headcount(db: ReadDatabase, campusId: number): Promise<number> {
  const [[staffCount], [teacherCount]] = await Promise.all([
    db
      .select({ n: count() })
      .from(staff)
      .where(and(eq(staff.campusId, campusId), eq(staff.active, true), notInArray(staff.tipo, [...POWERCAMPUS_PERSON_TYPES]))),
    db.select({ n: count() }).from(teachers).where(and(eq(teachers.campusId, campusId), eq(teachers.active, true))),
  ]);
  return (staffCount?.n ?? 0) + (teacherCount?.n ?? 0);
}
