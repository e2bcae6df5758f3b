import '../app/preact-react-parity';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { AdminUser } from '@encuestas/core/api/auth';
import type { Respondent } from '@encuestas/core/api/respondents';
import { SESSION_KEYS } from '../api/session-storage';
import { API_BASE_PATH, BASE_PATH } from '../app/app-config';
import { AppProviders } from '../app/app-providers';
import { MuiTheme } from '../app/mui-theme';
import { appQueryClient } from '../app/query-client';
import { routes as appRoutes } from '../app/router';

/**
 * The one harness of the component tests (`*.dom.test.tsx`): a fake server at
 * the HTTP edge only, and the screen (renderScreen) or the whole app at a path
 * (renderAdminAt, renderRespondentAt). Each test says what `METHOD /path`
 * answers (a body, a Response, or a function of the request) and reads what
 * was sent. Everything between the screen and fetch (API client, query cache,
 * theme, router) is the app's own. dom-setup.ts installs the fake server
 * around every test of every file (a setup file runs for each file, also when
 * the files of a worker share their modules).
 */

export interface SentRequest {
  method: string;
  /** The path below the API prefix, with its query string. */
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

/** An answer: a Response, or a body sent as JSON (200); undefined falls through to 404. A function that throws is a dropped connection. */
type Reply = (request: SentRequest) => Response | unknown | Promise<Response | unknown>;

let routes: Map<string, Reply[]>;
/** Every request the screen made, in order. */
export let sent: SentRequest[] = [];

/**
 * `METHOD /path` (no query string) answers with `replies` from now on (a body, a Response or a function of
 * the request); several replies for one route answer in turn, the last one repeating.
 */
export function answer(route: string, ...replies: (Reply | Response | object | null)[]): void {
  routes.set(
    route,
    replies.map((reply): Reply => {
      if (typeof reply === 'function') return reply as Reply;
      if (reply instanceof Response) return () => reply.clone();
      return () => reply;
    }),
  );
}

/** A server refusal with the API's error body (core's ApiErrorBody): the Spanish message the screen should show. */
export function apiError(status: number, code: string, message: string, fields?: Record<string, string[]>): Reply {
  return () => Response.json({ error: { code, message, ...(fields ? { fields } : {}) } }, { status });
}

/** Requests made to `METHOD /path` (query string ignored). */
export function sentTo(route: string): SentRequest[] {
  return sent.filter((request) => `${request.method} ${request.path.split('?')[0]}` === route);
}

/** Before each test: no routes answered, nothing sent, fetch answered by the fake server. */
export function installFakeServer(): void {
  routes = new Map();
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(url).slice(API_BASE_PATH.length);
    const request: SentRequest = {
      method,
      path,
      query: new URL(path, 'http://localhost').searchParams,
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    sent.push(request);
    const replies = routes.get(`${method} ${path.split('?')[0]}`);
    const reply = replies && (replies.length > 1 ? replies.shift()! : replies[0]!);
    const answered = reply ? await reply(request) : undefined;
    if (answered === undefined) return Response.json({ error: { code: 'NOT_FOUND', message: `Sin respuesta de prueba: ${method} ${path}` } }, { status: 404 });
    return answered instanceof Response ? answered : Response.json(answered);
  });
}

/** After each test: the screen unmounted, and no cache, storage or stub left for the next test or file. */
export function removeFakeServer(): void {
  cleanup();
  appQueryClient.clear();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
}

function renderRouter(routeObjects: RouteObject[], initialEntry: string, basename?: string) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [initialEntry], ...(basename ? { basename } : {}) });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user: userEvent.setup() };
}

/**
 * The screen at `path`, as the app mounts it: in the app's providers, MUI's theme (which the router gives
 * the pages drawn with MUI) and a router (other paths render their name, to see where a link went).
 */
export function renderScreen(element: ReactElement, { path = '/', route = path }: { path?: string; route?: string } = {}) {
  return renderRouter(
    [
      { path: route, element: <MuiTheme>{element}</MuiTheme> },
      { path: '*', element: <p>Otra página</p> },
    ],
    path,
  );
}

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

/** The user signInAdmin signs in (named apart from the people the screens list). */
const signedInUser = (permissions: readonly string[]): AdminUser => ({
  ...adminUser(permissions),
  name: 'Laura',
  last_name: 'Méndez',
  maternal_sur_name: 'Soto',
  full_name: 'Laura Méndez Soto',
  email: 'laura@example.mx',
  created_at: '2026-01-01T00:00:00.000Z',
});

function storeAdminSession(user: AdminUser): void {
  sessionStorage.setItem(SESSION_KEYS.adminToken, 'admin-token');
  sessionStorage.setItem(SESSION_KEYS.adminUser, JSON.stringify(user));
}

/** A back-office user signed in with these permissions (stored as at login, and confirmed by GET /admin/me). */
export function signInAdmin(permissions: readonly string[]): void {
  const user = signedInUser(permissions);
  storeAdminSession(user);
  answer('GET /admin/me', { user });
}

/**
 * The whole app (its routes, layouts and lazy pages) at `path` (below /encuestas), signed in to the back
 * office with these permissions; GET /admin/me confirms them unless the test answered it first.
 */
export function renderAdminAt(path: string, permissions: readonly string[]) {
  const user = adminUser(permissions);
  storeAdminSession(user);
  if (!routes.has('GET /admin/me')) answer('GET /admin/me', { user });
  return renderRouter(appRoutes, `${BASE_PATH}${path}`, BASE_PATH);
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
  return renderRouter(appRoutes, `${BASE_PATH}${path}`, BASE_PATH);
}
