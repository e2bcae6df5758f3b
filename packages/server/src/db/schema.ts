/**
 * The whole domain of the product. Wire names (spec §3) are mapped at the
 * API edge; columns keep the spec's Spanish names where the spec gives them
 * (nombre, fecha_inicio, start_active, avalible) so SQL reads like the spec.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AlertCategory } from '@encuestas/core/api/comment-review';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** bytea as a Buffer, whatever view of the bytes the driver answers with. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

// ---------------------------------------------------------------- reference

export const campuses = pgTable(
  'campus',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    /** NOM-035: 'auto' picks Guía III when the campus has more than 50 workers. */
    nom035Guide: text('nom035_guide').notNull().default('auto'),
    suggestionBoxOpen: boolean('suggestion_box_open').notNull().default(true),
    /** A disabled campus is offered to no respondent and takes no new application; its data stays. */
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('campus_nombre_key').on(t.nombre),
    check('campus_nom035_guide_check', sql`${t.nom035Guide} in ('auto', 'II', 'III')`),
  ],
);

/** Settings edited in the back office (the institution's and platform's names), by key. */
export const settings = pgTable('setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Academic period in PowerCampus format (2026A). */
export const periods = pgTable(
  'periodo',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    fechaInicio: date('fecha_inicio').notNull(),
    fechaFin: date('fecha_fin').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('periodo_nombre_key').on(t.nombre),
    check('periodo_dates_check', sql`${t.fechaFin} >= ${t.fechaInicio}`),
  ],
);

/** A survey type that applications attach; one per survey kind. */
export const cycles = pgTable(
  'ciclo',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    surveyKind: text('survey_kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ciclo_name_key').on(t.name), uniqueIndex('ciclo_survey_kind_key').on(t.surveyKind)],
);

/** A survey type turned off at one campus (only the exceptions: a campus offers every type by default). */
export const campusCyclesDisabled = pgTable(
  'campus_ciclo_disabled',
  {
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id, { onDelete: 'cascade' }),
    cycleId: integer('ciclo_id')
      .notNull()
      .references(() => cycles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campusId, t.cycleId] })],
);

/** An application of surveys: campus + period + day window + attached cycles. */
export const actives = pgTable(
  'active',
  {
    id: serial('id').primaryKey(),
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id),
    periodoId: integer('periodo_id')
      .notNull()
      .references(() => periods.id),
    startActive: date('start_active').notNull(),
    endActive: date('end_active').notNull(),
    /** When teachers may read their results of this application; null: the day after `endActive` (resultsReleaseDayOf). */
    resultsReleaseDay: date('results_release_day'),
    /** Whether teachers' results wait until every comment is reviewed (migration 0022); false releases the reviewed ones on the day. */
    releaseWaitsForReview: boolean('release_waits_for_review').notNull().default(true),
    createdBy: integer('created_by').references(() => adminUsers.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('active_campus_periodo_idx').on(t.campusId, t.periodoId),
    index('active_window_idx').on(t.startActive, t.endActive),
    check('active_dates_check', sql`${t.endActive} >= ${t.startActive}`),
    check('active_results_release_check', sql`${t.resultsReleaseDay} >= ${t.startActive}`),
  ],
);

export const activeCycles = pgTable(
  'active_ciclo',
  {
    activeId: integer('active_id')
      .notNull()
      .references(() => actives.id, { onDelete: 'cascade' }),
    cycleId: integer('ciclo_id')
      .notNull()
      .references(() => cycles.id),
  },
  (t) => [primaryKey({ columns: [t.activeId, t.cycleId] }), index('active_ciclo_ciclo_idx').on(t.cycleId)],
);

/**
 * Catalogue entries (trip costs, marketing channels, institutes, ...) by catalogue type.
 * Answers store `code`, never `id`: a renamed, reordered, reseeded or disabled entry keeps
 * its code, so old answers keep meaning. A code is a lowercase ASCII slug with at least one
 * letter, so an old serial id ('12') can never be mistaken for one.
 */
export const catalogItems = pgTable(
  'catalog_item',
  {
    id: serial('id').primaryKey(),
    catalog: text('catalog').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    // Last, as migration 0006 added it.
    code: text('code').notNull(),
  },
  (t) => [
    uniqueIndex('catalog_item_catalog_name_key').on(t.catalog, t.name),
    uniqueIndex('catalog_item_catalog_code_key').on(t.catalog, t.code),
    check('catalog_item_code_check', sql`${t.code} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and ${t.code} ~ '[a-z]'`),
  ],
);

// ---------------------------------------------------------------- back office

