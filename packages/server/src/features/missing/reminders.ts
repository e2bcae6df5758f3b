/**
 * Reminder e-mails to the people still missing from a list (docs/reports.md
 * and docs/privacy.md, "Missing respondents and reminders"). A sending is a
 * job: created with its audit entry in one transaction, then run in the
 * background by this process, reading the missing list a page at a time so
 * whoever answers meanwhile is left out. A job whose process died (no
 * heartbeat for REMINDER_STALE_MS) is taken over by another process, or by
 * this one after a restart, from the last batch it saved. Each person gets at most one
 * reminder per application and Mexico City day: the claim is a row of
 * `reminder_send` whose primary key is a keyed hash of (cycle, period,
 * person, day), inserted before the mail goes. A reminder over every type a
 * person owes (all-types.ts) claims the key of ('all', period, person, day)
 * and, once taken, each owed type's own key too, so neither a second click
 * nor that type's own reminder later the same day mails them again.
 */
import { emailDomainAllowed } from '../directory';
import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  NO_REMINDER_RECIPIENTS,
  owedReminderValues,
  pendingSentence,
  REMINDER_JOB_NOT_FOUND,
  reminderDeadline,
  renderReminder,
  respondentLoginUrl,
  type MissingAudience,
  type ReminderJob,
  type ReminderRecipients,
  type ReminderValues,
} from '@encuestas/core/api/missing';
import { addDays, mexicoCityDay, mexicoCityDayStart } from '@encuestas/core/dates';
import { surveyKindInfo, type RespondentType, type SurveyKindId } from '@encuestas/core/survey-kinds';
import { fullName } from '@encuestas/core/directory';
import { queryRows, type Database } from '../../db/client';
import { reminderJobs, reminderSends, staff, students, teachers } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import {
  claimIfOwing,
  doneCondition,
  missingCounts,
  missingRespondentIds,
  owedOfTypes,
  owingIds,
  subjectsOf,
  typesCounts,
  type MissingRespondentsParams,
} from './queries';
import { typeGroups, type ResolvedAllTypes, type ResolvedType } from './all-types';
import { issueSignInLink } from '../respondents';
import { audit } from '../audit/service';
import type { AdminPrincipal } from '../users/service';
import { applicationEndDays, type ResolvedMissing } from './service';

/** People read and mailed per step; progress is saved after each step. */
const BATCH = 25;
/** A running job whose heartbeat is older than this was cut short (a restart): shown as interrupted, then resumed. */
export const REMINDER_STALE_MS = 5 * 60_000;
/** How often each process looks for a job cut short. */
const RESUME_CHECK_MS = 60_000;
/**
 * A reminder's personal sign-in link lasts until the end of the person's
 * deadline day (Mexico City), at most this many days: a link mailed for
 * later use cannot live 10 minutes as a requested code's does.
 */
export const REMINDER_LINK_MAX_DAYS = 7;

export interface ReminderDeps {
  db: Database;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  institutionName: string;
  log: FastifyBaseLogger;
  /** RESPONDENT_EMAIL_DOMAINS: a reminder never goes to an address outside them, even one stored before the setting. */
  emailDomains?: readonly string[] | undefined;
  /** OIDC_ONLY names respondents: no personal sign-in link, the login page instead. */
  codeLoginOff?: boolean | undefined;
}

interface ReminderKey {
  /** 'all': the reminder over every type a person owes in the period (all-types.ts). */
  cycleId: number | 'all';
  periodoId: number;
  respondentType: RespondentType;
  respondentId: number;
  day: string;
}

/** The once-a-day key: a keyed hash, so the table names nobody without the server's secret. */
export function reminderKeyHash(secret: string, key: ReminderKey): string {
  return createHmac('sha256', secret)
    .update(`reminder:${key.cycleId}:${key.periodoId}:${key.respondentType}:${key.respondentId}:${key.day}`)
    .digest('base64url');
}

const PEOPLE = { student: students, teacher: teachers, staff } as const;

