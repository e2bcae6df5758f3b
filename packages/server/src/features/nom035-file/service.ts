/**
 * A campus's NOM-035 evidence file (issue 22, docs/nom035.md): loads what the
 * campus recorded (policy 5.1, notices 5.7, report 7.7, program 8.4) and what
 * the platform holds (applications and their scores, Guía I referrals, the
 * suggestion box counted), and states each obligation (obligations.ts). For
 * 'Gestionar NOM-035' with the campus granted; referral names only for
 * 'Ver Canalizaciones NOM-035' with the NOM-035 survey type granted. Never
 * one worker's answers: results come from the aggregates, under the
 * small-group rule like every report.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  NOM035_ACTION_NOT_FOUND,
  NOM035_APPLICATION_NOT_FOUND,
  NOM035_CAMPUS_NOT_FOUND,
  NOM035_GROUP_UNKNOWN,
  NOM035_NOTICE_NOT_FOUND,
  OPTIONAL_REPORT_FIELDS,
  REPORT_FIELDS,
  headcountBand,
  nom035PublishOpenMessage,
  nom035PublishWithheldMessage,
  reportBodySchema,
  type ActionFields,
  type ActionNoteFields,
  type Nom035Action,
  type Nom035CampusFile,
  type Nom035FileApplication,
  type NoticeFields,
  type PolicyFields,
  type ReportField,
  type ReportFields,
} from '@encuestas/core/api/nom035-file';
import { addDays, mexicoCityDay } from '@encuestas/core/dates';
import { fullName } from '@encuestas/core/directory';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { riskGroups } from '@encuestas/core/survey-kinds/nom035/results';
import type { Database, ReadDatabase } from '../../db/client';
import {
  activeCycles,
  actives,
  adminUsers,
  campuses,
  cycles,
  nom035ActionNotes,
  nom035Actions,
  nom035Headcounts,
  nom035Notices,
  nom035Policies,
  nom035Publications,
  nom035Referrals,
  nom035Reports,
  periods,
  staff,
  suggestionCategories,
  suggestionResolutions,
  suggestions,
} from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import { assertCampusGranted } from '../../http/grants';
import { audit } from '../audit/service';
import { NOM035, nom035Results } from '../reports';
import { nom035Headcount } from '../surveys';
import type { AdminPrincipal } from '../users/service';
import { obligations, type SuggestionCounts } from './obligations';

/** The suggestion box is counted over the last year (8.1 b). */
const SUGGESTION_WINDOW_DAYS = 365;
const MEDIO_OR_ABOVE = new Set(['medio', 'alto', 'muyAlto']);

export interface FileSettings {
  minGroupSize: number;
}

async function campusOf(db: Database, principal: AdminPrincipal, campusId: number) {
  assertCampusGranted(principal, campusId);
  const [campus] = await db.select({ id: campuses.id, nombre: campuses.nombre, guideSetting: campuses.nom035Guide, boxOpen: campuses.suggestionBoxOpen }).from(campuses).where(eq(campuses.id, campusId));
  if (!campus) throw new AppError('NOT_FOUND', NOM035_CAMPUS_NOT_FOUND);
  return campus;
}

/** The NOM-035 applications at these campuses, newest first. */
export function applicationsAt(db: ReadDatabase, campusIds: readonly number[]) {
  return db
    .select({ id: actives.id, campusId: actives.campusId, cycleId: cycles.id, periodo: periods.nombre, startActive: actives.startActive, endActive: actives.endActive })
    .from(actives)
    .innerJoin(periods, eq(periods.id, actives.periodoId))
    .innerJoin(activeCycles, eq(activeCycles.activeId, actives.id))
    .innerJoin(cycles, and(eq(cycles.id, activeCycles.cycleId), eq(cycles.surveyKind, NOM035)))
    .where(inArray(actives.campusId, [...campusIds]))
    .orderBy(desc(actives.startActive), desc(actives.id));
}

const applicationsOf = (db: ReadDatabase, campusId: number) => applicationsAt(db, [campusId]);

async function assertApplication(db: Database, campusId: number, activeId: number): Promise<void> {
  const found = (await applicationsOf(db, campusId)).some((a) => a.id === activeId);
  if (!found) throw new AppError('NOT_FOUND', NOM035_APPLICATION_NOT_FOUND);
}

