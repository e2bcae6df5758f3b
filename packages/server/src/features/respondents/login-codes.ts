/**
 * One-time-code login for respondents. The e-mail carries the code and a
 * single-use sign-in link (its token in the link's fragment, which browsers
 * never send, so it cannot reach a server log); the two belong to one row and
 * whichever is used first consumes both. Codes and links expire in 10 minutes; requests
 * are limited per identity, per client address with budgets a whole
 * campus behind one address fits in, and overall per minute (docs/security.md,
 * "Throttling and enumeration"). Unknown identifiers count toward the limits. Client
 * addresses are only ever stored as keyed hashes.
 */
import { ofInstitution } from '@encuestas/core/institution-name';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, min, sql, type SQL } from 'drizzle-orm';
import {
  maskEmail,
  SIGN_IN_LINK_PATH,
  type Respondent,
  type RespondentSignIn,
  type ValidatingRespondent,
} from '@encuestas/core/api/respondents';
import { addDays, mexicoCityDay, mexicoCityDayStart } from '@encuestas/core/dates';
import { BASE_PATH } from '@encuestas/core/paths';
import type { Database } from '../../db/client';
import { respondentLoginCodes } from '../../db/schema';
import { AppError, fieldError, TooManyRequestsError } from '../../http/errors';
import { describeWait, fixedWindow, throttledError, type Throttle } from '../../http/throttle';
import type { TokenService } from '../../http/tokens';
import type { Mailer } from '../../mail/mailer';
import { emailDomainAllowed } from '../directory';
import { findRespondent, loadRespondent } from './directory';

export const CODE_LIFETIME_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_REQUESTS_PER_WINDOW = 5;
export const CODE_REQUEST_WINDOW_MINUTES = 15;
const WINDOW_MS = CODE_REQUEST_WINDOW_MINUTES * 60 * 1000;
/**
 * Per client address and 15 minutes: code requests, and wrong codes. Sized
 * for 5,000 students of one campus behind one NAT address logging in within
 * an hour, with peaks of twice the average, resends and typos.
 */
export const CODE_REQUESTS_PER_ADDRESS = fixedWindow('code-request-address', 3000, WINDOW_MS);
export const WRONG_CODES_PER_ADDRESS = fixedWindow('code-guess-address', 600, WINDOW_MS);
/**
 * Every code request of every address together, per minute: the most code
 * mails (each with its one-tap link) strangers can make the platform send.
 * Seven campuses at once, each at the per-address budget's own peak rate
 * (3,000 per 15 minutes = 200 a minute): 1,400 (docs/security.md).
 */
export const CODE_MAILS_PER_MINUTE = fixedWindow('code-mail-overall', 1400, 60_000);

export const UNKNOWN_IDENTIFIER_MESSAGE =
  'No encontramos a nadie con ese número de control o correo. Revisa que esté bien escrito o acude a Servicios Escolares.';
export const NO_EMAIL_MESSAGE =
  'No tenemos un correo registrado para ti, así que no podemos enviarte el código. Acude a Servicios Escolares para registrarlo.';
export const EMAIL_OUTSIDE_DOMAINS_MESSAGE =
  'Tu correo registrado no es un correo de la institución, así que no podemos enviarte el código. Acude a Servicios Escolares para corregirlo.';
export const TOO_MANY_CODES_MESSAGE = `Ya solicitaste varios códigos. Espera ${CODE_REQUEST_WINDOW_MINUTES} minutos antes de pedir otro.`;
export const CODE_EXPIRED_MESSAGE = 'El código expiró o ya se usó. Solicita uno nuevo.';
export const CODE_ATTEMPTS_EXHAUSTED_MESSAGE = 'Agotaste los intentos para este código. Solicita uno nuevo.';
export const LINK_EXPIRED_MESSAGE = 'El enlace para entrar expiró o ya se usó. Solicita un código nuevo.';

export interface LoginCodeDeps {
  db: Database;
  tokens: TokenService;
  mailer: Mailer;
  throttle: Throttle;
  /** Keys the code hashes, so a database dump does not reveal live codes. */
  secret: string;
  /** Where the web app lives, for the sign-in link. */
  publicUrl: string;
  platformName: string;
  institutionName: string;
  /** RESPONDENT_EMAIL_DOMAINS: a code is never mailed elsewhere, even to an address stored before the setting. */
  emailDomains?: readonly string[] | undefined;
  /** OIDC_ONLY names respondents: codes and links are turned off. */
  codeLoginOff?: boolean;
}

