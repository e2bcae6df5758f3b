import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_INSTITUTION_NAME, DEFAULT_PLATFORM_NAME } from '@encuestas/core/branding';
import { DEFAULT_TEACHER_GROUP_THRESHOLDS, thresholdsProblem } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/results';
import { parseEmailDomains } from './features/directory/email-domains';
import { SIGN_IN_AUDIENCES, type SignInAudience } from '@encuestas/core/api/institution-sign-in';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/**
 * Which X-Forwarded-For hops to believe (Fastify's trustProxy): `false` (the
 * default: the client is the connection's peer), `true` (any), a hop count,
 * or a comma list of proxy addresses, CIDRs or loopback/linklocal/uniquelocal.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, context): boolean | number | string => {
    if (value === 'true' || value === 'false') return value === 'true';
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries.join(',');
    context.addIssue({ code: 'custom', message: 'must be true, false, a hop count or a comma list of addresses/CIDRs' });
    return z.NEVER;
  });

/** Comma list of e-mail domains (features/directory/email-domains.ts). */
const emailDomainsSetting = z.string().transform((value, context): string[] => {
  const domains = parseEmailDomains(value);
  if (domains) return domains;
  context.addIssue({ code: 'custom', message: 'must be a comma list of e-mail domains such as alumnos.uni.mx,uni.mx' });
  return z.NEVER;
});

/** Comma list of sign-in audiences: admins, respondents. */
const audiencesSetting = z.string().transform((value, context): SignInAudience[] => {
  const entries = [...new Set(value.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean))];
  if (entries.every((entry): entry is SignInAudience => (SIGN_IN_AUDIENCES as readonly string[]).includes(entry))) return entries;
  context.addIssue({ code: 'custom', message: 'must be a comma list of admins, respondents' });
  return z.NEVER;
});

/** The identity provider's issuer: https, or http on this machine only (a test provider). */
const issuerSetting = z.url({ error: 'must be an absolute URL such as https://login.microsoftonline.com/<tenant>/v2.0' }).refine((value) => {
  const url = new URL(value);
  return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
}, 'must be an https:// URL');

/** A mean on the 1–5 rating scale, e.g. 4.5. */
const teacherCutPoint = z.coerce.number({ error: 'must be a number from 1 to 5' }).min(1, 'must be a number from 1 to 5').max(5, 'must be a number from 1 to 5');

