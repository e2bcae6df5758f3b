import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchRoutes, type LoaderFunctionArgs } from 'react-router';
import { SESSION_KEYS } from '../api/session-storage';
import { appQueryClient } from './query-client';
import { routes } from './router';

/** A Web Storage in memory: the tests run without a DOM. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

let requested: { path: string; authorization: string | null }[];

beforeEach(() => {
  requested = [];
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal('localStorage', memoryStorage());
  // The requests a loader starts, answered with an empty list: what is asked matters here, not the answer.
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    requested.push({ path: new URL(url, 'http://phone').pathname, authorization: new Headers(init?.headers).get('Authorization') });
    return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  appQueryClient.clear();
  vi.unstubAllGlobals();
});

/** Runs the loaders of every route matched by `path`, as the router does on opening the page. */
async function open(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const request = new Request(`http://phone/encuestas${path}`);
  const results = await Promise.all(
    matches.map(async (match) => {
      const loader = match.route.loader;
      const args: LoaderFunctionArgs = { request, url: new URL(request.url), pattern: match.route.path ?? '', params: match.params, context: {} };
      return typeof loader === 'function' ? loader(args) : null;
    }),
  );
  // The fetches start right away; let them be made.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return results;
}

const paths = () => requested.map((r) => r.path).sort();

describe('respondent pages ask for their data as they open, before their code has run', () => {
  it('the list asks for the surveys available and the suggestion box, with the session', async () => {
    sessionStorage.setItem(SESSION_KEYS.studentToken, 'token-of-a-student');
    const results = await open('/evaluated-list');
    expect(results.every((result) => result === null)).toBe(true);
    expect(paths()).toEqual(['/encuestas/api/respondents/availability', '/encuestas/api/suggestions/avalible']);
    expect(requested.every((r) => r.authorization === 'Bearer token-of-a-student')).toBe(true);
  });

  it('a survey form asks for what is available and the catalogues at once', async () => {
    sessionStorage.setItem(SESSION_KEYS.studentToken, 'token-of-a-student');
    await open('/alumnos/serviciosA/doing');
    expect(paths()).toEqual(['/encuestas/api/catalogs', '/encuestas/api/respondents/availability']);
  });

  it('the suggestion box asks whether it is open and for its two category lists', async () => {
    sessionStorage.setItem(SESSION_KEYS.studentToken, 'token-of-a-student');
    await open('/buzon');
    expect(paths()).toEqual(['/encuestas/api/comment-categories', '/encuestas/api/suggestion-categories', '/encuestas/api/suggestions/avalible']);
  });

  it('without a session nothing is asked: the page sends the visitor to the login', async () => {
    const results = await open('/evaluated-list');
    expect(paths()).toEqual([]);
    expect(results.some((result) => result instanceof Response && result.status === 302)).toBe(true);
  });

  it('data still fresh is not asked for again', async () => {
    sessionStorage.setItem(SESSION_KEYS.studentToken, 'token-of-a-student');
    await open('/evaluated-list');
    await open('/evaluated-list');
    expect(paths()).toEqual(['/encuestas/api/respondents/availability', '/encuestas/api/suggestions/avalible']);
  });
});
