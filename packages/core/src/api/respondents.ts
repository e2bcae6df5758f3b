import { z } from 'zod';
import type { RespondentType } from '../survey-kinds';
import { CODE_MESSAGE, IDENTIFIER_MESSAGE, normalizeIdentifier, normalizeLoginCode } from './sign-in-rules';

export { CODE_LENGTH, IDENTIFIER_MESSAGE, PC_ID_PATTERN } from './sign-in-rules';

/** A 9-digit pc_id or an e-mail, normalised (trimmed; e-mail lower-cased): the rule is normalizeIdentifier's. */
export const identifierSchema = z.string({ error: IDENTIFIER_MESSAGE }).transform((value, ctx) => {
  const identifier = normalizeIdentifier(value);
  if (identifier !== null) return identifier;
  ctx.addIssue({ code: 'custom', message: IDENTIFIER_MESSAGE });
  return z.NEVER;
});

/**
 * Asking for a code takes no 'keep me signed in': whoever asks need not be the
 * person the code goes to, so that choice is made where the code or link is
 * used (a `keepSession` sent here, by an older page, is ignored).
 */
export const requestCodeSchema = z.object({
  identifier: identifierSchema,
});

/** `next`: the page the respondent was going to, for the e-mailed link (the server keeps it only if respondentReturnPath does). */
export type RequestCodeRequest = z.input<typeof requestCodeSchema> & { next?: string | null };

/** 'Mantener la sesión en este dispositivo', chosen by whoever types the code or opens the link: off unless ticked. */
const keepSessionSchema = z.boolean({ error: 'Indica si quieres mantener la sesión' }).optional().default(false);

export const validateCodeSchema = z.object({
  identifier: identifierSchema,
  code: z.string({ error: CODE_MESSAGE }).transform((value, ctx) => {
    const code = normalizeLoginCode(value);
    if (code !== null) return code;
    ctx.addIssue({ code: 'custom', message: CODE_MESSAGE });
    return z.NEVER;
  }),
  keepSession: keepSessionSchema,
});
export type ValidateCodeRequest = z.input<typeof validateCodeSchema>;

export const SIGN_IN_LINK_PATH = '/login/enlace';
export const LINK_TOKEN_MESSAGE = 'El enlace para entrar no es válido. Copia el enlace completo del correo o escribe el código.';
/** The single-use sign-in link's token: 32 random bytes in base64url, carried in the link's fragment. */
export const signInLinkSchema = z.object({
  token: z.string({ error: LINK_TOKEN_MESSAGE }).trim().regex(/^[A-Za-z0-9_-]{43}$/, LINK_TOKEN_MESSAGE),
  keepSession: keepSessionSchema,
});
export type SignInLinkRequest = z.input<typeof signInLinkSchema>;

export const respondentTypeSchema = z.enum(['student', 'teacher', 'staff'] satisfies RespondentType[]);

/** What a successful sign-in (code or link) answers besides the respondent. */
export const respondentSignInSchema = z.object({
  token: z.string(),
  /** True when whoever used the code or link asked to stay signed in on this device until the end of the day. */
  keepSession: z.boolean(),
  /** When the session ends (ISO 8601). */
  sessionExpiresAt: z.string(),
});
export type RespondentSignIn = z.infer<typeof respondentSignInSchema>;

/** Who is being validated (spec §3 validatingStudent): enough to recognise oneself, no more. */
export const validatingRespondentSchema = z.object({
  identifier: z.string(),
  type: respondentTypeSchema,
  name: z.string(),
  maskedEmail: z.string(),
  expiresInMinutes: z.number(),
});
export type ValidatingRespondent = z.infer<typeof validatingRespondentSchema>;

/** POST /respondents/code (201). */
export const requestCodeAnswerSchema = z.object({ validatingStudent: validatingRespondentSchema });
export type RequestCodeAnswer = z.infer<typeof requestCodeAnswerSchema>;

/** A logged-in respondent as the survey pages see them. */
export const respondentSchema = z.object({
  id: z.number(),
  type: respondentTypeSchema,
  pc_id: z.string(),
  name: z.string(),
  last_name: z.string(),
  maternal_sur_name: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  campus: z.object({ id: z.number(), nombre: z.string() }),
  /** Students only. */
  plan: z.string().optional(),
  grupo: z.string().optional(),
  sesion: z.string().optional(),
  /** Staff only. */
  puesto: z.string().optional(),
});
export type Respondent = z.infer<typeof respondentSchema>;

/** GET /respondents/me */
export const respondentMeAnswerSchema = z.object({ respondent: respondentSchema });
export type RespondentMeAnswer = z.infer<typeof respondentMeAnswerSchema>;

/**
 * POST /respondents/code/validate and /respondents/link/validate: the session and the respondent under the key
 * of their type (the spec names it after who logged in: student, teacher or staff).
 */
export const respondentSignInAnswerSchema = respondentSignInSchema.extend({
  respondentType: respondentTypeSchema,
  student: respondentSchema.optional(),
  teacher: respondentSchema.optional(),
  staff: respondentSchema.optional(),
});
export type RespondentSignInAnswer = z.infer<typeof respondentSignInAnswerSchema>;

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const visible = local.slice(0, Math.min(2, Math.max(1, local.length - 1)));
  return `${visible}${'*'.repeat(Math.max(3, local.length - visible.length))}@${domain}`;
}
