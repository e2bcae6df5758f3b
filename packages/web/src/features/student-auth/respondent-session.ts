import type { Respondent, ValidatingRespondent } from '@encuestas/core/api/respondents';
import { safeLocalStorage, safeSessionStorage } from '../../api/safe-session-storage';
import { forgetRespondentSession, KEPT_SESSION_EXPIRES_KEY, respondentStorage, SESSION_KEYS } from '../../api/session-storage';

/**
 * The respondent's session in sessionStorage (spec §3, §7): `studentToken`
 * and `student` (the logged-in respondent as JSON, whatever their type) once
 * the code is validated, and `validatingStudent` between asking for a code
 * and typing it. Logout clears all three (spec §4). A respondent who asked to
 * stay signed in on this device keeps the first two in localStorage until the
 * end of the day instead (api/session-storage.ts).
 */
export const VALIDATING_STUDENT_KEY = 'validatingStudent';

const { write, remove } = safeSessionStorage;

function readJson<T>(key: string, isValid: (value: Record<string, unknown>) => boolean, from = safeSessionStorage): T | null {
  try {
    const raw = from.read(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return isValid(parsed as Record<string, unknown>) ? (parsed as T) : null;
  } catch {
    return null;
  }
}

const RESPONDENT_TYPES = ['student', 'teacher', 'staff'];

export function getValidatingRespondent(): ValidatingRespondent | null {
  return readJson<ValidatingRespondent>(
    VALIDATING_STUDENT_KEY,
    (v) => typeof v.identifier === 'string' && typeof v.maskedEmail === 'string' && RESPONDENT_TYPES.includes(String(v.type)),
  );
}

export function storeValidatingRespondent(validating: ValidatingRespondent): void {
  write(VALIDATING_STUDENT_KEY, JSON.stringify(validating));
}

export function clearValidatingRespondent(): void {
  remove(VALIDATING_STUDENT_KEY);
}

/** The logged-in respondent, or null when missing or unreadable. */
export function getStoredRespondent(): Respondent | null {
  return readJson<Respondent>(
    SESSION_KEYS.student,
    (v) => typeof v.id === 'number' && RESPONDENT_TYPES.includes(String(v.type)) && typeof v.campus === 'object' && v.campus !== null,
    respondentStorage(),
  );
}

/** How long the server keeps the session, as the sign-in answered. */
export interface SessionLifetime {
  keepSession: boolean;
  sessionExpiresAt: string;
}

/**
 * After the code or link is validated: token and respondent in, the validation
 * step done. A kept session goes to localStorage with its end, so a personal
 * phone stays signed in for the rest of the day; otherwise sessionStorage, as
 * before, and nothing is left in localStorage.
 */
export function storeRespondentSession(token: string, respondent: Respondent, lifetime?: SessionLifetime): void {
  forgetRespondentSession(safeSessionStorage);
  forgetRespondentSession(safeLocalStorage);
  const store = lifetime?.keepSession ? safeLocalStorage : safeSessionStorage;
  if (lifetime?.keepSession) store.write(KEPT_SESSION_EXPIRES_KEY, lifetime.sessionExpiresAt);
  store.write(SESSION_KEYS.studentToken, token);
  store.write(SESSION_KEYS.student, JSON.stringify(respondent));
  clearValidatingRespondent();
}

export function storeRespondent(respondent: Respondent): void {
  respondentStorage().write(SESSION_KEYS.student, JSON.stringify(respondent));
}

/** Student logout (spec §4): the validating student, the token and the respondent, kept or not. */
export function clearRespondentSession(): void {
  forgetRespondentSession(safeSessionStorage);
  forgetRespondentSession(safeLocalStorage);
  clearValidatingRespondent();
}
