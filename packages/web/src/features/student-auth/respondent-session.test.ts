import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Respondent } from '@encuestas/core/api/respondents';
import {
  VALIDATING_STUDENT_KEY,
  clearRespondentSession,
  getStoredRespondent,
  getValidatingRespondent,
  storeRespondentSession,
  storeValidatingRespondent,
} from './respondent-session';
import { stubLocalStorage, stubSessionStorage } from '../../api/stub-session-storage';
import { clearAllSessions, getStudentToken, KEPT_SESSION_EXPIRES_KEY } from '../../api/session-storage';

let items: Map<string, string>;
let kept: Map<string, string>;

beforeEach(() => {
  items = stubSessionStorage();
  kept = stubLocalStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const validating = {
  identifier: '100000001',
  type: 'student' as const,
  name: 'Ana',
  maskedEmail: 'an***@alumnos.encuestas.mx',
  expiresInMinutes: 10,
};

const ana: Respondent = {
  id: 1,
  type: 'student',
  pc_id: '100000001',
  name: 'Ana',
  last_name: 'Cruz',
  maternal_sur_name: 'Álvarez',
  full_name: 'Ana Cruz Álvarez',
  email: 'ana.cruz1@alumnos.encuestas.mx',
  campus: { id: 1, nombre: 'Puebla' },
};

describe('respondent session (spec §7 keys)', () => {
  it('keeps the validating student between the two login steps', () => {
    storeValidatingRespondent(validating);
    expect(items.has(VALIDATING_STUDENT_KEY)).toBe(true);
    expect(getValidatingRespondent()).toEqual(validating);
  });

  it('stores studentToken and student, and forgets the validation step', () => {
    storeValidatingRespondent(validating);
    storeRespondentSession('tok', ana);
    expect(items.get('studentToken')).toBe('tok');
    expect(JSON.parse(items.get('student')!)).toEqual(ana);
    expect(getStoredRespondent()).toEqual(ana);
    expect(getValidatingRespondent()).toBeNull();
  });

  it('logout clears the validating student, the token and the student', () => {
    storeRespondentSession('tok', ana);
    storeValidatingRespondent(validating);
    items.set('token', 'admin-token');
    clearRespondentSession();
    expect([...items.keys()]).toEqual(['token']);
  });

  it.each(['{bad', '[]', '{"id":"1"}', JSON.stringify({ ...ana, type: 'admin' })])('ignores a stored student like %s', (raw) => {
    items.set('student', raw);
    expect(getStoredRespondent()).toBeNull();
  });
});

describe("'Mantener la sesión en este dispositivo'", () => {
  const endOfDay = new Date(Date.now() + 3_600_000).toISOString();

  it('unticked, the session stays in sessionStorage and nothing is left in localStorage', () => {
    storeRespondentSession('tok', ana, { keepSession: false, sessionExpiresAt: endOfDay });
    expect(items.get('studentToken')).toBe('tok');
    expect(kept.size).toBe(0);
    expect(getStudentToken()).toBe('tok');
  });

  it('ticked, the token, the respondent and the end of the session go to localStorage, so a new tab is signed in', () => {
    storeValidatingRespondent(validating);
    storeRespondentSession('tok', ana, { keepSession: true, sessionExpiresAt: endOfDay });
    expect(kept.get('studentToken')).toBe('tok');
    expect(kept.get(KEPT_SESSION_EXPIRES_KEY)).toBe(endOfDay);
    expect(JSON.parse(kept.get('student')!)).toEqual(ana);
    expect([...items.keys()]).toEqual([]);
    items.clear(); // a new tab or a restarted browser: sessionStorage is empty
    expect(getStudentToken()).toBe('tok');
    expect(getStoredRespondent()).toEqual(ana);
  });

  it('a kept session whose day has ended is forgotten', () => {
    storeRespondentSession('tok', ana, { keepSession: true, sessionExpiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(getStudentToken()).toBeNull();
    expect(getStoredRespondent()).toBeNull();
    expect(kept.size).toBe(0);
  });

  it('a later unticked sign-in on the same device replaces the kept one', () => {
    storeRespondentSession('kept', ana, { keepSession: true, sessionExpiresAt: endOfDay });
    storeRespondentSession('tab', { ...ana, id: 2 }, { keepSession: false, sessionExpiresAt: endOfDay });
    expect(kept.size).toBe(0);
    expect(getStudentToken()).toBe('tab');
  });

  it('logout and the 401 rule clear a kept session too', () => {
    storeRespondentSession('tok', ana, { keepSession: true, sessionExpiresAt: endOfDay });
    clearRespondentSession();
    expect(kept.size).toBe(0);
    storeRespondentSession('tok', ana, { keepSession: true, sessionExpiresAt: endOfDay });
    clearAllSessions();
    expect(kept.size).toBe(0);
    expect(getStudentToken()).toBeNull();
  });
});