/** Which of these people were already reminded today, by their claim's key (`hash`). */
async function remindedToday(deps: ReminderDeps, ids: readonly number[], hash: (id: number) => string): Promise<Set<number>> {
  const reminded = new Set<number>();
  for (let start = 0; start < ids.length; start += 1000) {
    const chunk = ids.slice(start, start + 1000);
    const byHash = new Map(chunk.map((id) => [hash(id), id]));
    const rows = await deps.db
      .select({ keyHash: reminderSends.keyHash })
      .from(reminderSends)
      .where(inArray(reminderSends.keyHash, [...byHash.keys()]));
    for (const row of rows) reminded.add(byHash.get(row.keyHash)!);
  }
  return reminded;
}

/** What a job reads and keys its claims by: kept in its row (JSON), so any process can run it. */
interface ReminderTarget {
  params: MissingRespondentsParams;
  respondentType: RespondentType;
  periodoId: number;
  cycleName: string;
  /** The kind's title, as respondents see it (absent in jobs saved before it was kept: the cycle's name then). */
  title?: string;
  audience?: MissingAudience;
  /** Each campus's application's last day (YYYY-MM-DD), by campus id. */
  endDays?: Record<string, string>;
}

/**
 * A job over every type a person owes in the period (all-types.ts). The
 * job's row keeps the first type's cycle (its cycle column is required);
 * this lists them all.
 */
interface AllTypesTarget {
  scope: 'period';
  periodoId: number;
  audience: MissingAudience;
  types: ResolvedType[];
  /** Which respondent type (`typeGroups` order) the job's cursor is in: academic reads teachers, then staff. */
  group: number;
}

const isAllTypes = (target: ReminderTarget | AllTypesTarget): target is AllTypesTarget => 'scope' in target && target.scope === 'period';

const targetOf = (resolved: ResolvedMissing, endDays: Map<number, string>): ReminderTarget => ({
  params: resolved.params,
  respondentType: resolved.respondentType,
  periodoId: resolved.report.periodo.id,
  cycleName: resolved.report.info.cycle.name,
  title: resolved.report.kind.title,
  audience: resolved.audience,
  endDays: Object.fromEntries(endDays),
});

/** When a reminder's personal link stops working: the end of the deadline day, within REMINDER_LINK_MAX_DAYS, never before today's end. */
export function reminderLinkExpiry(now: Date, endDay: string | undefined): Date {
  const today = mexicoCityDay(now);
  const cap = mexicoCityDayStart(addDays(today, REMINDER_LINK_MAX_DAYS));
  const lastDay = endDay && endDay > today ? endDay : today;
  const end = mexicoCityDayStart(addDays(lastDay, 1));
  return end < cap ? end : cap;
}

const hashFor = (secret: string, target: ReminderTarget, respondentId: number, day: string) =>
  reminderKeyHash(secret, {
    cycleId: target.params.cycleId,
    periodoId: target.periodoId,
    respondentType: target.respondentType,
    respondentId,
    day,
  });

/** The claim of the reminder over every type a person owes in the period. */
const allTypesHash = (secret: string, periodoId: number, respondentType: RespondentType, respondentId: number, day: string) =>
  reminderKeyHash(secret, { cycleId: 'all', periodoId, respondentType, respondentId, day });

/** Who a reminder would reach now: missing, with an e-mail, not yet reminded today. */
export async function reminderRecipients(deps: ReminderDeps, resolved: ResolvedMissing): Promise<ReminderRecipients> {
  const day = mexicoCityDay();
  const [counts, withEmail] = await Promise.all([
    missingCounts(deps.db, resolved.params),
    missingRespondentIds(deps.db, { ...resolved.params, withEmailOnly: true }),
  ]);
  const target = targetOf(resolved, new Map());
  const reminded = await remindedToday(deps, withEmail, (id) => hashFor(deps.secret, target, id, day));
  const missing = counts.expected - counts.answered;
  return {
    recipients: withEmail.length - reminded.size,
    alreadyReminded: reminded.size,
    withoutEmail: Math.max(0, missing - withEmail.length),
  };
}