function hashCode(secret: string, codeRowIdentifier: string, code: string): string {
  return createHmac('sha256', secret).update(`${codeRowIdentifier}:${code}`).digest('hex');
}

function hashLinkToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(`sign-in-link:${token}`).digest('hex');
}

/** The end of today in Mexico City: how long a session the respondent asked to keep lasts. */
export function endOfBusinessDay(now: Date): Date {
  return mexicoCityDayStart(addDays(mexicoCityDay(now), 1));
}

const TOO_MANY_FROM_ADDRESS = 'Hay demasiadas solicitudes de código desde esta red';
export const tooManyCodeMailsMessage = (seconds: number) =>
  `Hay muchas solicitudes de código en este momento. Espera ${describeWait(seconds)} e inténtalo de nuevo; si ya tienes un código, puedes usarlo.`;
const TOO_MANY_WRONG_CODES_FROM_ADDRESS = 'Hay demasiados códigos incorrectos desde esta red';

/**
 * E-mails a new code, which replaces any pending one. Refusing a request
 * (any limit) changes nothing, so the latest code e-mailed keeps working
 * whoever exhausted the limits.
 */
export async function requestLoginCode(
  deps: LoginCodeDeps,
  identifier: string,
  address: string,
  /** A respondent page (already checked by respondentReturnPath) the link then opens. */
  next?: string,
): Promise<ValidatingRespondent> {
  const { db, throttle } = deps;
  const addressHit = await throttle.hit(CODE_REQUESTS_PER_ADDRESS, address);
  if (addressHit.refused) throw throttledError(throttle.retryAfterSeconds(addressHit.blockedUntil), TOO_MANY_FROM_ADDRESS);
  const now = throttle.now();
  const since = new Date(now.getTime() - WINDOW_MS);
  const [recent] = await db
    .select({ n: count(), oldest: min(respondentLoginCodes.createdAt) })
    .from(respondentLoginCodes)
    .where(and(eq(respondentLoginCodes.identifier, identifier), gt(respondentLoginCodes.createdAt, since)));
  if (recent?.oldest && recent.n >= CODE_REQUESTS_PER_WINDOW) {
    const retryAfter = throttle.retryAfterSeconds(new Date(new Date(recent.oldest).getTime() + WINDOW_MS));
    throw new TooManyRequestsError(retryAfter, TOO_MANY_CODES_MESSAGE);
  }
  // Before the look-up, so the answer over the bound is the same whether or not the person exists.
  const overall = await throttle.take(CODE_MAILS_PER_MINUTE, 'all');
  if (overall.refused) {
    const retryAfter = throttle.retryAfterSeconds(overall.windowEnds);
    throw new TooManyRequestsError(retryAfter, tooManyCodeMailsMessage(retryAfter));
  }

  const respondent = await findRespondent(db, identifier);
  const expiresAt = new Date(now.getTime() + CODE_LIFETIME_MINUTES * 60 * 1000);
  if (!respondent) {
    // Recorded without a code so that guessing identifiers is limited too.
    await db.insert(respondentLoginCodes).values({ identifier, expiresAt, consumedAt: now, createdAt: now });
    throw fieldError('identifier', UNKNOWN_IDENTIFIER_MESSAGE);
  }
  if (!respondent.email) throw fieldError('identifier', NO_EMAIL_MESSAGE);
  if (!emailDomainAllowed(respondent.email, deps.emailDomains)) throw fieldError('identifier', EMAIL_OUTSIDE_DOMAINS_MESSAGE);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const linkToken = randomBytes(32).toString('base64url');
  // The page to open travels in the fragment too, so no server log pairs a survey with whoever opens the link.
  const link = signInLinkUrl(deps.publicUrl, linkToken, next);
  await db.transaction(async (tx) => {
    // A new code replaces any earlier one still pending.
    await tx
      .update(respondentLoginCodes)
      .set({ consumedAt: now })
      .where(and(eq(respondentLoginCodes.identifier, identifier), isNull(respondentLoginCodes.consumedAt)));
    await tx.insert(respondentLoginCodes).values({
      identifier,
      respondentType: respondent.type,
      respondentId: respondent.id,
      codeHash: hashCode(deps.secret, identifier, code),
      linkTokenHash: hashLinkToken(deps.secret, linkToken),
      requesterAddressHash: throttle.keyHash('code-requester', address),
      expiresAt,
      createdAt: now,
    });
  });
  await deps.mailer.send({
    to: respondent.email,
    subject: `Tu código de acceso: ${code} - ${deps.platformName}`,
    text: [
      `Hola ${respondent.name}:`,
      '',
      `Tu código para entrar a las encuestas ${ofInstitution(deps.institutionName)} es:`,
      '',
      `    ${code}`,
      '',
      'O entra con un toque desde este enlace:',
      '',
      `    ${link}`,
      '',
      `El código y el enlace vencen en ${CODE_LIFETIME_MINUTES} minutos y solo funcionan una vez.`,
      'Si no lo solicitaste, ignora este correo.',
    ].join('\n'),
  });
  return {
    identifier,
    type: respondent.type,
    name: respondent.name,
    maskedEmail: maskEmail(respondent.email),
    expiresInMinutes: CODE_LIFETIME_MINUTES,
  };
}

