import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { RESET_TOKEN_LIFETIME_MINUTES, type LoginResponse } from '@encuestas/core/api/auth';
import type { Database } from '../../db/client';
import { adminUsers, passwordResetTokens } from '../../db/schema';
import { ACCOUNT_DISABLED_MESSAGE } from '../../http/auth';
import { AppError } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../http/passwords';
import type { TokenService } from '../../http/tokens';
import type { Mailer } from '../../mail/mailer';
import { findAdminByEmail, loadAdminPrincipal, toAdminUserDto } from '../users/service';

/** Reset e-mails one account may receive per hour; more are silently dropped. */
export const RESET_EMAILS_PER_HOUR = 5;

export interface AuthDeps {
  db: Database;
  tokens: TokenService;
  mailer: Mailer;
  publicUrl: string;
  platformName: string;
  institutionName: string;
}

export async function login(deps: AuthDeps, email: string, password: string): Promise<LoginResponse> {
  const user = await findAdminByEmail(deps.db, email);
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) throw new AppError('INVALID_CREDENTIALS');
  if (!user.avalible) throw new AppError('FORBIDDEN', ACCOUNT_DISABLED_MESSAGE);
  const principal = await loadAdminPrincipal(deps.db, user.id);
  const token = await deps.tokens.issue('admin', user.id);
  return { user: toAdminUserDto(user, principal?.permissions ?? []), token };
}

function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * E-mails a single-use reset link when the account exists and is enabled.
 * The caller answers the same either way, so nobody learns which e-mails exist.
 */
export async function sendResetEmail(deps: AuthDeps, email: string): Promise<void> {
  const user = await findAdminByEmail(deps.db, email);
  if (!user || !user.avalible) return;
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  const [recent] = await deps.db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.createdAt, hourAgo)));
  if ((recent?.n ?? 0) >= RESET_EMAILS_PER_HOUR) return;

  const token = randomBytes(32).toString('base64url');
  await deps.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashResetToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MINUTES * 60 * 1000),
  });
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

export async function resetForgottenPassword(
  deps: AuthDeps,
  input: { token: string; email: string; password: string },
): Promise<void> {
  const now = new Date();
  const [row] = await deps.db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId, email: adminUsers.email })
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
  if (!row || row.email !== input.email) throw new AppError('INVALID_RESET_TOKEN');

  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    // Marking it used inside the update's condition makes a double use lose the race.
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (used.length === 0) throw new AppError('INVALID_RESET_TOKEN');
    await tx.update(adminUsers).set({ passwordHash, updatedAt: now }).where(eq(adminUsers.id, row.userId));
  });
  await deps.tokens.revokeAllFor('admin', row.userId);
}