export const adminUsers = pgTable(
  'admin_user',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    lastName: text('last_name').notNull().default(''),
    maternalSurName: text('maternal_sur_name').notNull().default(''),
    /** Always stored lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    avalible: boolean('avalible').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_user_email_key').on(t.email)],
);

export const permissions = pgTable(
  'permission',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('permission_name_key').on(t.name)],
);

export const permissionGroups = pgTable(
  'permission_group',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('permission_group_name_key').on(t.name)],
);

export const permissionGroupPermissions = pgTable(
  'permission_group_permission',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => permissionGroups.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.permissionId] })],
);

export const userPermissions = pgTable(
  'user_permission',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);

export const userPermissionGroups = pgTable(
  'user_permission_group',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => permissionGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] })],
);

/** Campuses whose data a back-office user may read or change. */
export const userCampusGrants = pgTable(
  'user_campus_grant',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.campusId] })],
);

/** Cycles (survey types) whose data a back-office user may read or change. */
export const userCycleGrants = pgTable(
  'user_cycle_grant',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    cycleId: integer('ciclo_id')
      .notNull()
      .references(() => cycles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cycleId] })],
);

/**
 * Issued tokens, so that logout (revocation) is real: the token id, whose it
 * is and until when. No creation time (it would date a respondent's login);
 * rows are pruned once expired or revoked (features/maintenance/prune.ts).
 */
export const sessions = pgTable(
  'session',
  {
    id: uuid('id').primaryKey(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('session_subject_idx').on(t.subjectType, t.subjectId),
    check('session_subject_type_check', sql`${t.subjectType} in ('admin', 'student', 'teacher', 'staff')`),
  ],
);

/** Single-use password reset links; only a hash of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_token',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_token_hash_key').on(t.tokenHash)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').notNull().default({}),
  },
  // The 'Bitácora' lists newest first (at, id), filtered by actor or action.
  (t) => [
    index('audit_log_at_id_idx').on(t.at, t.id),
    index('audit_log_actor_at_id_idx').on(t.actorUserId, t.at, t.id),
    index('audit_log_action_at_id_idx').on(t.action, t.at, t.id),
  ],
);

/**
 * Shared counters for throttling (login failures, code requests and guesses),
 * so every API process sees the same counts. Keys are keyed hashes (HMAC)
 * of an e-mail, identifier or client address, never the value itself.
 */
export const throttle = pgTable(
  'throttle',
  {
    scope: text('scope').notNull(),
    keyHash: text('key_hash').notNull(),
    hits: integer('hits').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    /** When the row stops mattering (window and block both over): the pruner deletes it then. */
    forgetAt: timestamp('forget_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.keyHash] }), index('throttle_forget_at_idx').on(t.forgetAt)],
);

/** Mail kept when no SMTP server is configured, so the demo works offline. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- respondent directory

const personColumns = () => ({
  id: serial('id').primaryKey(),
  /** PowerCampus person id, 9 digits. */
  pcId: text('pc_id').notNull(),
  name: text('name').notNull(),
  lastName: text('last_name').notNull().default(''),
  maternalSurName: text('maternal_sur_name').notNull().default(''),
  email: text('email'),
  campusId: integer('campus_id')
    .notNull()
    .references(() => campuses.id),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

export const students = pgTable(
  'student',
  {
    ...personColumns(),
    plan: text('plan').notNull(),
    grupo: text('grupo').notNull(),
    sesion: text('sesion').notNull(),
    year: smallint('year').notNull(),
    periodoId: integer('periodo_id').references(() => periods.id),
    newIntake: boolean('new_intake').notNull().default(false),
  },
  (t) => [
    uniqueIndex('student_pc_id_key').on(t.pcId),
    index('student_email_idx').on(sql`lower(${t.email})`),
    index('student_campus_idx').on(t.campusId, t.plan, t.grupo),
    // The directory side of the missing-respondent anti-join, index-only (by campus, or plan and group).
    index('student_campus_active_idx').on(t.campusId, t.plan, t.grupo, t.id).where(sql`${t.active}`),
    check('student_pc_id_check', sql`${t.pcId} ~ '^[0-9]{9}$'`),
  ],
);

export const teachers = pgTable(
  'teacher',
  personColumns(),
  (t) => [
    uniqueIndex('teacher_pc_id_key').on(t.pcId),
    index('teacher_email_idx').on(sql`lower(${t.email})`),
    index('teacher_campus_idx').on(t.campusId),
    index('teacher_campus_active_idx').on(t.campusId, t.id).where(sql`${t.active}`),
    check('teacher_pc_id_check', sql`${t.pcId} ~ '^[0-9]{9}$'`),
  ],
);

/** Administrative staff (spec: ID, CAMPUS, TIPO, PUESTO). */
export const staff = pgTable(
  'staff',
  {
    ...personColumns(),
    tipo: text('tipo').notNull(),
    puesto: text('puesto').notNull().default(''),
  },
  (t) => [
    uniqueIndex('staff_pc_id_key').on(t.pcId),
    index('staff_email_idx').on(sql`lower(${t.email})`),
    index('staff_campus_idx').on(t.campusId),
    index('staff_campus_active_idx').on(t.campusId, t.id).where(sql`${t.active}`),
    check('staff_pc_id_check', sql`${t.pcId} ~ '^[0-9]{9}$'`),
  ],
);

export const classes = pgTable(
  'class',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id),
    periodoId: integer('periodo_id')
      .notNull()
      .references(() => periods.id),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id),
    plan: text('plan').notNull(),
    grupo: text('grupo').notNull(),
  },
  (t) => [
    uniqueIndex('class_code_periodo_key').on(t.code, t.periodoId, t.campusId),
    index('class_teacher_idx').on(t.teacherId),
  ],
);

