/**
 * The SPA's pages (paths under BASE_PATH, spec §2), shared by the web router
 * (its route tree must list exactly these: router.test.ts) and the server,
 * which answers the SPA shell with 404 for a path matching none, or whose
 * parameter breaks its rule (/admin/actives-campus/abc). Light on purpose:
 * the router is in the entry chunk.
 */
import { SURVEY_KINDS } from './survey-kinds';

/** The missing-respondents screen's audiences as its path writes them (/admin/pendientes/{slug}/{cicleId}; without the cycle: every survey type). */
export const MISSING_AUDIENCE_SLUGS = ['alumnos', 'academicos'] as const;
export type MissingAudienceSlug = (typeof MISSING_AUDIENCE_SLUGS)[number];

const POSITIVE_ID = /^[1-9]\d{0,9}$/;

/** What each route parameter must look like; every `:name` in SPA_ROUTES has its rule here. */
export const ROUTE_PARAM_RULES: Record<string, RegExp> = {
  campusId: POSITIVE_ID,
  cicleId: POSITIVE_ID,
  id: POSITIVE_ID,
  /** A teacher evaluation's class or new intake's form: 0, 1, 2… */
  index: /^(0|[1-9]\d{0,5})$/,
  audience: new RegExp(`^(${MISSING_AUDIENCE_SLUGS.join('|')})$`),
};

/** Every page's path pattern; `:name` is a parameter. */
export const SPA_ROUTES: readonly string[] = /* @__PURE__ */ pagePatterns();

function pagePatterns(): string[] {
  return [
    '/',
    '/login',
    '/login/validar',
    '/login/enlace',
    '/aviso-de-privacidad',
    '/evaluated-list',
    '/buzon',
    '/mis-resultados',
    '/resultados-nom035',
    ...SURVEY_KINDS.filter((kind) => kind.list !== null).flatMap((kind) => [`/${kind.id}`, `/${kind.id}/${kind.formPath === 'index' ? ':index' : 'doing'}`]),
    '/admin-login',
    '/admin-reset-password',
    '/admin-email-send-success',
    '/admin-new-password',
    '/admin-new-password-success',
    '/admin',
    '/admin/periodosCiclos',
    '/admin/porfile',
    '/admin/resultados',
    '/admin/actives-campus/:campusId',
    '/admin/users',
    '/admin/users/permissions',
    '/admin/users/:id',
    '/admin/buzon',
    '/admin/directorio',
    '/admin/nom035',
    '/admin/nom035/expediente',
    '/admin/alertas',
    '/admin/revision-comentarios',
    '/admin/pendientes/:audience',
    '/admin/pendientes/:audience/:cicleId',
    '/admin/bitacora',
    '/admin/campus',
    '/admin/report/campus/:campusId/cicle',
    '/admin/report/campus/:campusId/students',
    '/admin/report/students',
    '/admin/report/daly',
  ];
}

const segments = (path: string) => path.split('/').filter((segment) => segment !== '');

/**
 * The route a path (under BASE_PATH, no query) opens, with its raw
 * parameters, as the web router matches it: static segments in any case, a
 * trailing slash ignored, a static segment preferred over a parameter.
 */
export function matchSpaRoute(pathname: string): { route: string; params: Record<string, string> } | null {
  const given = segments(pathname);
  let best: { route: string; params: Record<string, string>; statics: number } | null = null;
  for (const route of SPA_ROUTES) {
    const pattern = segments(route);
    if (pattern.length !== given.length) continue;
    const params: Record<string, string> = {};
    let statics = 0;
    const matches = pattern.every((part, i) => {
      const value = given[i]!;
      if (part.startsWith(':')) {
        params[part.slice(1)] = value;
        return true;
      }
      statics += 1;
      return part.toLowerCase() === value.toLowerCase();
    });
    if (matches && (!best || statics > best.statics)) best = { route, params, statics };
  }
  return best && { route: best.route, params: best.params };
}

/** The first parameter breaking its rule ('abc' as a campus id), or null when all are well formed. */
export function malformedRouteParam(params: Readonly<Record<string, string | undefined>>): string | null {
  for (const [name, value] of Object.entries(params)) {
    const rule = ROUTE_PARAM_RULES[name];
    if (rule && value !== undefined && !rule.test(value)) return name;
  }
  return null;
}

/** Whether the SPA shows a page at this path (a known route with well-formed parameters); otherwise its 404 page. */
export function isSpaPage(pathname: string): boolean {
  const found = matchSpaRoute(pathname);
  if (!found) return false;
  let params: Record<string, string>;
  try {
    params = Object.fromEntries(Object.entries(found.params).map(([name, value]) => [name, decodeURIComponent(value)]));
  } catch {
    return false;
  }
  return malformedRouteParam(params) === null;
}