/** The one-tap link's address: the token (and the page to open) in the fragment, which browsers never send. */
function signInLinkUrl(publicUrl: string, linkToken: string, next?: string): string {
  return `${publicUrl}${BASE_PATH}${SIGN_IN_LINK_PATH}#${linkToken}${next ? `&next=${encodeURIComponent(next)}` : ''}`;
}

/**
 * A personal one-tap link mailed without a code (a reminder): the same
 * single-use token, kept only as its keyed hash, consumed by signInWithLink.
 * Its row's identifier is one nobody types, so a code the person asks for
 * later neither replaces the link nor is counted against it. Answers null
 * when code sign-in is off for respondents (OIDC_ONLY): then only the login
 * page leads in.
 */
export async function issueSignInLink(
  deps: Pick<LoginCodeDeps, 'db' | 'secret' | 'publicUrl' | 'codeLoginOff'>,
  respondent: { type: Respondent['type']; id: number; pcId: string },
  expiresAt: Date,
): Promise<string | null> {
  if (deps.codeLoginOff) return null;
  const linkToken = randomBytes(32).toString('base64url');
  await deps.db.insert(respondentLoginCodes).values({
    identifier: `reminder:${respondent.pcId}`,
    respondentType: respondent.type,
    respondentId: respondent.id,
    linkTokenHash: hashLinkToken(deps.secret, linkToken),
    expiresAt,
  });
  return signInLinkUrl(deps.publicUrl, linkToken);
}

/** Refuses an address that spent its wrong codes (or link tokens) of the window. */
async function refuseAddressWithTooManyWrongCodes(throttle: LoginCodeDeps['throttle'], address: string): Promise<void> {
  const blockedUntil = await throttle.blockedUntil(WRONG_CODES_PER_ADDRESS, address);
  if (blockedUntil) throw throttledError(throttle.retryAfterSeconds(blockedUntil), TOO_MANY_WRONG_CODES_FROM_ADDRESS);
}

/**
 * Checks a code. Each code has two pools of MAX_CODE_ATTEMPTS tries: one for
 * the address that requested it and one shared by every other address, so a
 * stranger guessing elsewhere cannot spend the tries of the person who asked
 * for the code. A try is counted before the code is compared, so concurrent
 * guesses never get more tries than the pool holds.
 */
