import type { AdminUser } from '@encuestas/core/api/auth';
import { safeLocalStorage, safeSessionStorage, type SafeStorage } from './safe-session-storage';

/** Session storage keys (spec §7): back-office user and respondent. */
export const SESSION_KEYS = {
  adminToken: 'token',
  adminUser: 'user',
  studentToken: 'studentToken',
  student: 'student',
} as const;

/**
 * A respondent who ticked 'Mantener la sesión en este dispositivo' keeps
 * studentToken and student in localStorage, with the instant the server ends
 * that session under this key; everyone else keeps today's sessionStorage,
 * which a shared computer forgets when the browser closes.
 */
export const KEPT_SESSION_EXPIRES_KEY = 'studentSessionExpiresAt';
const RESPONDENT_KEYS = [SESSION_KEYS.studentToken, SESSION_KEYS.student, KEPT_SESSION_EXPIRES_KEY] as const;

/** Forgets the respondent's session in localStorage (kept) or in sessionStorage. */
export function forgetRespondentSession(store: SafeStorage): void {
  for (const key of RESPONDENT_KEYS) store.remove(key);
}

/** True while a kept session's day has not ended; an ended one is forgotten. */
function keptSessionOpen(now: number): boolean {
  const raw = safeLocalStorage.read(KEPT_SESSION_EXPIRES_KEY);
  if (raw === null) return false;
  const expiresAt = Date.parse(raw);
  if (Number.isFinite(expiresAt) && expiresAt > now) return true;
  forgetRespondentSession(safeLocalStorage);
  return false;
}

/** Where the respondent's session lives: this tab's sessionStorage first, then a kept session. */
export function respondentStorage(now = Date.now()): SafeStorage {
  if (read(SESSION_KEYS.studentToken) === null && keptSessionOpen(now)) return safeLocalStorage;
  return safeSessionStorage;
}

/** Everything the 401 rule clears (spec §8). */
const ALL_SESSION_KEYS = [
  SESSION_KEYS.studentToken,
  SESSION_KEYS.student,
  SESSION_KEYS.adminToken,
  SESSION_KEYS.adminUser,
] as const;

const { read, write, remove } = safeSessionStorage;

export function getAdminToken(): string | null {
  return read(SESSION_KEYS.adminToken) || null;
}

export function getStudentToken(): string | null {
  return respondentStorage().read(SESSION_KEYS.studentToken) || null;
}

/** The stored back-office user, or null when missing or unreadable. */
export function getStoredAdminUser(): AdminUser | null {
  const raw = read(SESSION_KEYS.adminUser);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const user = parsed as AdminUser;
    return { ...user, permissions: Array.isArray(user.permissions) ? user.permissions : [] };
  } catch {
    return null;
  }
}

export function storeAdminUser(user: AdminUser): void {
  write(SESSION_KEYS.adminUser, JSON.stringify(user));
}

export function storeAdminSession(token: string, user: AdminUser): void {
  write(SESSION_KEYS.adminToken, token);
  storeAdminUser(user);
}

/** Logout of the back office: token and user only. */
export function clearAdminSession(): void {
  remove(SESSION_KEYS.adminToken);
  remove(SESSION_KEYS.adminUser);
}

/** The 401 rule: respondent and back-office sessions both go. */
export function clearAllSessions(): void {
  for (const key of ALL_SESSION_KEYS) remove(key);
  forgetRespondentSession(safeLocalStorage);
}
