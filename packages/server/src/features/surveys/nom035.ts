import { and, count, eq, notInArray } from 'drizzle-orm';
import { POWERCAMPUS_PERSON_TYPES } from '@encuestas/core/directory';
import { riskGuideFor, type CampusGuideSetting } from '@encuestas/core/survey-kinds/nom035/guides';
import type { Database, ReadDatabase } from '../../db/client';
import { actives, campuses, nom035Headcounts, staff, teachers } from '../../db/schema';

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

/**
 * 7.1: the campus's headcount when a NOM-035 application runs, counted once at
 * its first answer (the evidence file reads it instead of today's). Undated:
 * the day would be the first answer's. A primary key lookup on every later
 * answer; two first answers at once write one row.
 */
export async function recordNom035Headcount(db: Database, activeId: number): Promise<void> {
  const [taken] = await db.select({ activeId: nom035Headcounts.activeId }).from(nom035Headcounts).where(eq(nom035Headcounts.activeId, activeId));
  if (taken) return;
  const [active] = await db.select({ campusId: actives.campusId }).from(actives).where(eq(actives.id, activeId));
  if (!active) return;
  const workers = await nom035Headcount(db, active.campusId);
  await db.insert(nom035Headcounts).values({ activeId, workers }).onConflictDoNothing();
}
