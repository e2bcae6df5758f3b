import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Respondent } from '@encuestas/core/api/respondents';
import { stubLocalStorage, stubSessionStorage } from '../../../api/stub-session-storage';
import { requestLoginCode, signInWithLink, validateLoginCode } from './respondent-auth-api';

const ana = { id: 1, type: 'student', pc_id: '100000001', name: 'Ana', campus: { id: 1, nombre: 'Puebla' } } as Respondent;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  stubSessionStorage();
  stubLocalStorage();
  fetchMock = vi.fn(async (url: string) => {
    const body = url.endsWith('/respondents/code')
      ? { validatingStudent: { identifier: '100000001', type: 'student', name: 'Ana', maskedEmail: 'an***@x.mx', expiresInMinutes: 10 } }
      : { token: 't', keepSession: true, sessionExpiresAt: '2026-11-24T06:00:00.000Z', respondentType: 'student', student: ana };
    return new Response(JSON.stringify(body), { status: url.endsWith('/respondents/code') ? 201 : 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('window', { location: { pathname: '/encuestas/login', assign: vi.fn() } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The JSON body of the n-th request sent. */
const sentBody = (n = 0) => JSON.parse(String((fetchMock.mock.calls[n]![1] as RequestInit).body)) as Record<string, unknown>;

describe('who chooses "Mantener la sesión en este dispositivo"', () => {
  it('asking for a code carries no choice: anyone can ask for anyone’s code', async () => {
    await requestLoginCode({ identifier: '100000001', next: '/buzon' });
    expect(sentBody()).toEqual({ identifier: '100000001', next: '/buzon' });
  });

  it('typing the code or opening the link carries the choice of the person there, and reads the kept session back', async () => {
    const byCode = await validateLoginCode({ identifier: '100000001', code: '123456', keepSession: true });
    expect(sentBody(0)).toEqual({ identifier: '100000001', code: '123456', keepSession: true });
    expect(byCode).toMatchObject({ token: 't', keepSession: true, sessionExpiresAt: '2026-11-24T06:00:00.000Z', respondent: ana });

    await signInWithLink({ token: 'A'.repeat(43), keepSession: false });
    expect(sentBody(1)).toEqual({ token: 'A'.repeat(43), keepSession: false });
  });
});
