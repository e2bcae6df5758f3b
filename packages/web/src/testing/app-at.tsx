import '../app/preact-react-parity';
import { cleanup, configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { AdminUser } from '@encuestas/core/api/auth';
import type { Respondent } from '@encuestas/core/api/respondents';
import { API_BASE_PATH, BASE_PATH } from '../app/app-config';
import { AppProviders } from '../app/app-providers';
import { appQueryClient } from '../app/query-client';
import { routes } from '../app/router';
import { SESSION_KEYS } from '../api/session-storage';

// A hang detector only: a busy 2-core machine takes over a second to load a page's chunk (findBy's default).
configure({ asyncUtilTimeout: 20_000 });

/** One request the screen sent: method, path below the API prefix, query and JSON body. */
export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** The fake server's answer to one request: a body (200) or a Response; undefined falls through to 404. */
type Handler = (request: SentRequest) => Response | unknown | undefined;

/** The fake API, keyed by `METHOD /path` (the path below /encuestas/api, without the query). */
export interface FakeApi {
  /** What the screen sent, in order. */
  sent: SentRequest[];
  /** Sets (or replaces) the answer to `METHOD /path`. */
  on: (route: string, handler: Handler | Response | object) => void;
}

export const json = (body: unknown, status = 200) => Response.json(body, { status });
/** The API's error body (core's ApiErrorBody): the Spanish message the screen should show. */
export const apiError = (status: number, code: string, message: string) => json({ error: { code, message } }, status);

export const adminUser = (permissions: readonly string[]): AdminUser => ({
  id: 1,
  name: 'Ana',
  last_name: 'López',
  maternal_sur_name: 'Ruiz',
  full_name: 'Ana López Ruiz',
  email: 'ana@uni.mx',
  avalible: true,
  created_at: '2026-01-05T10:00:00.000Z',
  permissions: [...permissions],
});

let handlers: Map<string, Handler>;
let api: FakeApi;

/**
 * Installs a fake `fetch` (the HTTP edge: everything above it is the app's own
 * code) and clears the app's cache and storage between tests. Call once at the
 * top of a `*.dom.test.tsx` file; use the returned getter in the tests.
 */
export function installFakeApi(): () => FakeApi {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    appQueryClient.clear();
    handlers = new Map();
    api = {
      sent: [],
      on: (route, handler) => handlers.set(route, typeof handler === 'function' ? (handler as Handler) : () => handler),
    };
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const request: SentRequest = {
        method: init.method ?? 'GET',
        path: url.pathname.slice(API_BASE_PATH.length),
        query: url.searchParams,
        body: init.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown),
      };
      api.sent.push(request);
      const answer = handlers.get(`${request.method} ${request.path}`)?.(request);
      if (answer === undefined) return apiError(404, 'NOT_FOUND', `Sin respuesta falsa para ${request.method} ${request.path}`);
      return answer instanceof Response ? answer.clone() : json(answer);
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return () => api;
}

/**
 * The whole app (its routes, layouts and lazy pages) at `path` (below
 * /encuestas), signed in to the back office with these permissions.
 */
export function renderAdminAt(path: string, permissions: readonly string[]) {
  const user = adminUser(permissions);
  sessionStorage.setItem(SESSION_KEYS.adminToken, 'admin-token');
  sessionStorage.setItem(SESSION_KEYS.adminUser, JSON.stringify(user));
  if (!handlers.has('GET /admin/me')) api.on('GET /admin/me', { user });
  const router = createMemoryRouter(routes, { basename: BASE_PATH, initialEntries: [`${BASE_PATH}${path}`] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user: userEvent.setup() };
}

export const student: Respondent = {
  id: 7,
  type: 'student',
  pc_id: '000000007',
  name: 'Luis',
  last_name: 'Pérez',
  maternal_sur_name: 'Soto',
  full_name: 'Luis Pérez Soto',
  email: 'luis@alumnos.uni.mx',
  campus: { id: 1, nombre: 'Puebla' },
  plan: 'LAE',
  grupo: '3A',
};

/** The whole app at `path` (below /encuestas), signed in as this respondent. */
export function renderRespondentAt(path: string, respondent: Respondent = student) {
  sessionStorage.setItem(SESSION_KEYS.studentToken, 'student-token');
  sessionStorage.setItem(SESSION_KEYS.student, JSON.stringify(respondent));
  const router = createMemoryRouter(routes, { basename: BASE_PATH, initialEntries: [`${BASE_PATH}${path}`] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user: userEvent.setup() };
}