/** The same for the reminder over every type (all-types.ts): people who owe any, each counted once. */
export async function allTypesRecipients(deps: ReminderDeps, resolved: ResolvedAllTypes): Promise<ReminderRecipients> {
  const day = mexicoCityDay();
  const total = { recipients: 0, alreadyReminded: 0, withoutEmail: 0 };
  for (const group of typeGroups(resolved.types)) {
    const params = group.map((type) => type.params);
    const respondentType = group[0]!.respondentType;
    const [counts, withEmail] = await Promise.all([typesCounts(deps.db, params), owingIds(deps.db, params, { withEmailOnly: true })]);
    const reminded = await remindedToday(deps, withEmail, (id) => allTypesHash(deps.secret, resolved.periodo.id, respondentType, id, day));
    total.recipients += withEmail.length - reminded.size;
    total.alreadyReminded += reminded.size;
    total.withoutEmail += Math.max(0, counts.expected - counts.answered - withEmail.length);
  }
  return total;
}

type JobRow = typeof reminderJobs.$inferSelect;
type Progress = Pick<JobRow, 'processed' | 'sent' | 'alreadyReminded' | 'failed'>;

function toJob(row: JobRow, now = Date.now()): ReminderJob {
  const stale = row.status === 'running' && now - row.heartbeatAt.getTime() > REMINDER_STALE_MS;
  return {
    id: row.id,
    status: row.status === 'done' ? 'done' : stale ? 'interrupted' : 'running',
    total: row.total,
    processed: row.processed,
    sent: row.sent,
    alreadyReminded: row.alreadyReminded,
    failed: row.failed,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Runs jobs in this process, and every RESUME_CHECK_MS takes over one cut
 * short elsewhere; `stop()` (on close) ends them after their current person,
 * leaving them to show as interrupted until a process resumes them.
 */
export class ReminderRunner {
  private readonly running = new Set<Promise<void>>();
  private stopping = false;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly deps: ReminderDeps) {
    this.timer = setInterval(() => void this.resumeInterrupted(), RESUME_CHECK_MS);
    this.timer.unref();
  }

  /**
   * Takes one job whose heartbeat stopped (its process died) by refreshing the
   * heartbeat in one statement, so of several processes one takes it, and runs
   * it from the last batch it saved. Jobs made before their target was kept
   * stay interrupted. Answers the job's id, or null when none was waiting.
   */
  async resumeInterrupted(): Promise<string | null> {
    if (this.stopping) return null;
    try {
      const [row] = await queryRows<{ id: string }>(
        this.deps.db,
        sql`update reminder_job set heartbeat_at = now() where id = (
            select id from reminder_job where status = 'running' and target is not null
              and heartbeat_at < now() - ${REMINDER_STALE_MS} * interval '1 millisecond'
            order by created_at limit 1 for update skip locked)
          returning id`,
      );
      if (!row) return null;
      const [job] = await this.deps.db.select().from(reminderJobs).where(eq(reminderJobs.id, row.id));
      this.deps.log.info({ jobId: row.id, processed: job!.processed }, 'resuming a reminder job cut short');
      this.launch(job!, job!.target as ReminderTarget | AllTypesTarget);
      return row.id;
    } catch (error) {
      this.deps.log.error({ err: error }, 'looking for reminder jobs cut short failed; it will be tried again');
      return null;
    }
  }

  private launch(job: JobRow, target: ReminderTarget | AllTypesTarget): void {
    const run = (isAllTypes(target) ? this.runAllTypes(job, target) : this.run(job, target))
      .catch((error: unknown) => this.deps.log.error({ err: error, jobId: job.id }, 'reminder job stopped by an error'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /**
   * Creates the job and its audit entry in one transaction (who sent what to
   * how many), then starts sending in the background.
   */
  async start(principal: AdminPrincipal, resolved: ResolvedMissing, template: { subject: string; text: string }): Promise<ReminderJob> {
    // Yesterday's claims are no longer needed for the once-a-day rule (the pruner also removes them).
    await pruneReminderSends(this.deps.db, new Date());
    const recipients = await reminderRecipients(this.deps, resolved);
    if (recipients.recipients === 0) throw new AppError('CONFLICT', NO_REMINDER_RECIPIENTS);
    const { report, params } = resolved;
    const target = targetOf(resolved, applicationEndDays(report));
    const filter = { campusIds: params.campusIds, campusId: report.info.campusId, ...params.filter };
    return this.create(principal, { cycleId: params.cycleId, periodoId: report.periodo.id, filter, total: recipients.recipients, target }, template, {
      cycle: report.info.cycle.name,
      periodo: report.periodo.nombre,
      audience: resolved.audience,
    });
  }

  /** The same for one reminder per person over every type they owe in the period (all-types.ts). */
  async startAllTypes(principal: AdminPrincipal, resolved: ResolvedAllTypes, template: { subject: string; text: string }): Promise<ReminderJob> {
    await pruneReminderSends(this.deps.db, new Date());
    const recipients = await allTypesRecipients(this.deps, resolved);
    if (recipients.recipients === 0) throw new AppError('CONFLICT', NO_REMINDER_RECIPIENTS);
    const target: AllTypesTarget = { scope: 'period', periodoId: resolved.periodo.id, audience: resolved.audience, types: resolved.types, group: 0 };
    const filter = {
      campusIds: resolved.campuses.map((campus) => campus.id),
      campusId: resolved.campusId,
      cycleIds: resolved.types.map((type) => type.cycle.id),
      ...resolved.types[0]!.params.filter,
    };
    const row = { cycleId: resolved.types[0]!.cycle.id, periodoId: resolved.periodo.id, filter, total: recipients.recipients, target };
    return this.create(principal, row, template, {
      cycles: resolved.types.map((type) => type.cycle.name),
      periodo: resolved.periodo.nombre,
      audience: resolved.audience,
    });
  }

  /**
   * Creates the job and its audit entry in one transaction (who sent what to
   * how many), then starts sending in the background.
   */
  private async create(
    principal: AdminPrincipal,
    job: { cycleId: number; periodoId: number; filter: Record<string, unknown>; total: number; target: ReminderTarget | AllTypesTarget },
    template: { subject: string; text: string },
    what: Record<string, unknown>,
  ): Promise<ReminderJob> {
    const row = await this.deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(reminderJobs)
        .values({ id: randomUUID(), createdBy: principal.user.id, ...job, subject: template.subject, text: template.text })
        .returning();
      await audit(tx, {
        actorUserId: principal.user.id,
        action: 'send-reminders',
        entity: 'reminder_job',
        entityId: created!.id,
        details: { ...what, filter: job.filter, recipients: job.total, subject: template.subject, text: template.text },
      });
      return created!;
    });
    this.launch(row, job.target);
    return toJob(row);
  }

  private async run(job: JobRow, target: ReminderTarget): Promise<void> {
    const { db, secret } = this.deps;
    const table = PEOPLE[target.respondentType];
    // From where the job was (0 for a new one): a resumed job goes on from its last saved batch.
    const progress = { processed: job.processed, sent: job.sent, alreadyReminded: job.alreadyReminded, failed: job.failed };
    const audience = target.audience ?? (target.respondentType === 'student' ? 'students' : 'academic');
    const perClass = target.params.done?.subjects === 'perClass';
    const common = { encuesta: target.title ?? target.cycleName, institucion: this.deps.institutionName };
    let afterId = job.afterId;
    while (!this.stopping) {
      const params: MissingRespondentsParams & { afterId: number; limit: number; withEmailOnly: true } = {
        ...target.params,
        afterId,
        limit: BATCH,
        withEmailOnly: true,
      };
      const ids = await missingRespondentIds(db, params);
      if (ids.length === 0) break;
      afterId = ids[ids.length - 1]!;
      const people = await db
        .select({ id: table.id, pcId: table.pcId, campusId: table.campusId, name: table.name, lastName: table.lastName, maternal: table.maternalSurName, email: table.email })
        .from(table)
        .where(inArray(table.id, ids));
      const subjects = await subjectsOf(db, target.params, ids);
      for (const person of people) {
        if (this.stopping) break;
        progress.processed += 1;
        if (!person.email || !emailDomainAllowed(person.email, this.deps.emailDomains)) continue;
        const day = mexicoCityDay();
        const keyHash = hashFor(secret, target, person.id, day);
        const claim = await claimReminder(db, target.params, person.id, keyHash, day);
        if (claim === 'answered') continue;
        if (claim === 'already-reminded') {
          progress.alreadyReminded += 1;
          continue;
        }
        const endDay = target.endDays?.[String(person.campusId)];
        const values = {
          ...common,
          nombre: fullName(person.name, person.lastName, person.maternal),
          fecha_limite: reminderDeadline(endDay),
          pendientes: pendingSentence(audience, subjects.get(person.id) ?? null, perClass),
        };
        await this.deliver(job, { type: target.respondentType, id: person.id, pcId: person.pcId, email: person.email }, endDay, values, [keyHash], progress);
      }
      await db.update(reminderJobs).set({ ...progress, afterId, heartbeatAt: new Date() }).where(eq(reminderJobs.id, job.id));
    }
    if (!this.stopping) {
      await db
        .update(reminderJobs)
        // A done job forgets where it was: the cursor is a missing person's id (docs/privacy.md).
        .set({ ...progress, afterId: 0, status: 'done', heartbeatAt: new Date(), finishedAt: new Date() })
        .where(eq(reminderJobs.id, job.id));
    }
  }

  /**
   * A job over every type: the people who owe any, a respondent type at a
   * time (academic: teachers, then staff), each mailed once with every type
   * they owe. The claim is the period's key (taken only while they still owe
   * something); each owed type's key is taken with it.
   */
  private async runAllTypes(job: JobRow, target: AllTypesTarget): Promise<void> {
    const { db, secret } = this.deps;
    const groups = typeGroups(target.types);
    const progress: Progress = { processed: job.processed, sent: job.sent, alreadyReminded: job.alreadyReminded, failed: job.failed };
    const perClass = (kind: string) => surveyKindInfo(kind as SurveyKindId).subjects === 'perClass';
    let afterId = job.afterId;
    let group = target.group;
    while (!this.stopping && group < groups.length) {
      const types = groups[group]!;
      const respondentType = types[0]!.respondentType;
      const ids = await owingIds(
        db,
        types.map((type) => type.params),
        { afterId, limit: BATCH, withEmailOnly: true },
      );
      if (ids.length === 0) {
        // The next respondent type, from its first person.
        group += 1;
        afterId = 0;
        await db.update(reminderJobs).set({ ...progress, afterId, target: { ...target, group }, heartbeatAt: new Date() }).where(eq(reminderJobs.id, job.id));
        continue;
      }
      afterId = ids[ids.length - 1]!;
      const table = PEOPLE[respondentType];
      const [people, owing] = await Promise.all([
        db
          .select({ id: table.id, pcId: table.pcId, campusId: table.campusId, name: table.name, lastName: table.lastName, maternal: table.maternalSurName, email: table.email })
          .from(table)
          .where(inArray(table.id, ids)),
        owedOfTypes(
          db,
          types.map((type) => ({ params: type.params, ids })),
        ).then((owed) => types.map((type, index) => ({ type, owing: owed[index]! }))),
      ]);
      for (const person of people) {
        if (this.stopping) break;
        progress.processed += 1;
        if (!person.email || !emailDomainAllowed(person.email, this.deps.emailDomains)) continue;
        const owed = owing
          .filter(({ owing }) => owing.has(person.id))
          .map(({ type, owing }) => ({ type, subjects: owing.get(person.id) ?? null, deadline: type.endDays[String(person.campusId)] ?? null }));
        const day = mexicoCityDay();
        const keyHash = allTypesHash(secret, target.periodoId, respondentType, person.id, day);
        const claimed = owed.length > 0 && (await queryRows(db, claimIfOwing(types.map((type) => type.params), person.id, keyHash, day))).length > 0;
        if (!claimed) {
          const [taken] = await db.select({ keyHash: reminderSends.keyHash }).from(reminderSends).where(eq(reminderSends.keyHash, keyHash));
          if (taken) progress.alreadyReminded += 1;
          continue;
        }
        // Each owed type's own key: that type's reminder later today leaves them out.
        const typeKeys = owed.map(({ type }) =>
          reminderKeyHash(secret, { cycleId: type.cycle.id, periodoId: target.periodoId, respondentType, respondentId: person.id, day }),
        );
        const marked = await db
          .insert(reminderSends)
          .values(typeKeys.map((key) => ({ keyHash: key, sentOn: day })))
          .onConflictDoNothing()
          .returning({ keyHash: reminderSends.keyHash });
        const latestDay = owed.map((survey) => survey.deadline ?? '').sort().at(-1) || undefined;
        const values = {
          ...owedReminderValues(
            target.audience,
            owed.map(({ type, subjects, deadline }) => ({ title: type.title, surveyKind: type.surveyKind, subjects, deadline })),
            perClass,
          ),
          nombre: fullName(person.name, person.lastName, person.maternal),
          institucion: this.deps.institutionName,
        };
        const claims = [keyHash, ...marked.map((row) => row.keyHash)];
        // The link lasts until the last of the owed types closes (within REMINDER_LINK_MAX_DAYS).
        await this.deliver(job, { type: respondentType, id: person.id, pcId: person.pcId, email: person.email }, latestDay, values, claims, progress);
      }
      await db.update(reminderJobs).set({ ...progress, afterId, heartbeatAt: new Date() }).where(eq(reminderJobs.id, job.id));
    }
    if (!this.stopping) {
      await db
        .update(reminderJobs)
        .set({ ...progress, afterId: 0, status: 'done', heartbeatAt: new Date(), finishedAt: new Date() })
        .where(eq(reminderJobs.id, job.id));
    }
  }

  /** Mails one person their reminder with their own sign-in link; when it fails, frees its claims so a later sending today can try again. */
  private async deliver(
    job: JobRow,
    to: { type: RespondentType; id: number; pcId: string; email: string },
    endDay: string | undefined,
    values: Omit<ReminderValues, 'enlace'>,
    claims: readonly string[],
    progress: Progress,
  ): Promise<void> {
    try {
      const link = await issueSignInLink(this.deps, { type: to.type, id: to.id, pcId: to.pcId }, reminderLinkExpiry(new Date(), endDay));
      await this.deps.mailer.send({ to: to.email, ...renderReminder(job, { ...values, enlace: link ?? respondentLoginUrl(this.deps.publicUrl) }) });
      progress.sent += 1;
    } catch (error) {
      // Never log the address.
      await this.deps.db.delete(reminderSends).where(inArray(reminderSends.keyHash, [...claims]));
      progress.failed += 1;
      this.deps.log.warn({ err: error instanceof Error ? error.message : String(error), jobId: job.id }, 'a reminder could not be sent');
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.running]);
  }
}

/**
 * Takes today's reminder for a person unless they answered meanwhile (checked
 * in the same statement, just before the mail) or were already reminded.
 */
async function claimReminder(
  db: Database,
  params: MissingRespondentsParams,
  respondentId: number,
  keyHash: string,
  day: string,
): Promise<'claimed' | 'answered' | 'already-reminded'> {
  const claimed = await queryRows<{ key_hash: string }>(
    db,
    sql`insert into reminder_send (key_hash, sent_on)
      select ${keyHash}, ${day}::date where not ${doneCondition(params, sql`${respondentId}::int`)}
      on conflict do nothing returning key_hash`,
  );
  if (claimed.length) return 'claimed';
  const [taken] = await db.select({ keyHash: reminderSends.keyHash }).from(reminderSends).where(eq(reminderSends.keyHash, keyHash));
  return taken ? 'already-reminded' : 'answered';
}

/** One's own job (another user's is 404, so ids reveal nothing). */
export async function findReminderJob(db: Database, principal: AdminPrincipal, id: string): Promise<ReminderJob> {
  const [row] = await db
    .select()
    .from(reminderJobs)
    .where(and(eq(reminderJobs.id, id), eq(reminderJobs.createdBy, principal.user.id)));
  if (!row) throw new AppError('NOT_FOUND', REMINDER_JOB_NOT_FOUND);
  return toJob(row);
}

/** Claims of earlier Mexico City days: the once-a-day rule no longer needs them. */
export async function pruneReminderSends(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(reminderSends)
    .where(lt(reminderSends.sentOn, sql`${mexicoCityDay(now)}::date`))
    .returning({ keyHash: reminderSends.keyHash });
  return gone.length;
}
