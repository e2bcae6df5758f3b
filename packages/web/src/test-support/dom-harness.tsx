import '../app/preact-react-parity';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { API_BASE_PATH } from '../app/app-config';
import { AppProviders } from '../app/app-providers';
import { appQueryClient } from '../app/query-client';

/**
 * The component tests' fake server, at the HTTP edge only: each test says what
 * `METHOD /path` answers (a function of the request, or one that throws for a
 * dropped connection), and reads what was sent. Everything between the screen
 * and fetch (API client, query cache, theme, router) is the app's own.
 */

// A hang detector only: a busy 2-core machine loads a lazy chunk slowly (findBy's default is 1 s).
configure({ asyncUtilTimeout: 20_000 });

export interface SentRequest {
  method: string;
  /** The path below the API prefix, with its query string. */
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Reply = (request: SentRequest) => Response | Promise<Response>;

let routes: Map<string, Reply[]>;
/** Every request the screen made, in order. */
export let sent: SentRequest[] = [];

/** `METHOD /path` (no query string) answers with `reply` from now on; several replies for one route answer in turn, the last one repeating. */
export function answer(route: string, ...replies: (Reply | unknown)[]): void {
  routes.set(
    route,
    replies.map((reply) => (typeof reply === 'function' ? (reply as Reply) : () => Response.json(reply))),
  );
}

/** A server refusal with the API's error body. */
export function apiError(status: number, code: string, message: string, fields?: Record<string, string[]>): Reply {
  return () => Response.json({ error: { code, message, ...(fields ? { fields } : {}) } }, { status });
}

/** Requests made to `METHOD /path` (query string ignored). */
export function sentTo(route: string): SentRequest[] {
  return sent.filter((request) => `${request.method} ${request.path.split('?')[0]}` === route);
}

beforeEach(() => {
  routes = new Map();
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(url).slice(API_BASE_PATH.length);
    const request: SentRequest = {
      method,
      path,
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    sent.push(request);
    const replies = routes.get(`${method} ${path.split('?')[0]}`);
    if (!replies) return Response.json({ error: { code: 'NOT_FOUND', message: `Sin respuesta de prueba: ${method} ${path}` } }, { status: 404 });
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    return reply(request);
  });
});

afterEach(() => {
  cleanup();
  appQueryClient.clear();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The screen at `path`, as the app mounts it: in the app's providers and a router (other paths render their name, to see where a link went). */
export function renderScreen(element: ReactElement, { path = '/', route = path }: { path?: string; route?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <p>Otra página</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user: userEvent.setup() };
}

/** A back-office user signed in with these permissions (stored as at login, and confirmed by GET /admin/me). */
export function signInAdmin(permissions: string[]): void {
  const user = {
    id: 1,
    name: 'Laura',
    last_name: 'Méndez',
    maternal_sur_name: 'Soto',
    full_name: 'Laura Méndez Soto',
    email: 'laura@example.mx',
    avalible: true,
    created_at: '2026-01-01T00:00:00.000Z',
    permissions,
  };
  sessionStorage.setItem('token', 'admin-token');
  sessionStorage.setItem('user', JSON.stringify(user));
  answer('GET /admin/me', { user });
}
