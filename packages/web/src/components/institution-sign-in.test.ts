import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubSessionStorage } from '../api/stub-session-storage';
import { markInstitutionSignInStarted, takeInstitutionSession } from './institution-sign-in';

/** A window whose address the test sets, recording what replaceState leaves in the address bar. */
function stubWindow(href: string) {
  const url = new URL(href);
  const history = { state: null, replaceState: vi.fn((_state: unknown, _title: string, next: string) => void (url.href = new URL(next, url).href)) };
  vi.stubGlobal('window', { location: url, history });
  return url;
}

describe('takeInstitutionSession', () => {
  beforeEach(() => {
    stubSessionStorage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes the session out of the address bar and keeps it when this tab started the round trip', () => {
    markInstitutionSignInStarted('respondents');
    const address = stubWindow('https://e.mx/encuestas/login?x=1#sesion=abc&conservar=2026-11-27T06%3A00%3A00.000Z&next=%2Fbuzon');
    expect(takeInstitutionSession('respondents')).toEqual({ token: 'abc', keptUntil: '2026-11-27T06:00:00.000Z', next: '/buzon' });
    expect(address.href).toBe('https://e.mx/encuestas/login?x=1');
    // The mark is spent: the same address opened again signs nobody in.
    stubWindow('https://e.mx/encuestas/login#sesion=abc');
    expect(takeInstitutionSession('respondents')).toBeNull();
  });

  it('drops a session this tab did not ask for (a link carrying someone else’s), or one for the other audience', () => {
    const address = stubWindow('https://e.mx/encuestas/admin-login#sesion=attacker');
    expect(takeInstitutionSession('admins')).toBeNull();
    expect(address.hash).toBe('');
    markInstitutionSignInStarted('respondents');
    stubWindow('https://e.mx/encuestas/admin-login#sesion=abc');
    expect(takeInstitutionSession('admins')).toBeNull();
  });

  it('leaves an address without a session alone', () => {
    markInstitutionSignInStarted('admins');
    stubWindow('https://e.mx/encuestas/admin-login?acceso=disabled');
    expect(takeInstitutionSession('admins')).toBeNull();
  });
});