export const enrolments = pgTable(
  'enrolment',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.classId, t.studentId] }), index('enrolment_student_idx').on(t.studentId)],
);

/** New-intake target list: the students expected to answer the new-intake survey in a period. */
export const newIntakeTargets = pgTable(
  'new_intake_target',
  {
    periodoId: integer('periodo_id')
      .notNull()
      .references(() => periods.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.periodoId, t.studentId] })],
);

/** One-time login codes for respondents; only a hash of the code is stored. */
export const respondentLoginCodes = pgTable(
  'respondent_login_code',
  {
    id: serial('id').primaryKey(),
    /** The identifier as typed, normalised: a pc_id or a lower-cased e-mail. */
    identifier: text('identifier').notNull(),
    respondentType: text('respondent_type'),
    respondentId: integer('respondent_id'),
    codeHash: text('code_hash'),
    /** Wrong guesses from the address that requested the code. */
    attempts: smallint('attempts').notNull().default(0),
    /** Wrong guesses from every other address, a pool of their own so a stranger cannot spend the requester's. */
    otherAttempts: smallint('other_attempts').notNull().default(0),
    /** Keyed hash (HMAC) of the requesting client address: never the address itself. */
    requesterAddressHash: text('requester_address_hash'),
    /** Keyed hash of the single-use sign-in link's token e-mailed with the code: never the token itself. */
    linkTokenHash: text('link_token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('respondent_login_code_identifier_idx').on(t.identifier, t.createdAt),
    uniqueIndex('respondent_login_code_link_token_hash_idx').on(t.linkTokenHash),
  ],
);

// ---------------------------------------------------------------- answers (anonymous) and completions

/**
 * The segments of an anonymous response, what reports break answers down by,
 * and its random id: no respondent id, no time, so a row cannot be joined
 * back to a person or to its completion. Shared by `held_response` and
 * `response`, so the two cannot drift apart.
 */
const responseSegments = () => ({
  id: uuid('id').primaryKey(),
  surveyKind: text('survey_kind').notNull(),
  questionnaireId: text('questionnaire_id').notNull(),
  questionnaireVersion: integer('questionnaire_version').notNull(),
  activeId: integer('active_id')
    .notNull()
    .references(() => actives.id),
  cycleId: integer('ciclo_id')
    .notNull()
    .references(() => cycles.id),
  campusId: integer('campus_id')
    .notNull()
    .references(() => campuses.id),
  periodoId: integer('periodo_id')
    .notNull()
    .references(() => periods.id),
  plan: text('plan'),
  grupo: text('grupo'),
  teacherId: integer('teacher_id').references(() => teachers.id),
  classId: integer('class_id').references(() => classes.id),
});

/**
 * A submission not yet published: written in the same transaction as its
 * completion, so it shares the completion's xmin and neighbours it on disk.
 * In clear only the segments the mover groups anonymity sets by, which the
 * completion and the directory show anyway; the answers, scores and day are
 * `sealed` (features/responses/held-seal.ts) under a key kept outside the
 * database, so no copy of the disk ties them to the person. The mover
 * (features/responses/mover.ts) opens and publishes held rows into
 * `response` in shuffled batches under fresh ids. Nothing here orders or
 * times rows, and no API reads this table's content (only its count).
 */
export const heldResponses = pgTable('held_response', {
  ...responseSegments(),
  sealed: bytea('sealed').notNull(),
});

/** A published anonymous response: what reports read (and rebuild aggregates from). */
export const responses = pgTable(
  'response',
  {
    ...responseSegments(),
    submittedOn: date('submitted_on').notNull(),
    answers: jsonb('answers').notNull(),
    /** Per-questionnaire scores (NOM-035 totals, levels) computed at submission. */
    scores: jsonb('scores'),
  },
  (t) => [
    index('response_cycle_active_idx').on(t.cycleId, t.activeId),
    index('response_campus_periodo_idx').on(t.campusId, t.periodoId, t.surveyKind),
    index('response_teacher_idx').on(t.teacherId),
  ],
);

/**
 * Who completed what: makes double submission impossible and feeds
 * missing-respondent reports. No day and no time: with a class or a campus,
 * either would match the response's submission day and name the person.
 */
export const completions = pgTable(
  'completion',
  {
    respondentType: text('respondent_type').notNull(),
    respondentId: integer('respondent_id').notNull(),
    activeId: integer('active_id')
      .notNull()
      .references(() => actives.id),
    cycleId: integer('ciclo_id')
      .notNull()
      .references(() => cycles.id),
    /** What was answered within the cycle (a class for teacher evaluation, a NOM-035 guide), '' otherwise. */
    subjectKey: text('subject_key').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
  },
  (t) => [
    // No sequential id either: the natural key is the identity, so insertion order reveals nothing.
    primaryKey({ columns: [t.respondentType, t.respondentId, t.activeId, t.cycleId, t.subjectKey] }),
    uniqueIndex('completion_idempotency_key').on(t.respondentType, t.respondentId, t.idempotencyKey),
    // Covers the missing-respondent anti-join (who in the directory has no completion of an application) index-only.
    index('completion_active_cycle_respondent_idx').on(t.activeId, t.cycleId, t.respondentType, t.respondentId),
  ],
);

/**
 * Who has answered something of an application's cycle: one row per person,
 * however many classes or guides they answered, kept by a trigger on
 * `completion` (migration 0012) so every writer keeps it. Response rates and
 * missing lists count it instead of `completion`: a teacher evaluation holds
 * a completion per class, and at a million of them the semi-join over
 * completions made a whole-cycle overview miss its 150 ms. It tells nothing
 * `completion` does not: no day, no class, no guide.
 */
export const applicationRespondents = pgTable(
  'application_respondent',
  {
    activeId: integer('active_id').notNull(),
    cycleId: integer('ciclo_id').notNull(),
    respondentType: text('respondent_type').notNull(),
    respondentId: integer('respondent_id').notNull(),
  },
  (t) => [primaryKey({ name: 'application_respondent_pk', columns: [t.activeId, t.cycleId, t.respondentType, t.respondentId] })],
);

/**
 * Each student's classes in a period, and per application how many of them
 * they evaluated: kept by triggers on `enrolment` and `completion` (migration
 * 0029) so every writer keeps them. A teacher evaluation's missing counts
 * and rates read one row a student instead of every enrolment joined with
 * its completion (features/missing/queries.ts, `evaluatedOf`). Like
 * `application_respondent`, they tell nothing `completion` does not.
 */
export const studentClassCounts = pgTable(
  'student_class_count',
  {
    periodoId: integer('periodo_id').notNull(),
    studentId: integer('student_id').notNull(),
    classes: integer('classes').notNull(),
  },
  (t) => [primaryKey({ name: 'student_class_count_pk', columns: [t.periodoId, t.studentId] })],
);

export const studentEvaluationCounts = pgTable(
  'student_evaluation_count',
  {
    periodoId: integer('periodo_id').notNull(),
    studentId: integer('student_id').notNull(),
    activeId: integer('active_id').notNull(),
    cycleId: integer('ciclo_id').notNull(),
    /** Completions under this application of classes the student takes in the period. */
    evaluated: integer('evaluated').notNull(),
  },
  (t) => [primaryKey({ name: 'student_evaluation_count_pk', columns: [t.periodoId, t.studentId, t.activeId, t.cycleId] })],
);

/**
 * NOM-035 Guía I referral to clinical evaluation. The norm requires the
 * employer to reach the worker, so this is linked to the person and kept
 * apart from the anonymous answers; visible only with a dedicated permission.
 * No day: a day beside a worker and a campus could single out that worker's
 * published Guía I response (it carries its submission day); the
 * application's window says when the referral arose.
 */
export const nom035Referrals = pgTable(
  'nom035_referral',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    activeId: integer('active_id')
      .notNull()
      .references(() => actives.id),
    attendedAt: timestamp('attended_at', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
  },
  (t) => [uniqueIndex('nom035_referral_staff_active_key').on(t.staffId, t.activeId)],
);

// ---------------------------------------------------------------- report aggregates (docs/reports.md)
//
// Derived from `response` by the mover's fold (features/aggregates/fold.ts) in
// the transaction that publishes a batch; `npm run cli -- rebuild-aggregates`
// rebuilds them from `response`, the source of truth. No foreign keys: they are
// derived data, and the fold's upserts stay cheap. `active` fixes campus and
// period, yet each key leads with (cycle, period[, segment], campus, active):
// the primary key is then the only index, and it serves a whole cycle of a
// period (one range) as well as one application (a narrower range). The
// migration sets fillfactor 70 on the counted tables so that adding to a row
// is a HOT update (no index write); Drizzle does not model storage parameters.

/**
 * Where a count belongs: everything, or one plan, plan and group, teacher, class or Mexico
 * City day; then the segments drawn from an answer (core's ANSWER_SEGMENTS, which fold.ts
 * checks are listed here): new intake's institute (migration 0008).
 */
export const AGGREGATE_SEGMENTS = ['all', 'plan', 'group', 'teacher', 'class', 'day', 'institute'] as const;
export type AggregateSegment = (typeof AGGREGATE_SEGMENTS)[number];
const segmentCheck = (name: string, column: unknown) =>
  check(name, sql`${column} in (${sql.raw(AGGREGATE_SEGMENTS.map((s) => `'${s}'`).join(', '))})`);

const aggregateScope = () => ({
  cycleId: integer('ciclo_id').notNull(),
  activeId: integer('active_id').notNull(),
  campusId: integer('campus_id').notNull(),
  periodoId: integer('periodo_id').notNull(),
});

/**
 * Answers per item and value by segment. `total` is the sum of the answers'
 * points (rating and scored frequency) or numbers, `scored` how many of `n`
 * carry one ('No aplica' is counted in `n` but not in `scored`), so an average
 * is sum(total) / sum(scored). Multiple choice counts once per option chosen.
 */
export const answerCounts = pgTable(
  'agg_answer_count',
  {
    ...aggregateScope(),
    questionnaireId: text('questionnaire_id').notNull(),
    questionnaireVersion: integer('questionnaire_version').notNull(),
    segment: text('segment').notNull(),
    /** '' for all; a plan; plan and group joined by U+001F; a teacher or class id; a day (YYYY-MM-DD). */
    segmentValue: text('segment_value').notNull(),
    itemId: text('item_id').notNull(),
    value: text('value').notNull(),
    n: integer('n').notNull(),
    total: doublePrecision('total').notNull(),
    scored: integer('scored').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'agg_answer_count_pk',
      columns: [
        t.cycleId,
        t.periodoId,
        t.segment,
        t.campusId,
        t.activeId,
        t.segmentValue,
        t.questionnaireId,
        t.questionnaireVersion,
        t.itemId,
        t.value,
      ],
    }),
    segmentCheck('agg_answer_count_segment_check', t.segment),
  ],
);