/** The name of a group of a guide, or a 422 when the guide has no such category or domain. */
function groupName(guide: 'II' | 'III', scope: string, key: string): string {
  const group = riskGroups(guide).find((g) => g.scope === scope && g.key === (scope === 'final' ? '' : key));
  if (!group) throw fieldError('key', NOM035_GROUP_UNKNOWN);
  return group.name;
}

function missingReportFields(report: Record<ReportField, string> | null): string[] {
  return (Object.keys(REPORT_FIELDS) as ReportField[]).filter((field) => !OPTIONAL_REPORT_FIELDS.includes(field) && !report?.[field]).map((field) => REPORT_FIELDS[field]);
}

async function loadApplication(
  db: Database,
  application: Awaited<ReturnType<typeof applicationsOf>>[number],
  minGroupSize: number,
  today: string,
): Promise<Nom035FileApplication> {
  const [results, [report], [headcount], actionRows, [publication]] = await Promise.all([
    nom035Results(db, application.cycleId, application.id, minGroupSize),
    db.select().from(nom035Reports).where(eq(nom035Reports.activeId, application.id)),
    db.select({ workers: nom035Headcounts.workers, takenOn: nom035Headcounts.takenOn }).from(nom035Headcounts).where(eq(nom035Headcounts.activeId, application.id)),
    db.select().from(nom035Actions).where(eq(nom035Actions.activeId, application.id)).orderBy(asc(nom035Actions.dueOn), asc(nom035Actions.id)),
    openPublication(db, application.id),
  ]);
  const notes = actionRows.length
    ? await db
        .select()
        .from(nom035ActionNotes)
        .where(inArray(nom035ActionNotes.actionId, actionRows.map((a) => a.id)))
        .orderBy(asc(nom035ActionNotes.notedOn), asc(nom035ActionNotes.id))
    : [];
  const actions: Nom035Action[] = actionRows.map((a) => {
    const guide = a.guide as 'II' | 'III';
    return {
      id: a.id,
      guide,
      scope: a.scope as Nom035Action['scope'],
      key: a.scopeKey,
      groupName: groupName(guide, a.scope, a.scopeKey),
      area: a.area,
      measure: a.measure,
      level: a.level as Nom035Action['level'],
      dueOn: a.dueOn,
      responsible: a.responsible,
      state: a.state as Nom035Action['state'],
      followUp: a.followUp,
      overdue: a.state !== 'done' && a.dueOn < today,
      notes: notes.filter((n) => n.actionId === a.id).map((n) => ({ id: n.id, note: n.note, notedOn: n.notedOn })),
    };
  });
  const groups = results.guides.flatMap((g) =>
    g.groups.map((group) => {
      const needsAction = group.scope !== 'final' && MEDIO_OR_ABOVE.has(group.averageLevel);
      const covered = actions.some((a) => a.guide === g.guide && a.scope === group.scope && a.key === group.key);
      return { guide: g.guide, scope: group.scope, key: group.key, name: group.name, score: group.averageScore, level: group.averageLevel, needsAction, covered };
    }),
  );
  const reportFields = report ? reportBodySchema.parse(report) : null;
  return {
    id: application.id,
    periodo: application.periodo,
    startActive: application.startActive,
    endActive: application.endActive,
    headcount: headcount ?? null,
    guides: results.guides.map((g) => ({ guide: g.guide, respondents: g.respondents, withheld: g.withheld })),
    groups,
    report: report && reportFields ? { ...reportFields, updatedAt: report.updatedAt.toISOString() } : null,
    missingReportFields: missingReportFields(reportFields),
    actions,
    publication: publication
      ? { publishedOn: mexicoCityDay(publication.publishedAt), publishedBy: publication.name === null ? null : fullName(publication.name, publication.lastName, publication.maternalSurName) }
      : null,
  };
}

/** 7.8: the application's results as published to its campus's staff now (withdrawn ones are history), with who published them. */
export function openPublication(db: ReadDatabase, activeId: number) {
  return db
    .select({ publishedAt: nom035Publications.publishedAt, name: adminUsers.name, lastName: adminUsers.lastName, maternalSurName: adminUsers.maternalSurName })
    .from(nom035Publications)
    .leftJoin(adminUsers, eq(adminUsers.id, nom035Publications.publishedBy))
    .where(and(eq(nom035Publications.activeId, activeId), isNull(nom035Publications.withdrawnAt)));
}

