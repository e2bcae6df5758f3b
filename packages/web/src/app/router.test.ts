import { isRouteErrorResponse, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isSpaPage, SPA_ROUTES } from '@encuestas/core/spa-routes';
import { describeRouteError } from '../components/route-error';
import { routes } from './router';
import { MALFORMED_ADDRESS_EXPLANATION, rejectMalformedParams } from './route-params';

/** Every page of the route tree as a full path: its leaves (an index route is its parent's path). */
function pagePaths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    if (route.children) return pagePaths(route.children, path);
    return route.path === '*' ? [] : [path || '/'];
  });
}

/**
 * What the root's loader does for a URL: null, or the route error the router
 * hands the error page for what it threw (`data(payload, { status, statusText })`).
 */
function rootLoaderError(pathname: string): unknown {
  const matches = matchRoutes(routes, pathname);
  expect(matches, pathname).not.toBeNull();
  try {
    rejectMalformedParams({ params: matches![0]!.params });
    return null;
  } catch (thrown) {
    const { data, init } = thrown as { data: unknown; init: { status: number; statusText: string } };
    return { status: init.status, statusText: init.statusText, internal: false, data };
  }
}

describe('the router and the server share one list of pages', () => {
  it('routes exactly the pages of core SPA_ROUTES (which the server answers with 200)', () => {
    expect([...pagePaths(routes)].sort()).toEqual([...SPA_ROUTES].sort());
  });

  it('checks route parameters in the root loader', () => {
    expect(routes[0]!.loader).toBe(rejectMalformedParams);
  });
});

describe('a malformed id in the address', () => {
  it.each(['/admin/actives-campus/abc', '/admin/users/0', '/admin/pendientes/todos/3', '/admin/report/campus/x/students', '/alumnos/evaluacionDocente/uno'])(
    'shows the error page with 404 and a clear explanation at %s, as the server answers',
    (pathname) => {
      const error = rootLoaderError(pathname);
      expect(isRouteErrorResponse(error)).toBe(true);
      expect(describeRouteError(error)).toEqual({ status: 404, summary: '404 Not Found', explanation: MALFORMED_ADDRESS_EXPLANATION });
      expect(isSpaPage(pathname)).toBe(false);
    },
  );

  it.each(['/admin/actives-campus/12', '/admin/users/7', '/admin/pendientes/academicos/3', '/alumnos/evaluacionDocente/0', '/admin/users/permissions'])(
    'opens the page at %s',
    (pathname) => {
      expect(rootLoaderError(pathname)).toBeNull();
      expect(isSpaPage(pathname)).toBe(true);
    },
  );

  it('matches /admin/users/permissions as the permissions page, not a user id', () => {
    expect(matchRoutes(routes, '/admin/users/permissions')!.at(-1)!.route.path).toBe('permissions');
  });
});