/** Responses per segment: totals, daily and monthly counts without reading item rows. */
export const responseCounts = pgTable(
  'agg_response_count',
  {
    ...aggregateScope(),
    questionnaireId: text('questionnaire_id').notNull(),
    questionnaireVersion: integer('questionnaire_version').notNull(),
    segment: text('segment').notNull(),
    segmentValue: text('segment_value').notNull(),
    n: integer('n').notNull(),
    /** Points over all the segment's scored answers, and how many: a segment's mean without reading its items. */
    total: doublePrecision('total').notNull().default(0),
    scored: integer('scored').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'agg_response_count_pk',
      columns: [t.cycleId, t.periodoId, t.segment, t.campusId, t.activeId, t.segmentValue, t.questionnaireId, t.questionnaireVersion],
    }),
    segmentCheck('agg_response_count_segment_check', t.segment),
  ],
);

/**
 * Teacher evaluation per class (so per teacher, summed): how many responses
 * rated something (n), the sum and the sum of squares of their per-response
 * means, enough for a teacher's mean, standard deviation and the norms.
 */
export const teacherScores = pgTable(
  'agg_teacher_score',
  {
    ...aggregateScope(),
    teacherId: integer('teacher_id').notNull(),
    classId: integer('class_id').notNull(),
    n: integer('n').notNull(),
    sum: doublePrecision('sum').notNull(),
    sumSquares: doublePrecision('sum_squares').notNull(),
  },
  (t) => [
    primaryKey({ name: 'agg_teacher_score_pk', columns: [t.cycleId, t.periodoId, t.campusId, t.activeId, t.teacherId, t.classId] }),
  ],
);

