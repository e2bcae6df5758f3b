import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { RESET_TOKEN_LIFETIME_MINUTES, type LoginResponse } from '@encuestas/core/api/auth';
import type { Database } from '../../db/client';
import { adminUsers, passwordResetTokens } from '../../db/schema';
import { ACCOUNT_DISABLED_MESSAGE } from '../../http/auth';
import { AppError } from '../../http/errors';
import { assertStrongPassword, hashPassword, passwordUserInputs, verifyPassword } from '../../http/passwords';
import { exponentialBackoff, fixedWindow, throttledError, type Throttle } from '../../http/throttle';
import type { TokenService, TokenSubject } from '../../http/tokens';
import type { Mailer } from '../../mail/mailer';
import { audit } from '../audit/service';
import { findAdminByEmail, loadAdminPrincipal, toAdminUserDto, type AdminUserRow } from '../users/service';

/** Reset e-mails one account may receive per hour; more are silently dropped. */
export const RESET_EMAILS_PER_HOUR = 5;

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
/** Longest a login block lasts, whoever caused it. */
export const LOGIN_BLOCK_CAP_MS = 15 * MINUTE;
/** Failed logins for one e-mail (from any address) before each further one waits 1 s, 2 s, 4 s … up to the cap. */
export const LOGIN_FAILURES_PER_ACCOUNT = exponentialBackoff('login-account', 5, LOGIN_BLOCK_CAP_MS, DAY);
/** Failed logins from one client address (any e-mail) before the same backoff: larger, a campus shares one address. */
export const LOGIN_FAILURES_PER_ADDRESS = exponentialBackoff('login-address', 20, LOGIN_BLOCK_CAP_MS, DAY);
/** (e-mail, address) pairs that logged in: the account's backoff does not stop them, so a stranger cannot lock the owner out. */
export const KNOWN_LOGIN_ADDRESS = fixedWindow('login-known-address', 1, 30 * DAY);
/** Reset e-mail requests per client address and hour, whatever the e-mail. */
export const RESET_REQUESTS_PER_ADDRESS = fixedWindow('reset-address', 30, 60 * MINUTE);

const LOGIN_THROTTLED = 'Demasiados intentos de inicio de sesión';

export interface AuthDeps {
  db: Database;
  tokens: TokenService;
  mailer: Mailer;
  throttle: Throttle;
  publicUrl: string;
  platformName: string;
  institutionName: string;
  /** OIDC_ONLY names admins: the password (and its reset) is turned off. */
  passwordLoginOff?: boolean;
}

export interface LoginAttempt {
  email: string;
  password: string;
  /** The client address (request.ip). */
  address: string;
}

/**
 * Checks the password under two throttles, one per e-mail and one per client
 * address. Each attempt is counted before the password is checked, so
 * concurrent guesses cannot slip past a limit; a success clears both counters.
 */
export async function login(deps: AuthDeps, attempt: LoginAttempt): Promise<LoginResponse> {
  const { db, throttle } = deps;
  const { email, address } = attempt;
  const knownPair = `${email}\n${address}`;

  const addressHit = await throttle.hit(LOGIN_FAILURES_PER_ADDRESS, address);
  if (addressHit.refused) throw throttledError(throttle.retryAfterSeconds(addressHit.blockedUntil), LOGIN_THROTTLED);
  const accountHit = await throttle.hit(LOGIN_FAILURES_PER_ACCOUNT, email);
  if (accountHit.refused && !(await throttle.remembers(KNOWN_LOGIN_ADDRESS, knownPair))) {
    throw throttledError(throttle.retryAfterSeconds(accountHit.blockedUntil), LOGIN_THROTTLED);
  }

  const user = await findAdminByEmail(db, email);
  const valid = await verifyPassword(user?.passwordHash ?? null, attempt.password);
  if (!user || !valid || !user.avalible) {
    const startedBlocking = [
      { scope: LOGIN_FAILURES_PER_ADDRESS.scope, hit: addressHit },
      { scope: LOGIN_FAILURES_PER_ACCOUNT.scope, hit: accountHit },
    ].filter(({ hit }) => !hit.refused && hit.startedBlocking);
    await db.transaction(async (tx) => {
      const reason = !user ? 'unknown-email' : !valid ? 'wrong-password' : 'disabled';
      await audit(tx, { actorUserId: user?.id ?? null, action: 'login-failed', entity: 'user', entityId: user?.id, details: { email, address, reason } });
      // Once per streak, when a counter starts blocking.
      for (const { scope } of startedBlocking) {
        await audit(tx, { actorUserId: user?.id ?? null, action: 'login-throttled', entity: 'user', entityId: user?.id, details: { email, address, scope } });
      }
    });
    if (valid && user) throw new AppError('FORBIDDEN', ACCOUNT_DISABLED_MESSAGE);
    throw new AppError('INVALID_CREDENTIALS');
  }

  const answer = await openAdminSession(deps, user, { address });
  await throttle.clear(LOGIN_FAILURES_PER_ADDRESS, address);
  // An owner let through a running block (known address) leaves it running, so a stranger's backoff does not restart.
  if (!accountHit.refused) await throttle.clear(LOGIN_FAILURES_PER_ACCOUNT, email);
  await throttle.remember(KNOWN_LOGIN_ADDRESS, knownPair);
  return answer;
}

