/**
 * NOM-035 numeral 7.8 for the workers (core/api/nom035-results.ts): the
 * summaries a campus published, read by its staff and teachers (the workers
 * NOM-035 counts) in their respondent area. Students are refused (403);
 * another campus's summary, or one not published (never, or withdrawn), is
 * not found (404). The figures are the report's (nom035Results, the same
 * small-group rule): the campus as a whole, each guide only with at least
 * MIN_GROUP_SIZE workers, and of each score only the level of its mean;
 * never its distribution, nor a breakdown by area.
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { ACTION_STATES, type ActionState } from '@encuestas/core/api/nom035-file';
import { NOM035_RESULTS_NOT_PUBLISHED, NOM035_RESULTS_STAFF_ONLY, type StaffPublications, type StaffResults } from '@encuestas/core/api/nom035-results';
import { mexicoCityDay } from '@encuestas/core/dates';
import { riskGroups } from '@encuestas/core/survey-kinds/nom035/results';
import { RISK_LEVELS } from '@encuestas/core/survey-kinds/nom035/risk-levels';
import type { Database, ReadDatabase } from '../../db/client';
import { actives, campuses, nom035Actions, nom035Publications, periods } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { TokenSubject } from '../../http/tokens';
import { nom035Results } from '../reports';
import { loadRespondent } from '../respondents';
import { applicationsAt } from './service';

/** The campus of the signed-in worker (staff or teacher); 403 for a student. */
async function workerCampus(db: Database, subject: TokenSubject): Promise<number> {
  if (subject.type === 'admin') throw new AppError('UNAUTHENTICATED');
  if (subject.type === 'student') throw new AppError('FORBIDDEN', NOM035_RESULTS_STAFF_ONLY);
  const worker = await loadRespondent(db, subject.type, { id: subject.id });
  if (!worker) throw new AppError('UNAUTHENTICATED');
  return worker.campus.id;
}

/** The campus's applications published now, newest first. */
function publishedAt(db: ReadDatabase, campusId: number) {
  return db
    .select({ activeId: actives.id, periodo: periods.nombre, publishedAt: nom035Publications.publishedAt })
    .from(nom035Publications)
    .innerJoin(actives, eq(actives.id, nom035Publications.activeId))
    .innerJoin(periods, eq(periods.id, actives.periodoId))
    .where(and(eq(actives.campusId, campusId), isNull(nom035Publications.withdrawnAt)))
    .orderBy(desc(actives.startActive), desc(actives.id));
}

export async function staffPublications(db: Database, subject: TokenSubject): Promise<StaffPublications> {
  const campusId = await workerCampus(db, subject);
  const rows = await publishedAt(db, campusId);
  return { publications: rows.map((row) => ({ activeId: row.activeId, periodo: row.periodo, publishedOn: mexicoCityDay(row.publishedAt) })) };
}

const levelOf = (key: string) => {
  const level = RISK_LEVELS.find((l) => l.key === key) ?? RISK_LEVELS[0];
  return { key: level.key, label: level.label, color: level.color };
};

export async function staffResults(db: Database, reportsDb: ReadDatabase, minGroupSize: number, subject: TokenSubject, activeId: number): Promise<StaffResults> {
  const campusId = await workerCampus(db, subject);
  const published = (await publishedAt(db, campusId)).find((row) => row.activeId === activeId);
  const application = published && (await applicationsAt(db, [campusId])).find((a) => a.id === activeId);
  if (!published || !application) throw new AppError('NOT_FOUND', NOM035_RESULTS_NOT_PUBLISHED);
  const [[campus], results, actions] = await Promise.all([
    db.select({ nombre: campuses.nombre }).from(campuses).where(eq(campuses.id, campusId)),
    nom035Results(reportsDb, application.cycleId, activeId, minGroupSize),
    db
      .select({ guide: nom035Actions.guide, scope: nom035Actions.scope, key: nom035Actions.scopeKey, area: nom035Actions.area, measure: nom035Actions.measure, dueOn: nom035Actions.dueOn, state: nom035Actions.state })
      .from(nom035Actions)
      .where(eq(nom035Actions.activeId, activeId))
      .orderBy(asc(nom035Actions.dueOn), asc(nom035Actions.id)),
  ]);
  const groupName = (guide: string, scope: string, key: string) =>
    riskGroups(guide as 'II' | 'III').find((g) => g.scope === scope && g.key === key)?.name ?? 'Calificación final';
  return {
    campus: campus?.nombre ?? '',
    periodo: application.periodo,
    startActive: application.startActive,
    endActive: application.endActive,
    publishedOn: mexicoCityDay(published.publishedAt),
    minGroupSize,
    guides: results.guides
      .filter((guide) => !guide.withheld)
      .map((guide) => {
        const named = (scope: 'category' | 'domain') => guide.groups.filter((g) => g.scope === scope).map((g) => ({ name: g.name, level: levelOf(g.averageLevel) }));
        const final = guide.groups.find((g) => g.scope === 'final');
        return { title: guide.title, workers: guide.respondents, final: levelOf(final?.averageLevel ?? 'nulo'), categories: named('category'), domains: named('domain') };
      }),
    actions: actions.map((a) => ({ measure: a.measure, area: a.area, answers: groupName(a.guide, a.scope, a.key), dueOn: a.dueOn, state: ACTION_STATES[a.state as ActionState] })),
  };
}