/** NOM-035 workers per risk level: final score, each category and each domain of Guía II or III. */
export const nom035LevelCounts = pgTable(
  'agg_nom035_level',
  {
    ...aggregateScope(),
    guide: text('guide').notNull(),
    /** 'final', 'category' or 'domain'. */
    scope: text('scope').notNull(),
    /** '' for final; the category or domain id. */
    scopeKey: text('scope_key').notNull(),
    level: text('level').notNull(),
    n: integer('n').notNull(),
    scoreSum: doublePrecision('score_sum').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'agg_nom035_level_pk',
      columns: [t.cycleId, t.periodoId, t.campusId, t.activeId, t.guide, t.scope, t.scopeKey, t.level],
    }),
  ],
);

/**
 * Free texts (comments, 'other' texts, opinions) apart from the answers, with
 * only the segments reports filter by: never a day. A random id and pages in
 * (scope, item, id) order, so neither the id nor the order reveals when a
 * text arrived.
 */
export const responseTexts = pgTable(
  'response_text',
  {
    id: uuid('id').primaryKey(),
    ...aggregateScope(),
    surveyKind: text('survey_kind').notNull(),
    questionnaireId: text('questionnaire_id').notNull(),
    itemId: text('item_id').notNull(),
    plan: text('plan'),
    grupo: text('grupo'),
    teacherId: integer('teacher_id'),
    classId: integer('class_id'),
    text: text('text').notNull(),
    /** The text's triage, stored when it is folded (features/comment-triage, migration 0023); null tone: not triaged yet. */
    tone: doublePrecision('tone'),
    alertCategory: text('alert_category').$type<AlertCategory>(),
    alertMatched: text('alert_matched'),
  },
  (t) => [
    index('response_text_active_idx').on(t.activeId, t.cycleId, t.itemId, t.id),
    index('response_text_period_idx').on(t.cycleId, t.periodoId, t.itemId, t.id),
    index('response_text_teacher_idx').on(t.teacherId, t.cycleId, t.itemId, t.id),
    index('response_text_search_idx').using('gin', sql`to_tsvector('spanish', search_fold(${t.text}))`),
    index('response_text_alert_idx').on(t.activeId, t.cycleId).where(sql`${t.alertCategory} is not null`),
    index('response_text_untriaged_idx').on(t.id).where(sql`${t.tone} is null`),
  ],
);