/** Referral names need 'Ver Canalizaciones NOM-035' and the NOM-035 survey type, as GET /nom035/referrals does. */
async function mayReadReferralNames(db: Database, principal: AdminPrincipal): Promise<boolean> {
  if (!hasPermission(principal.permissions, PERMISSIONS.viewNom035Referrals)) return false;
  const [cycle] = await db.select({ id: cycles.id }).from(cycles).where(eq(cycles.surveyKind, NOM035));
  return cycle !== undefined && principal.cycleIds.includes(cycle.id);
}

async function referralsOf(db: Database, principal: AdminPrincipal, campusId: number, withNames: boolean): Promise<Nom035CampusFile['referrals']> {
  const rows = await db
    .select({ attendedAt: nom035Referrals.attendedAt, name: staff.name, lastName: staff.lastName, maternalSurName: staff.maternalSurName, periodo: periods.nombre })
    .from(nom035Referrals)
    .innerJoin(staff, eq(staff.id, nom035Referrals.staffId))
    .innerJoin(actives, eq(actives.id, nom035Referrals.activeId))
    .innerJoin(periods, eq(periods.id, actives.periodoId))
    .where(eq(staff.campusId, campusId))
    .orderBy(desc(actives.endActive), asc(staff.lastName), asc(staff.name));
  const names = withNames && (await mayReadReferralNames(db, principal))
    ? rows.map((r) => ({ fullName: fullName(r.name, r.lastName, r.maternalSurName), periodo: r.periodo, attended: r.attendedAt !== null }))
    : null;
  return { total: rows.length, attended: rows.filter((r) => r.attendedAt !== null).length, names };
}

/** The suggestion box over the last year: counted by category and resolution, never a comment's words. */
async function suggestionCounts(db: Database, campusId: number, open: boolean, today: string): Promise<SuggestionCounts> {
  const since = addDays(today, -SUGGESTION_WINDOW_DAYS);
  const where = and(eq(suggestions.campusId, campusId), gte(suggestions.createdOn, since));
  const [[totals], byCategory, byResolution] = await Promise.all([
    db.select({ total: count(), closed: sql<number>`count(*) filter (where ${suggestions.isClosed})`.mapWith(Number) }).from(suggestions).where(where),
    db
      .select({ name: suggestionCategories.name, n: count() })
      .from(suggestions)
      .innerJoin(suggestionCategories, eq(suggestionCategories.id, suggestions.suggestionCategoryId))
      .where(where)
      .groupBy(suggestionCategories.name)
      .orderBy(asc(suggestionCategories.name)),
    db
      .select({ name: suggestionResolutions.name, n: count() })
      .from(suggestions)
      .innerJoin(suggestionResolutions, eq(suggestionResolutions.id, suggestions.suggestionResolutionId))
      .where(where)
      .groupBy(suggestionResolutions.name)
      .orderBy(asc(suggestionResolutions.name)),
  ]);
  return { open, since, total: totals?.total ?? 0, closed: totals?.closed ?? 0, byCategory, byResolution };
}

/** The file; `referralNames: false` counts referrals even for a user who may read their names (the inspector's PDF). */
export async function campusFile(
  db: Database,
  principal: AdminPrincipal,
  settings: FileSettings,
  campusId: number,
  { referralNames = true }: { referralNames?: boolean } = {},
): Promise<Nom035CampusFile> {
  const campus = await campusOf(db, principal, campusId);
  const today = mexicoCityDay();
  const [headcount, [policy], noticeRows, applicationRows, referrals, counts] = await Promise.all([
    nom035Headcount(db, campusId),
    db.select().from(nom035Policies).where(eq(nom035Policies.campusId, campusId)),
    db.select().from(nom035Notices).where(eq(nom035Notices.campusId, campusId)).orderBy(desc(nom035Notices.givenOn), desc(nom035Notices.id)),
    applicationsOf(db, campusId),
    referralsOf(db, principal, campusId, referralNames),
    suggestionCounts(db, campusId, campus.boxOpen, today),
  ]);
  const applications = await Promise.all(applicationRows.map((row) => loadApplication(db, row, settings.minGroupSize, today)));
  const band = headcountBand(headcount);
  const policyDto = policy
    ? { text: policy.text, documentRef: policy.documentRef, adoptedOn: policy.adoptedOn, madeKnownOn: policy.madeKnownOn, updatedAt: policy.updatedAt.toISOString() }
    : null;
  const notices = noticeRows.map((n) => ({ id: n.id, item: n.item as NoticeFields['item'], how: n.how, givenOn: n.givenOn }));
  return {
    campus: { id: campus.id, nombre: campus.nombre },
    today,
    headcount,
    band,
    obligations: obligations({
      today,
      headcount,
      band,
      guideSetting: campus.guideSetting,
      policy: policyDto,
      notices,
      applications,
      referrals,
      suggestions: counts,
      minGroupSize: settings.minGroupSize,
    }),
    policy: policyDto,
    notices,
    applications,
    referrals,
  };
}

