import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorMessage } from './api-error';
import { apiRequest, buildApiUrl, unauthorizedRedirectTarget } from './client';
import { SESSION_KEYS } from './session-storage';

/** A Storage backed by a Map, standing in for the browser's sessionStorage. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let storage: Storage;
let assign: ReturnType<typeof vi.fn>;
let fetchMock: ReturnType<typeof vi.fn>;

function visit(pathname: string): void {
  vi.stubGlobal('window', { location: { pathname, assign } });
}

function storeEverySession(): void {
  storage.setItem(SESSION_KEYS.adminToken, 'admin-token');
  storage.setItem(SESSION_KEYS.adminUser, '{"id":1}');
  storage.setItem(SESSION_KEYS.studentToken, 'student-token');
  storage.setItem(SESSION_KEYS.student, '{"pc_id":"000000001"}');
}

beforeEach(() => {
  storage = memoryStorage();
  assign = vi.fn();
  fetchMock = vi.fn();
  vi.stubGlobal('sessionStorage', storage);
  vi.stubGlobal('fetch', fetchMock);
  visit('/encuestas/admin');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('unauthorizedRedirectTarget', () => {
  it.each([
    ['/encuestas/admin', '/encuestas/admin-login'],
    ['/encuestas/admin/users/3', '/encuestas/admin-login'],
    ['/encuestas/admin-new-password', '/encuestas/admin-login'],
    ['/encuestas/', '/encuestas/login'],
    ['/encuestas/alumnos/serviciosA', '/encuestas/login'],
    ['/encuestas/evaluated-list', '/encuestas/login'],
  ])('sends %s to %s', (pathname, target) => {
    expect(unauthorizedRedirectTarget(pathname)).toBe(target);
  });
});

describe('buildApiUrl', () => {
  it('prefixes the API base and drops empty query values', () => {
    expect(buildApiUrl('/actives', { page: 1, campusId: '', periodoId: undefined, perPage: 10 })).toBe(
      '/encuestas/api/actives?page=1&perPage=10',
    );
    expect(buildApiUrl('admin/me')).toBe('/encuestas/api/admin/me');
  });
});

describe('apiRequest', () => {
  it('sends JSON with the back-office bearer token and returns the body', async () => {
    storage.setItem(SESSION_KEYS.adminToken, 'admin-token');
    fetchMock.mockResolvedValue(jsonResponse(200, { user: { id: 1 } }));

    await expect(apiRequest('/admin/me')).resolves.toEqual({ user: { id: 1 } });

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/encuestas/api/admin/me');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer admin-token' });
  });

  it('uses the respondent token when asked', async () => {
    storage.setItem(SESSION_KEYS.adminToken, 'admin-token');
    storage.setItem(SESSION_KEYS.studentToken, 'student-token');
    fetchMock.mockResolvedValue(jsonResponse(200, {}));

    await apiRequest('/students/me', { auth: 'student' });

    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer student-token' });
  });

  it('clears every session and goes to the admin login on a 401 under /encuestas/admin', async () => {
    storeEverySession();
    fetchMock.mockResolvedValue(
      jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Tu sesión expiró o no has iniciado sesión.' } }),
    );

    await expect(apiRequest('/admin/me')).rejects.toMatchObject({ status: 401 });

    expect(storage.length).toBe(0);
    expect(assign).toHaveBeenCalledWith('/encuestas/admin-login');
  });

  it('sends respondents to /encuestas/login on a 401 elsewhere', async () => {
    visit('/encuestas/alumnos/serviciosA');
    storeEverySession();
    fetchMock.mockResolvedValue(jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } }));

    await expect(apiRequest('/surveys', { auth: 'student' })).rejects.toBeInstanceOf(ApiError);

    expect(storage.length).toBe(0);
    expect(assign).toHaveBeenCalledWith('/encuestas/login');
  });

  it('keeps the page and the storage on a wrong password at login', async () => {
    visit('/encuestas/admin-login');
    storage.setItem(SESSION_KEYS.studentToken, 'student-token');
    fetchMock.mockResolvedValue(
      jsonResponse(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Correo o contraseña incorrectos.' } }),
    );

    await expect(
      apiRequest('/admin/login', { method: 'POST', body: {}, auth: 'none', redirectOnUnauthorized: false }),
    ).rejects.toMatchObject({ status: 401, message: 'Correo o contraseña incorrectos.' });

    expect(assign).not.toHaveBeenCalled();
    expect(storage.getItem(SESSION_KEYS.studentToken)).toBe('student-token');
  });

  it('keeps the session on a 403 and surfaces the Spanish message', async () => {
    storeEverySession();
    fetchMock.mockResolvedValue(
      jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción.' } }),
    );

    const error = await apiRequest('/users').catch((e: unknown) => e);

    expect(errorMessage(error)).toBe('No tienes permiso para realizar esta acción.');
    expect(storage.length).toBe(4);
    expect(assign).not.toHaveBeenCalled();
  });

  it('joins the field messages of a 422 with commas', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(422, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Revisa los datos marcados.',
          fields: { startDate: ['Seleccione la fecha de inicio'], endDate: ['Seleccione la fecha de fin'] },
        },
      }),
    );

    const error = await apiRequest('/actives', { method: 'POST', body: {} }).catch((e: unknown) => e);

    expect(errorMessage(error)).toBe('Seleccione la fecha de inicio, Seleccione la fecha de fin');
  });

  it('gives a Spanish message when the answer is not the API error shape', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await apiRequest('/health').catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 502, code: 'INTERNAL' });
    expect(errorMessage(error)).toBe('Ocurrió un error inesperado. Inténtalo de nuevo más tarde.');
  });

  it('reports a network failure as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(apiRequest('/health')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
