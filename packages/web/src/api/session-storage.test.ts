import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_KEYS,
  clearAdminSession,
  clearAllSessions,
  getAdminToken,
  getStoredAdminUser,
  storeAdminSession,
} from './session-storage';
import { stubSessionStorage } from './stub-session-storage';

const user = {
  id: 1,
  name: 'Ana',
  last_name: 'López',
  maternal_sur_name: 'Ruiz',
  full_name: 'Ana López Ruiz',
  email: 'ana@example.mx',
  avalible: true,
  created_at: '2026-01-10T00:00:00.000Z',
  permissions: ['Ver Usuarios'],
};

let items: Map<string, string>;

beforeEach(() => {
  items = stubSessionStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session storage', () => {
  it('stores the back-office session under token and user', () => {
    storeAdminSession('abc', user);

    expect(items.get('token')).toBe('abc');
    expect(JSON.parse(items.get('user') ?? '')).toEqual(user);
    expect(getAdminToken()).toBe('abc');
    expect(getStoredAdminUser()).toEqual(user);
  });

  it('logout clears only the back-office keys', () => {
    storeAdminSession('abc', user);
    items.set(SESSION_KEYS.studentToken, 's');

    clearAdminSession();

    expect([...items.keys()]).toEqual(['studentToken']);
  });

  it('the 401 rule clears studentToken, student, token and user', () => {
    storeAdminSession('abc', user);
    items.set('studentToken', 's');
    items.set('student', '{}');
    items.set('unrelated', 'kept');

    clearAllSessions();

    expect([...items.keys()]).toEqual(['unrelated']);
  });

  it('treats an unreadable stored user as no user', () => {
    items.set('user', '{not json');
    expect(getStoredAdminUser()).toBeNull();
  });

  it('works without any storage', () => {
    vi.stubGlobal('sessionStorage', undefined);
    expect(getAdminToken()).toBeNull();
    expect(() => clearAllSessions()).not.toThrow();
  });
});