/**
 * Texts per item, application and evaluated teacher (0: none), folded with
 * them (migrations 0013, 0015): a comment list's total and the small-group
 * rule read rows here instead of counting every text of a whole cycle
 * (280,000 comments at 1,000,000 responses: ≈80 ms). Each row is a *text
 * cell*, the finest list any report can ask for; a text is listed only when
 * its cell reaches MIN_GROUP_SIZE, so no list minus other lists gives a hidden
 * one back (docs/privacy.md). Searches still count `response_text`.
 */
export const textCounts = pgTable(
  'agg_text_count',
  {
    ...aggregateScope(),
    itemId: text('item_id').notNull(),
    teacherId: integer('teacher_id').notNull().default(0),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'agg_text_count_pk', columns: [t.cycleId, t.periodoId, t.itemId, t.campusId, t.activeId, t.teacherId] })],
);

// ---------------------------------------------------------------- suggestion box

export const commentCategories = pgTable(
  'comment_category',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color').notNull().default('default'),
  },
  (t) => [uniqueIndex('comment_category_name_key').on(t.name)],
);

export const suggestionCategories = pgTable(
  'suggestion_category',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** 'general' or 'person' (a suggestion about a person). */
    scope: text('scope').notNull(),
  },
  (t) => [
    uniqueIndex('suggestion_category_scope_name_key').on(t.scope, t.name),
    check('suggestion_category_scope_check', sql`${t.scope} in ('general', 'person')`),
  ],
);

export const suggestionResolutions = pgTable(
  'suggestion_resolution',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color').notNull().default('default'),
  },
  (t) => [uniqueIndex('suggestion_resolution_name_key').on(t.name)],
);

/**
 * A suggestion keeps the day it was written and a random id, nothing finer:
 * a creation time or an insertion order could be matched against a session
 * or a login to name its author.
 */
export const suggestions = pgTable(
  'suggestion',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id),
    comment: text('comment').notNull(),
    commentCategoryId: integer('comment_category_id')
      .notNull()
      .references(() => commentCategories.id),
    suggestionCategoryId: integer('suggestion_category_id').references(() => suggestionCategories.id),
    suggestionResolutionId: integer('suggestion_resolution_id').references(() => suggestionResolutions.id),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    contactConsent: boolean('contact_consent').notNull().default(false),
    legalConsent: boolean('legal_consent').notNull(),
    isClosed: boolean('is_closed').notNull().default(false),
    isContacted: boolean('is_contacted').notNull().default(false),
    /** Mexico City day. Changes by the back office are dated in the audit log, not here. */
    createdOn: date('created_on').notNull(),
  },
  (t) => [
    index('suggestion_campus_idx').on(t.campusId, t.createdOn),
    check('suggestion_legal_consent_check', sql`${t.legalConsent}`),
  ],
);

// ---------------------------------------------------------------- reminders (docs/privacy.md, "Missing respondents and reminders")

/**
 * A reminder sending: who started it, for which list and with what text, and
 * its progress. No recipient is stored: the worker reads the missing list as
 * it goes, so someone who answers meanwhile is left out.
 */