/** Opens an enabled user's back-office session and records the login, whichever way they came in. */
export async function openAdminSession(
  deps: Pick<AuthDeps, 'db' | 'tokens'>,
  user: AdminUserRow,
  details: { address: string; method?: 'institution' },
): Promise<LoginResponse> {
  const principal = await loadAdminPrincipal(deps.db, user.id);
  const token = await deps.db.transaction(async (tx) => {
    const issued = await deps.tokens.issue('admin', user.id, tx);
    await audit(tx, { actorUserId: user.id, action: 'login', entity: 'user', entityId: user.id, details });
    return issued;
  });
  return { user: toAdminUserDto(user, principal?.permissions ?? []), token };
}

export async function logout(deps: AuthDeps, subject: TokenSubject): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await deps.tokens.revoke(subject.sessionId, tx);
    await audit(tx, { actorUserId: subject.id, action: 'logout', entity: 'user', entityId: subject.id });
  });
}

function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * E-mails a single-use reset link when the account exists and is enabled.
 * The route runs it after the answer has left, so neither the answer nor its
 * timing tells which e-mails exist.
 */
export async function sendResetEmail(deps: AuthDeps, email: string): Promise<void> {
  const { db } = deps;
  const now = deps.throttle.now();
  const user = await findAdminByEmail(db, email);
  if (!user || !user.avalible) {
    await audit(db, {
      actorUserId: null,
      action: 'password-reset-requested',
      entity: 'user',
      entityId: user?.id,
      details: { email, outcome: user ? 'disabled' : 'unknown-email' },
    });
    return;
  }
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const token = randomBytes(32).toString('base64url');
  const allowed = await db.transaction(async (tx) => {
    // Requests run after their answers have left, so they overlap: the account's row lock makes the hourly
    // count and the new link one step, or two requests at once could both see four links and send a sixth.
    await tx.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.id, user.id)).for('update');
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.createdAt, hourAgo)));
    if ((recent?.n ?? 0) >= RESET_EMAILS_PER_HOUR) {
      await audit(tx, { actorUserId: null, action: 'password-reset-requested', entity: 'user', entityId: user.id, details: { email, outcome: 'hourly-limit' } });
      return false;
    }
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MINUTES * 60 * 1000),
    });
    await audit(tx, { actorUserId: null, action: 'password-reset-requested', entity: 'user', entityId: user.id, details: { email, outcome: 'sent' } });
    return true;
  });
  if (!allowed) return;
  const link = `${deps.publicUrl}/encuestas/admin-new-password?${new URLSearchParams({ token, email: user.email })}`;
  await deps.mailer.send({
    to: user.email,
    subject: `Restablece tu contraseña - ${deps.platformName}`,
    text: [
      `Hola ${user.name}:`,
      '',
      `Recibimos una solicitud para restablecer tu contraseña de ${deps.platformName} (${deps.institutionName}).`,
      `Abre este enlace para elegir una nueva; vence en ${RESET_TOKEN_LIFETIME_MINUTES} minutos y solo funciona una vez:`,
      '',
      link,
      '',
      'Si no lo solicitaste, ignora este correo: tu contraseña no cambiará.',
    ].join('\n'),
  });
}

/** Counts a reset request from a client address; throws 429 once the address's hourly budget is spent. */
export async function throttleResetRequest(deps: AuthDeps, address: string): Promise<void> {
  const hit = await deps.throttle.hit(RESET_REQUESTS_PER_ADDRESS, address);
  if (hit.refused) throw throttledError(deps.throttle.retryAfterSeconds(hit.blockedUntil), 'Demasiadas solicitudes de restablecimiento');
}

/**
 * Sets a new password with a mailed link. The link is spent, and so is every
 * other unused link of that user: after a reset no older mail still works.
 */
export async function resetForgottenPassword(
  deps: AuthDeps,
  input: { token: string; email: string; password: string },
): Promise<void> {
  const now = deps.throttle.now();
  const [row] = await deps.db
    .select({ id: passwordResetTokens.id, user: adminUsers })
    .from(passwordResetTokens)
    .innerJoin(adminUsers, eq(adminUsers.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashResetToken(input.token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row || row.user.email !== input.email) throw new AppError('INVALID_RESET_TOKEN');
  assertStrongPassword(input.password, passwordUserInputs(row.user));

  const passwordHash = await hashPassword(input.password);
  const userId = row.user.id;
  await deps.db.transaction(async (tx) => {
    // Marking it used inside the update's condition makes a double use lose the race.
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (used.length === 0) throw new AppError('INVALID_RESET_TOKEN');
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await tx.update(adminUsers).set({ passwordHash, updatedAt: now }).where(eq(adminUsers.id, userId));
    await audit(tx, { actorUserId: userId, action: 'password-reset', entity: 'user', entityId: userId });
  });
  await deps.tokens.revokeAllFor('admin', userId);
}