export async function validateLoginCode(
  deps: LoginCodeDeps,
  identifier: string,
  code: string,
  address: string,
  /** 'Mantener la sesión en este dispositivo', as ticked by whoever types the code. */
  keepSession = false,
): Promise<RespondentSignIn & { respondent: Respondent }> {
  const { db, throttle } = deps;
  await refuseAddressWithTooManyWrongCodes(throttle, address);
  const now = throttle.now();
  const [row] = await db
    .select()
    .from(respondentLoginCodes)
    .where(usableCode(eq(respondentLoginCodes.identifier, identifier), now))
    .orderBy(desc(respondentLoginCodes.createdAt))
    .limit(1);
  if (!row || !row.codeHash || !row.respondentType || !row.respondentId) throw fieldError('code', CODE_EXPIRED_MESSAGE);

  const fromRequester =
    row.requesterAddressHash === null || row.requesterAddressHash === throttle.keyHash('code-requester', address);
  const pool = fromRequester ? respondentLoginCodes.attempts : respondentLoginCodes.otherAttempts;
  const [counted] = await db
    .update(respondentLoginCodes)
    .set(fromRequester ? { attempts: sql`${pool} + 1` } : { otherAttempts: sql`${pool} + 1` })
    .where(and(eq(respondentLoginCodes.id, row.id), lt(pool, MAX_CODE_ATTEMPTS)))
    .returning({ attempts: respondentLoginCodes.attempts, otherAttempts: respondentLoginCodes.otherAttempts });
  if (!counted) throw new AppError('TOO_MANY_REQUESTS', CODE_ATTEMPTS_EXHAUSTED_MESSAGE);

  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(deps.secret, identifier, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await throttle.hit(WRONG_CODES_PER_ADDRESS, address);
    const left = MAX_CODE_ATTEMPTS - (fromRequester ? counted.attempts : counted.otherAttempts);
    if (left <= 0) throw new AppError('TOO_MANY_REQUESTS', CODE_ATTEMPTS_EXHAUSTED_MESSAGE);
    throw fieldError('code', `El código no es correcto. Te ${left === 1 ? 'queda 1 intento' : `quedan ${left} intentos`}.`);
  }

  // Consuming inside the condition makes a double use of one code lose the race.
  const consumed = await db
    .update(respondentLoginCodes)
    .set({ consumedAt: now })
    .where(and(eq(respondentLoginCodes.id, row.id), isNull(respondentLoginCodes.consumedAt)))
    .returning({ id: respondentLoginCodes.id });
  if (consumed.length === 0) throw fieldError('code', CODE_EXPIRED_MESSAGE);

  return signIn(deps, row, now, keepSession);
}

/** The codes `match` finds that are neither used nor expired at `now` (a code and its link alike). */
function usableCode(match: SQL, now: Date): SQL | undefined {
  return and(match, isNull(respondentLoginCodes.consumedAt), gt(respondentLoginCodes.expiresAt, now));
}

/**
 * Opens the session of the respondent a code or link was e-mailed to, kept to
 * the end of the day only if whoever used it asked (never whoever requested it).
 */
async function signIn(
  deps: LoginCodeDeps,
  row: { respondentType: string | null; respondentId: number | null },
  now: Date,
  keepSession: boolean,
): Promise<RespondentSignIn & { respondent: Respondent }> {
  const type = row.respondentType as Respondent['type'];
  const respondent = row.respondentId === null ? null : await loadRespondent(deps.db, type, { id: row.respondentId });
  if (!respondent) throw fieldError('identifier', UNKNOWN_IDENTIFIER_MESSAGE);
  return openRespondentSession(deps, respondent, now, keepSession);
}

/** Opens a respondent's session, whichever way they came in (code, link, institution account); it never names an answer. */
export async function openRespondentSession(
  deps: Pick<LoginCodeDeps, 'db' | 'tokens'>,
  respondent: Respondent,
  now: Date,
  keepSession: boolean,
): Promise<RespondentSignIn & { respondent: Respondent }> {
  const expiresAt = keepSession ? endOfBusinessDay(now) : deps.tokens.defaultExpiresAt();
  const token = await deps.tokens.issue(respondent.type, respondent.id, deps.db, expiresAt);
  return { token, respondent, keepSession, sessionExpiresAt: expiresAt.toISOString() };
}

/**
 * Signs in with the link e-mailed beside the code. Consuming the row in the
 * same statement that finds it makes a second use (or the code after the
 * link) fail, whatever the timing. The token is 256 random bits, so wrong
 * tokens only count toward the address's wrong-code limit.
 */
export async function signInWithLink(
  deps: LoginCodeDeps,
  linkToken: string,
  address: string,
  /** 'Mantener la sesión en este dispositivo', as ticked on the link's page. */
  keepSession = false,
): Promise<RespondentSignIn & { respondent: Respondent }> {
  const { db, throttle } = deps;
  await refuseAddressWithTooManyWrongCodes(throttle, address);
  const now = throttle.now();
  const [row] = await db
    .update(respondentLoginCodes)
    .set({ consumedAt: now })
    .where(usableCode(eq(respondentLoginCodes.linkTokenHash, hashLinkToken(deps.secret, linkToken)), now))
    .returning({
      respondentType: respondentLoginCodes.respondentType,
      respondentId: respondentLoginCodes.respondentId,
    });
  if (!row) {
    await throttle.hit(WRONG_CODES_PER_ADDRESS, address);
    throw fieldError('token', LINK_EXPIRED_MESSAGE);
  }
  return signIn(deps, row, now, keepSession);
}
