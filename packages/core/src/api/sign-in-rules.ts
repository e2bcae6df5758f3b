/**
 * The rules of the respondent sign-in fields, without zod: the sign-in pages
 * check them in the browser without loading a schema library, and
 * `identifierSchema`/`validateCodeSchema` (./respondents) apply the very same
 * functions on the server.
 */
import { regexes } from 'zod/v4/core';

export const PC_ID_PATTERN = /^\d{9}$/;
export const IDENTIFIER_MESSAGE = 'Escribe tu número de control de 9 dígitos o tu correo institucional';
export const IDENTIFIER_MAX_LENGTH = 255;

export const CODE_LENGTH = 6;
export const CODE_MESSAGE = 'Escribe el código de 6 dígitos que te enviamos';
const CODE_PATTERN = /^\d{6}$/;

/**
 * A 9-digit pc_id or an e-mail (zod's e-mail pattern: the regex alone, no
 * schema code), normalised: trimmed, an e-mail lower-cased. Null when it is
 * neither.
 */
export function normalizeIdentifier(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > IDENTIFIER_MAX_LENGTH) return null;
  if (PC_ID_PATTERN.test(trimmed)) return trimmed;
  return regexes.email.test(trimmed) ? trimmed.toLowerCase() : null;
}

/** The one-time code as typed (spaces around it allowed), or null when it is not six digits. */
export function normalizeLoginCode(value: string): string | null {
  const trimmed = value.trim();
  return CODE_PATTERN.test(trimmed) ? trimmed : null;
}
