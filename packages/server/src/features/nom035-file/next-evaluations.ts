/**
 * The back-office start page's warning before numeral 7.9 is due: the
 * user's campuses whose next NOM-035 evaluation falls within
 * NEXT_EVALUATION_WARN_DAYS, or has passed. The due day is the file's
 * (obligations.ts); a campus of 15 workers or fewer, where numeral 2 does not
 * ask 7.9, and one never evaluated are not warned about.
 */
import { inArray } from 'drizzle-orm';
import { headcountBand } from '@encuestas/core/api/nom035-file';
import { addDays, mexicoCityDay } from '@encuestas/core/dates';
import type { NextEvaluations } from '@encuestas/core/api/nom035-results';
import type { ReadDatabase } from '../../db/client';
import { campuses } from '../../db/schema';
import { nom035Headcount } from '../surveys';
import type { AdminPrincipal } from '../users/service';
import { lastApplied, nextEvaluationDue } from './obligations';
import { applicationsAt } from './service';

export const NEXT_EVALUATION_WARN_DAYS = 90;

export async function nextEvaluations(db: ReadDatabase, principal: AdminPrincipal): Promise<NextEvaluations> {
  const today = mexicoCityDay();
  const answer: NextEvaluations = { today, warnDays: NEXT_EVALUATION_WARN_DAYS, campuses: [] };
  if (!principal.campusIds.length) return answer;
  const applications = await applicationsAt(db, principal.campusIds);
  const warnUntil = addDays(today, NEXT_EVALUATION_WARN_DAYS);
  const due = principal.campusIds.flatMap((campusId) => {
    const last = lastApplied(applications.filter((a) => a.campusId === campusId), today);
    const dueOn = last ? nextEvaluationDue(last) : null;
    return dueOn !== null && dueOn <= warnUntil ? [{ campusId, dueOn }] : [];
  });
  if (!due.length) return answer;
  const [names, bands] = await Promise.all([
    db.select({ id: campuses.id, nombre: campuses.nombre }).from(campuses).where(inArray(campuses.id, due.map((d) => d.campusId))),
    Promise.all(due.map(async (d) => headcountBand(await nom035Headcount(db, d.campusId)))),
  ]);
  answer.campuses = due
    .filter((_, index) => bands[index] !== 'upTo15')
    .map((d) => ({ campus: { id: d.campusId, nombre: names.find((n) => n.id === d.campusId)?.nombre ?? '' }, dueOn: d.dueOn, overdue: d.dueOn < today }))
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.campus.nombre.localeCompare(b.campus.nombre, 'es'));
  return answer;
}
