/**
 * One-time-code login for respondents. Codes expire in 10 minutes and allow
 * 5 attempts; requests are limited per identity (never per IP: a whole
 * campus shares one address). Unknown identifiers count toward the limits.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { maskEmail, type Respondent, type ValidatingRespondent } from '@encuestas/core/api/respondents';
import type { Database } from '../../db/client';
import { respondentLoginCodes } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import type { TokenService } from '../../http/tokens';
import type { Mailer } from '../../mail/mailer';
import { findRespondent, loadRespondent } from './directory';

export const CODE_LIFETIME_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_REQUESTS_PER_WINDOW = 5;
export const CODE_REQUEST_WINDOW_MINUTES = 15;

export const UNKNOWN_IDENTIFIER_MESSAGE =
  'No encontramos a nadie con ese número de control o correo. Revisa que esté bien escrito o acude a Servicios Escolares.';
export const NO_EMAIL_MESSAGE =
  'No tenemos un correo registrado para ti, así que no podemos enviarte el código. Acude a Servicios Escolares para registrarlo.';
export const TOO_MANY_CODES_MESSAGE = `Ya solicitaste varios códigos. Espera ${CODE_REQUEST_WINDOW_MINUTES} minutos antes de pedir otro.`;
export const CODE_EXPIRED_MESSAGE = 'El código expiró o ya se usó. Solicita uno nuevo.';
export const CODE_ATTEMPTS_EXHAUSTED_MESSAGE = 'Agotaste los intentos para este código. Solicita uno nuevo.';

export interface LoginCodeDeps {
  db: Database;
  tokens: TokenService;
  mailer: Mailer;
  /** Keys the code hashes, so a database dump does not reveal live codes. */
  secret: string;
  platformName: string;
  institutionName: string;
}

function hashCode(secret: string, codeRowIdentifier: string, code: string): string {
  return createHmac('sha256', secret).update(`${codeRowIdentifier}:${code}`).digest('hex');
}

export async function requestLoginCode(deps: LoginCodeDeps, identifier: string): Promise<ValidatingRespondent> {
  const { db } = deps;
  const since = new Date(Date.now() - CODE_REQUEST_WINDOW_MINUTES * 60 * 1000);
  const [recent] = await db
    .select({ n: count() })
    .from(respondentLoginCodes)
    .where(and(eq(respondentLoginCodes.identifier, identifier), gt(respondentLoginCodes.createdAt, since)));
  if ((recent?.n ?? 0) >= CODE_REQUESTS_PER_WINDOW) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_CODES_MESSAGE);

  const respondent = await findRespondent(db, identifier);
  const expiresAt = new Date(Date.now() + CODE_LIFETIME_MINUTES * 60 * 1000);
  if (!respondent) {
    // Recorded without a code so that guessing identifiers is limited too.
    await db.insert(respondentLoginCodes).values({ identifier, expiresAt, consumedAt: new Date() });
    throw fieldError('identifier', UNKNOWN_IDENTIFIER_MESSAGE);
  }
  if (!respondent.email) throw fieldError('identifier', NO_EMAIL_MESSAGE);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    // A new code replaces any earlier one still pending.
    await tx
      .update(respondentLoginCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(respondentLoginCodes.identifier, identifier), isNull(respondentLoginCodes.consumedAt)));
    await tx.insert(respondentLoginCodes).values({
      identifier,
      respondentType: respondent.type,
      respondentId: respondent.id,
      codeHash: hashCode(deps.secret, identifier, code),
      expiresAt,
    });
  });
  await deps.mailer.send({
    to: respondent.email,
    subject: `Tu código de acceso: ${code} - ${deps.platformName}`,
    text: [
      `Hola ${respondent.name}:`,
      '',
      `Tu código para entrar a las encuestas de ${deps.institutionName} es:`,
      '',
      `    ${code}`,
      '',
      `Vence en ${CODE_LIFETIME_MINUTES} minutos y solo funciona una vez.`,
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

export async function validateLoginCode(
  deps: LoginCodeDeps,
  identifier: string,
  code: string,
): Promise<{ token: string; respondent: Respondent }> {
  const { db } = deps;
  const [row] = await db
    .select()
    .from(respondentLoginCodes)
    .where(
      and(
        eq(respondentLoginCodes.identifier, identifier),
        isNull(respondentLoginCodes.consumedAt),
        gt(respondentLoginCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(respondentLoginCodes.createdAt))
    .limit(1);
  if (!row || !row.codeHash || !row.respondentType || !row.respondentId) throw fieldError('code', CODE_EXPIRED_MESSAGE);
  if (row.attempts >= MAX_CODE_ATTEMPTS) throw new AppError('TOO_MANY_REQUESTS', CODE_ATTEMPTS_EXHAUSTED_MESSAGE);

  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(deps.secret, identifier, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const [updated] = await db
      .update(respondentLoginCodes)
      .set({ attempts: sql`${respondentLoginCodes.attempts} + 1` })
      .where(eq(respondentLoginCodes.id, row.id))
      .returning({ attempts: respondentLoginCodes.attempts });
    const left = MAX_CODE_ATTEMPTS - (updated?.attempts ?? MAX_CODE_ATTEMPTS);
    if (left <= 0) throw new AppError('TOO_MANY_REQUESTS', CODE_ATTEMPTS_EXHAUSTED_MESSAGE);
    throw fieldError('code', `El código no es correcto. Te ${left === 1 ? 'queda 1 intento' : `quedan ${left} intentos`}.`);
  }

  // Consuming inside the condition makes a double use of one code lose the race.
  const consumed = await db
    .update(respondentLoginCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(respondentLoginCodes.id, row.id), isNull(respondentLoginCodes.consumedAt)))
    .returning({ id: respondentLoginCodes.id });
  if (consumed.length === 0) throw fieldError('code', CODE_EXPIRED_MESSAGE);

  const type = row.respondentType as Respondent['type'];
  const respondent = await loadRespondent(db, type, { id: row.respondentId });
  if (!respondent) throw fieldError('identifier', UNKNOWN_IDENTIFIER_MESSAGE);
  const token = await deps.tokens.issue(type, respondent.id);
  return { token, respondent };
}