/** 32 bytes in base64: the AES-256 key of held answers. */
const KEY_MESSAGE = 'must be 32 bytes in base64, e.g. the output of `openssl rand -base64 32`';
const heldAnswersKeyBytes = (value: string): Buffer | null => {
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 && bytes.toString('base64') === value ? bytes : null;
};

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** A streaming replica of DATABASE_URL the reports read from (docs/operations.md, "Reports from a read replica"); unset: the primary. */
  REPORTS_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Encuestas <no-reply@localhost>'),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://encuestas.example.edu' }).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Seals held answers until the mover publishes them (docs/privacy.md, "A copy of the disk"). Unset: a key
   * generated once in KEYS_DIR. Never in DATA_DIR or the database, so a copy of either links nobody to answers.
   */
  HELD_ANSWERS_KEY: z.string().trim().refine((value) => heldAnswersKeyBytes(value) !== null, KEY_MESSAGE).optional(),
  /** Where a key not given in the environment is generated and kept: outside DATA_DIR. */
  KEYS_DIR: z.string().min(1).default('./keys'),
  ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: booleanFlag.default(true),
  PLATFORM_NAME: z.string().min(1).default(DEFAULT_PLATFORM_NAME),
  INSTITUTION_NAME: z.string().min(1).default(DEFAULT_INSTITUTION_NAME),
  /** Text of the privacy notice (aviso de privacidad) linked from the login page; the web has a default. */
  PRIVACY_NOTICE: z.string().max(20000).optional(),
  /** Base URL of the PowerCampus-style student-information API (docs/sis.md). */
  SIS_URL: z.url({ error: 'must be an absolute URL' }).optional(),
  SIS_TOKEN: z.string().min(1).optional(),
  /** The domains a respondent's e-mail may have (imports, SIS sync, sign-in codes); unset: any. */
  RESPONDENT_EMAIL_DOMAINS: emailDomainsSetting.optional(),
  /** Reports hide breakdown cells, teacher results and comment lists with fewer responses (features/aggregates/small-groups.ts); 0 shows all. */
  MIN_GROUP_SIZE: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').max(1000).default(5),
  /** Teacher evaluation: least mean of a Destacado and of a Suficiente (core alumnos-evaluacion-docente/results.ts). */
  TEACHER_OUTSTANDING_MIN: teacherCutPoint.default(DEFAULT_TEACHER_GROUP_THRESHOLDS.outstandingMin),
  TEACHER_SUFFICIENT_MIN: teacherCutPoint.default(DEFAULT_TEACHER_GROUP_THRESHOLDS.sufficientMin),
  /** Report files (XLSX/CSV) with more rows are refused before a byte is sent (docs/reports.md, "Files"). */
  EXPORT_MAX_ROWS: z.coerce.number({ error: 'must be a whole number of at least 1' }).int('must be a whole number of at least 1').min(1, 'must be a whole number of at least 1').default(200_000),
  TRUST_PROXY: trustProxySetting.default(false),
  /** Sign-in with the institution's identity provider (docs/sign-in.md); off while OIDC_ISSUER is unset. */
  OIDC_ISSUER: issuerSetting.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** Who may use it. */
  OIDC_AUDIENCES: audiencesSetting.default([...SIGN_IN_AUDIENCES]),
  /** The e-mail domains the provider's accounts may have; unset: any the provider vouches for. */
  OIDC_EMAIL_DOMAINS: emailDomainsSetting.optional(),
  /** Audiences whose other way in (admins: password; respondents: e-mailed code) is turned off. */
  OIDC_ONLY: audiencesSetting.default([]),
  /** Whether an e-mail counts only with email_verified=true (Entra ID sends no such claim: docs/sign-in.md). */
  OIDC_REQUIRE_VERIFIED_EMAIL: booleanFlag.default(true),
  /** The text of the login pages' button. */
  OIDC_BUTTON_LABEL: z.string().trim().min(1).max(80).optional(),
  /**
   * Least number of held responses the mover publishes together (docs/privacy.md):
   * each published batch mixes at least this many people.
   */
  ANONYMITY_BATCH: z.coerce.number({ error: 'must be a whole number of at least 1' }).int('must be a whole number of at least 1').min(1, 'must be a whole number of at least 1').default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'PUBLIC_URL'> {
  JWT_SECRET: string;
  PUBLIC_URL: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Empty strings count as unset, as shells and .env files often leave them. */
function withoutEmpty(source: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

/** Parses the environment once; throws ConfigError listing every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(source));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(['ADMIN_EMAIL and ADMIN_PASSWORD must be set together']);
  }
  if (env.REPORTS_DATABASE_URL !== undefined && env.DATABASE_URL === undefined) {
    // A replica copies a PostgreSQL server; the embedded database has none.
    throw new ConfigError(['REPORTS_DATABASE_URL needs DATABASE_URL: the read replica copies the PostgreSQL database that DATABASE_URL names']);
  }
  if (env.HELD_ANSWERS_KEY === undefined && isWithin(env.KEYS_DIR, env.DATA_DIR)) {
    throw new ConfigError(['KEYS_DIR must be outside DATA_DIR: a copy of the data folder must not carry the key of the held answers']);
  }
  if (env.ANONYMITY_BATCH < env.MIN_GROUP_SIZE) {
    // Every figure a report shows is a sum of whole published sets (docs/privacy.md): a set smaller than
    // the small-group rule would be a cell the rule hides, recoverable by subtraction.
    throw new ConfigError([
      `ANONYMITY_BATCH (${env.ANONYMITY_BATCH}) must be at least MIN_GROUP_SIZE (${env.MIN_GROUP_SIZE}): answers are published in sets of ANONYMITY_BATCH, and a smaller set could be read by subtracting figures the reports show`,
    ]);
  }
  if (env.OIDC_ISSUER !== undefined && (env.OIDC_CLIENT_ID === undefined || env.OIDC_CLIENT_SECRET === undefined)) {
    throw new ConfigError(['OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET']);
  }
  const unoffered = env.OIDC_ONLY.filter((audience) => env.OIDC_ISSUER === undefined || !env.OIDC_AUDIENCES.includes(audience));
  if (unoffered.length > 0) {
    // Turning off the only other way in for an audience the provider does not serve would lock it out.
    throw new ConfigError([`OIDC_ONLY (${unoffered.join(', ')}) must name audiences of OIDC_AUDIENCES, with OIDC_ISSUER set`]);
  }
  const teacherGroups = thresholdsProblem({ outstandingMin: env.TEACHER_OUTSTANDING_MIN, sufficientMin: env.TEACHER_SUFFICIENT_MIN });
  if (teacherGroups) throw new ConfigError([teacherGroups]);
  return {
    ...env,
    JWT_SECRET: env.JWT_SECRET ?? persistentSecret(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  };
}

/** Whether `dir` is `parent` or inside it. */
function isWithin(dir: string, parent: string): boolean {
  const relative = path.relative(path.resolve(parent), path.resolve(dir));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * The key of held answers: HELD_ANSWERS_KEY, or the one generated once in
 * KEYS_DIR/held-answers-key (outside DATA_DIR, so a copy of the data folder
 * does not carry it). Resolved where answers are sealed or opened, not in
 * loadConfig, so reading the configuration writes no key file.
 */
export function heldAnswersKey(config: Pick<Config, 'HELD_ANSWERS_KEY' | 'KEYS_DIR'>): KeyObject {
  if (config.HELD_ANSWERS_KEY !== undefined) return createSecretKey(heldAnswersKeyBytes(config.HELD_ANSWERS_KEY)!);
  const file = path.join(config.KEYS_DIR, 'held-answers-key');
  if (!existsSync(file)) {
    // Written whole under another name, then linked: a process starting at the same time reads one key or the other, never half.
    mkdirSync(config.KEYS_DIR, { recursive: true, mode: 0o700 });
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  const bytes = heldAnswersKeyBytes(readFileSync(file, 'utf8').trim());
  if (!bytes) throw new ConfigError([`${file}: ${KEY_MESSAGE}`]);
  return createSecretKey(bytes);
}

/**
 * A secret generated once and kept in DATA_DIR so tokens survive restarts.
 * Of two processes starting at once on an empty folder, the second reads
 * the first's secret instead of overwriting it.
 */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // Written whole to a file of our own, then linked into place: link() fails if the name exists, and
  // the name never points at a half-written file.
  const mine = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(mine, secret, { mode: 0o600 });
  try {
    linkSync(mine, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  } finally {
    unlinkSync(mine);
  }
}