export const reminderJobs = pgTable(
  'reminder_job',
  {
    id: uuid('id').primaryKey(),
    createdBy: integer('created_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    cycleId: integer('ciclo_id')
      .notNull()
      .references(() => cycles.id),
    periodoId: integer('periodo_id')
      .notNull()
      .references(() => periods.id),
    /** The list's scope and filter as asked (campus ids, student filter). */
    filter: jsonb('filter').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    alreadyReminded: integer('already_reminded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    status: text('status').notNull().default('running'),
    /** Touched after every batch: a running job whose heartbeat stopped was cut short by a restart. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the job reads and keys its claims by (reminders.ts, ReminderTarget), so another process can resume it. */
    target: jsonb('target'),
    /** The last person id read, saved with the counts after every batch: where a resumed job goes on. */
    afterId: integer('after_id').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [check('reminder_job_status_check', sql`${t.status} in ('running', 'done')`)],
);

/**
 * At most one reminder per person, application and Mexico City day. The key
 * is a keyed hash (HMAC) of the cycle, period, person and day, so the table
 * names nobody to a reader without the server's secret, and rows of past
 * days are pruned: it never records who was still missing on an earlier day.
 */
export const reminderSends = pgTable(
  'reminder_send',
  {
    keyHash: text('key_hash').primaryKey(),
    sentOn: date('sent_on').notNull(),
  },
  (t) => [index('reminder_send_sent_on_idx').on(t.sentOn)],
);

/**
 * The last run of each piece of background work (features/maintenance/background-runs.ts):
 * what an operator reads to see that it runs, and, for scheduled work, the
 * lease that lets one process of many take each run.
 */
export const backgroundRuns = pgTable('background_run', {
  /** 'prune', 'mover'. */
  name: text('name').primaryKey(),
  /** When the last run began (for scheduled work, when a process took it). */
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  /** When the last run that ended well ended. */
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** What that run did (rows deleted, responses published). */
  outcome: jsonb('outcome'),
  /** The last failure and when: a run that started after it and finished clears neither. */
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  /** Runs taken since the table was made, by every process. */
  runs: integer('runs').notNull().default(0),
  /** host:pid of the process that took the last run. */
  process: text('process').notNull(),
});

// ---------------------------------------------------------------- comment review (migration 0022)

/**
 * A reviewer's decision on a teacher-evaluation comment before teachers read
 * it (features/comment-review). `textKey` is a SHA-256 of the comment's
 * application, evaluated teacher, item and words (commentKey): it outlives a
 * rebuild of response_text, whose ids are drawn anew, and links to no
 * response or person. Identical words in the same place share a decision.
 */
export const commentReviews = pgTable(
  'comment_review',
  {
    textKey: text('text_key').primaryKey(),
    activeId: integer('active_id')
      .notNull()
      .references(() => actives.id, { onDelete: 'cascade' }),
    decision: text('decision').$type<'published' | 'redacted' | 'withheld'>().notNull(),
    publishedText: text('published_text'),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('comment_review_active_idx').on(t.activeId)],
);

// ---------------------------------------------------------------- NOM-035 evidence file (issue 22, docs/nom035.md)
//
// What a campus records for the norm beyond the questionnaires; never a worker's name. Never pruned nor deleted by
// the platform (numeral 10.4 asks at least a year): a mistake is corrected in place, the audit log keeps the before.

/** 5.1: the campus's written prevention policy. */
export const nom035Policies = pgTable('nom035_policy', {
  campusId: integer('campus_id')
    .primaryKey()
    .references(() => campuses.id),
  text: text('text').notNull().default(''),
  documentRef: text('document_ref').notNull().default(''),
  adoptedOn: date('adopted_on'),
  madeKnownOn: date('made_known_on'),
  updatedBy: integer('updated_by').references(() => adminUsers.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 5.7 a) to f): what was made known to workers, how and when. */
export const nom035Notices = pgTable(
  'nom035_notice',
  {
    id: serial('id').primaryKey(),
    campusId: integer('campus_id')
      .notNull()
      .references(() => campuses.id),
    item: text('item').notNull(),
    how: text('how').notNull(),
    givenOn: date('given_on').notNull(),
    createdBy: integer('created_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('nom035_notice_campus_idx').on(t.campusId, t.givenOn),
    check('nom035_notice_item_check', sql`${t.item} in ('policy', 'violenceMeasures', 'controlMeasures', 'complaintChannel', 'results', 'healthEffects')`),
  ],
);

/** 7.7: the report's fields the campus writes for one application (d and e come from the application). */
export const nom035Reports = pgTable('nom035_report', {
  activeId: integer('active_id')
    .primaryKey()
    .references(() => actives.id),
  workplaceName: text('workplace_name').notNull().default(''),
  workplaceAddress: text('workplace_address').notNull().default(''),
  workplaceActivity: text('workplace_activity').notNull().default(''),
  objective: text('objective').notNull().default(''),
  mainActivities: text('main_activities').notNull().default(''),
  conclusions: text('conclusions').notNull().default(''),
  recommendations: text('recommendations').notNull().default(''),
  evaluatorName: text('evaluator_name').notNull().default(''),
  evaluatorCedula: text('evaluator_cedula').notNull().default(''),
  updatedBy: integer('updated_by').references(() => adminUsers.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 8.4: an application's action program, each action answering a category or domain of the guide applied. */
export const nom035Actions = pgTable(
  'nom035_action',
  {
    id: serial('id').primaryKey(),
    activeId: integer('active_id')
      .notNull()
      .references(() => actives.id),
    guide: text('guide').notNull(),
    scope: text('scope').notNull(),
    scopeKey: text('scope_key').notNull().default(''),
    /** The area or group of workers concerned, never a person. */
    area: text('area').notNull(),
    measure: text('measure').notNull(),
    level: text('level').notNull(),
    dueOn: date('due_on').notNull(),
    responsible: text('responsible').notNull(),
    state: text('state').notNull().default('pending'),
    followUp: text('follow_up').notNull().default(''),
    createdBy: integer('created_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('nom035_action_active_idx').on(t.activeId),
    check('nom035_action_guide_check', sql`${t.guide} in ('II', 'III')`),
    check('nom035_action_scope_check', sql`${t.scope} in ('final', 'category', 'domain')`),
    check('nom035_action_level_check', sql`${t.level} in ('organizational', 'group', 'individual')`),
    check('nom035_action_state_check', sql`${t.state} in ('pending', 'inProgress', 'done')`),
  ],
);

/** 8.4 d): dated progress notes of an action. */
export const nom035ActionNotes = pgTable(
  'nom035_action_note',
  {
    id: serial('id').primaryKey(),
    actionId: integer('action_id')
      .notNull()
      .references(() => nom035Actions.id),
    note: text('note').notNull(),
    notedOn: date('noted_on').notNull(),
    createdBy: integer('created_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('nom035_action_note_action_idx').on(t.actionId)],
);

// ---------------------------------------------------------------- comment alerts (migration 0023)

/**
 * An alert of the comment triage marked «Atendida» by a holder of 'Atender
 * Alertas de Comentarios' (features/comment-alerts), with a note. `alertKey`
 * is a SHA-256 of what the alert list shows of the comment (alertKey in
 * comment-alerts/service.ts): it outlives a rebuild and links to no response
 * or person. An alert without a row here is open.
 */
export const commentAlertStates = pgTable(
  'comment_alert_state',
  {
    alertKey: text('alert_key').primaryKey(),
    activeId: integer('active_id')
      .notNull()
      .references(() => actives.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    attendedBy: integer('attended_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    attendedAt: timestamp('attended_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('comment_alert_state_active_idx').on(t.activeId)],
);

// ---------------------------------------------------------------- coordinators (migration 0025)

/**
 * A coordinator's plans of study (jefe de carrera, docs/permissions.md
 * "Coordinators"): at a campus where a user holds plan grants, the teacher
 * reports name only the teachers who teach a class of one of those plans there
 * in the report's period. Bound to the user's campus grant: losing the campus
 * drops its plans with it.
 */
export const userPlanGrants = pgTable(
  'user_plan_grant',
  {
    userId: integer('user_id').notNull(),
    campusId: integer('campus_id').notNull(),
    plan: text('plan').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.campusId, t.plan] }),
    foreignKey({ name: 'user_plan_grant_campus_grant_fk', columns: [t.userId, t.campusId], foreignColumns: [userCampusGrants.userId, userCampusGrants.campusId] }).onDelete('cascade'),
  ],
);

// ---------------------------------------------------------------- teachers' reflections (migration 0024)

/**
 * A teacher's reflection on a class's released results, «Lo que haré con
 * estos resultados» (features/teacher-reflections): the teacher's own words,
 * shown to the students who evaluate them in a later term. One per class,
 * kept under the teacher who wrote it; nothing about any student.
 */
export const teacherReflections = pgTable(
  'teacher_reflection',
  {
    classId: integer('class_id')
      .primaryKey()
      .references(() => classes.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('teacher_reflection_teacher_idx').on(t.teacherId),
    check('teacher_reflection_text_check', sql`length(btrim(${t.text})) between 1 and 1000`),
  ],
);

// ---------------------------------------------------------------- NOM-035 results published to staff (migration 0027)

/**
 * 7.8: an application's aggregate results published to the campus's staff
 * (features/nom035-file/publication.ts), who published it and when, and its
 * withdrawal. Publishing again after a withdrawal is a new row: the history
 * is kept (10.4). At most one open row per application.
 */
export const nom035Publications = pgTable(
  'nom035_publication',
  {
    id: serial('id').primaryKey(),
    activeId: integer('active_id')
      .notNull()
      .references(() => actives.id),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer('published_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: integer('withdrawn_by').references(() => adminUsers.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('nom035_publication_open_idx').on(t.activeId).where(sql`${t.withdrawnAt} is null`),
    check('nom035_publication_withdrawn_check', sql`${t.withdrawnAt} is null or ${t.withdrawnAt} >= ${t.publishedAt}`),
  ],
);

// ---------------------------------------------------------------- NOM-035 headcount at the time (migration 0028)

/**
 * 7.1: the campus's headcount when a NOM-035 application ran, counted at its
 * first answer (features/surveys/nom035.ts), so the file judges the guide and
 * its sample by the workforce of then, not of today. No day for those: it
 * would date the application's first answer. Applications older than the
 * migration were counted the day it ran, which `takenOn` says.
 */
export const nom035Headcounts = pgTable(
  'nom035_headcount',
  {
    activeId: integer('active_id')
      .primaryKey()
      .references(() => actives.id, { onDelete: 'cascade' }),
    workers: integer('workers').notNull(),
    /** Null: counted at the application's first answer; a day: counted later (migration 0028's backfill). */
    takenOn: date('taken_on'),
  },
  (t) => [check('nom035_headcount_workers_check', sql`${t.workers} >= 0`)],
);