// ---------------------------------------------------------------- changes (each audited, with the values before)

export async function savePolicy(db: Database, principal: AdminPrincipal, campusId: number, body: PolicyFields): Promise<void> {
  await campusOf(db, principal, campusId);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(nom035Policies).where(eq(nom035Policies.campusId, campusId));
    const values = { ...body, updatedBy: principal.user.id, updatedAt: new Date() };
    await tx.insert(nom035Policies).values({ campusId, ...values }).onConflictDoUpdate({ target: nom035Policies.campusId, set: values });
    await audit(tx, {
      actorUserId: principal.user.id,
      action: before ? 'update' : 'create',
      entity: 'nom035_policy',
      entityId: campusId,
      details: { campusId, ...body, ...(before ? { before: { text: before.text, documentRef: before.documentRef, adoptedOn: before.adoptedOn, madeKnownOn: before.madeKnownOn } } : {}) },
    });
  });
}

export async function saveNotice(db: Database, principal: AdminPrincipal, campusId: number, noticeId: number | null, body: NoticeFields): Promise<void> {
  await campusOf(db, principal, campusId);
  await db.transaction(async (tx) => {
    if (noticeId === null) {
      const [created] = await tx.insert(nom035Notices).values({ campusId, ...body, createdBy: principal.user.id }).returning({ id: nom035Notices.id });
      await audit(tx, { actorUserId: principal.user.id, action: 'create', entity: 'nom035_notice', entityId: created!.id, details: { campusId, ...body } });
      return;
    }
    const [before] = await tx.select().from(nom035Notices).where(and(eq(nom035Notices.id, noticeId), eq(nom035Notices.campusId, campusId)));
    if (!before) throw new AppError('NOT_FOUND', NOM035_NOTICE_NOT_FOUND);
    await tx.update(nom035Notices).set(body).where(eq(nom035Notices.id, noticeId));
    await audit(tx, {
      actorUserId: principal.user.id,
      action: 'update',
      entity: 'nom035_notice',
      entityId: noticeId,
      details: { campusId, ...body, before: { item: before.item, how: before.how, givenOn: before.givenOn } },
    });
  });
}

export async function saveReport(db: Database, principal: AdminPrincipal, campusId: number, activeId: number, body: ReportFields): Promise<void> {
  await campusOf(db, principal, campusId);
  await assertApplication(db, campusId, activeId);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(nom035Reports).where(eq(nom035Reports.activeId, activeId));
    const values = { ...body, updatedBy: principal.user.id, updatedAt: new Date() };
    await tx.insert(nom035Reports).values({ activeId, ...values }).onConflictDoUpdate({ target: nom035Reports.activeId, set: values });
    await audit(tx, {
      actorUserId: principal.user.id,
      action: before ? 'update' : 'create',
      entity: 'nom035_report',
      entityId: activeId,
      details: { campusId, ...body, ...(before ? { before: reportBodySchema.parse(before) } : {}) },
    });
  });
}

export async function saveAction(
  db: Database,
  principal: AdminPrincipal,
  campusId: number,
  target: { activeId: number } | { actionId: number },
  body: ActionFields,
): Promise<void> {
  await campusOf(db, principal, campusId);
  groupName(body.guide, body.scope, body.key);
  const { key, ...rest } = body;
  const values = { ...rest, scopeKey: body.scope === 'final' ? '' : key };
  if ('activeId' in target) {
    await assertApplication(db, campusId, target.activeId);
    await db.transaction(async (tx) => {
      const [created] = await tx.insert(nom035Actions).values({ activeId: target.activeId, ...values, createdBy: principal.user.id }).returning({ id: nom035Actions.id });
      await audit(tx, { actorUserId: principal.user.id, action: 'create', entity: 'nom035_action', entityId: created!.id, details: { campusId, ...body } });
    });
    return;
  }
  const before = await actionAt(db, campusId, target.actionId);
  await db.transaction(async (tx) => {
    await tx
      .update(nom035Actions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(nom035Actions.id, target.actionId));
    const { guide, scope, scopeKey, area, measure, level, dueOn, responsible, state, followUp } = before;
    await audit(tx, {
      actorUserId: principal.user.id,
      action: 'update',
      entity: 'nom035_action',
      entityId: target.actionId,
      details: { campusId, ...body, before: { guide, scope, key: scopeKey, area, measure, level, dueOn, responsible, state, followUp } },
    });
  });
}

/** An action of one of the campus's applications (404 otherwise, whichever campus holds it). */
async function actionAt(db: Database, campusId: number, actionId: number) {
  const [row] = await db
    .select({ action: nom035Actions })
    .from(nom035Actions)
    .innerJoin(actives, eq(actives.id, nom035Actions.activeId))
    .where(and(eq(nom035Actions.id, actionId), eq(actives.campusId, campusId)));
  if (!row) throw new AppError('NOT_FOUND', NOM035_ACTION_NOT_FOUND);
  return row.action;
}

export async function addActionNote(db: Database, principal: AdminPrincipal, campusId: number, actionId: number, body: ActionNoteFields): Promise<void> {
  await campusOf(db, principal, campusId);
  await actionAt(db, campusId, actionId);
  await db.transaction(async (tx) => {
    await tx.insert(nom035ActionNotes).values({ actionId, ...body, createdBy: principal.user.id });
    await audit(tx, { actorUserId: principal.user.id, action: 'create', entity: 'nom035_action_note', entityId: actionId, details: { campusId, ...body } });
  });
}

/**
 * 7.8: publishes an application's aggregate results to the campus's staff (staff-results.ts shows them), or
 * withdraws them. Only once the application has closed (its figures are final) and only when the small-group rule
 * leaves a guide to show (409 otherwise). Publishing what is published, or withdrawing what is not, changes nothing.
 */
export async function setPublication(db: Database, principal: AdminPrincipal, settings: FileSettings, campusId: number, activeId: number, publish: boolean): Promise<void> {
  await campusOf(db, principal, campusId);
  const application = (await applicationsOf(db, campusId)).find((a) => a.id === activeId);
  if (!application) throw new AppError('NOT_FOUND', NOM035_APPLICATION_NOT_FOUND);
  const [open] = await openPublication(db, activeId);
  const details = { campusId, periodo: application.periodo };
  if (!publish) {
    if (!open) return;
    await db.transaction(async (tx) => {
      const withdrawn = await tx
        .update(nom035Publications)
        .set({ withdrawnAt: new Date(), withdrawnBy: principal.user.id })
        .where(and(eq(nom035Publications.activeId, activeId), isNull(nom035Publications.withdrawnAt)))
        .returning({ id: nom035Publications.id });
      if (withdrawn.length) await audit(tx, { actorUserId: principal.user.id, action: 'withdraw', entity: 'nom035_publication', entityId: activeId, details });
    });
    return;
  }
  if (open) return;
  if (application.endActive >= mexicoCityDay()) throw new AppError('CONFLICT', nom035PublishOpenMessage(application.endActive));
  const results = await nom035Results(db, application.cycleId, activeId, settings.minGroupSize);
  if (!results.guides.some((g) => !g.withheld)) throw new AppError('CONFLICT', nom035PublishWithheldMessage(settings.minGroupSize));
  await db.transaction(async (tx) => {
    // A second click racing the first meets the one-open-row index and publishes nothing more.
    const created = await tx.insert(nom035Publications).values({ activeId, publishedBy: principal.user.id }).onConflictDoNothing().returning({ id: nom035Publications.id });
    if (created.length) await audit(tx, { actorUserId: principal.user.id, action: 'publish', entity: 'nom035_publication', entityId: activeId, details });
  });
}
