import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission, type PermissionName } from '@encuestas/core/permissions';
import type { Database } from '../db/client';
import { loadAdminSession, type AdminPrincipal } from '../features/users/service';
import { AppError } from './errors';
import { bearerToken, type TokenService, type TokenSubject } from './tokens';

/** Who may call a route; every API route must declare it (checked at start). */
export type RouteAuth = 'public' | 'admin' | 'respondent';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** Back-office permission the route needs (with auth 'admin'). */
    permission?: PermissionName;
    /**
     * 'route': the hook checks only the token's signature and the handler
     * must check the session inside its own query (TokenService.sessionOpen).
     * For hot respondent routes, to save a database round trip.
     */
    sessionCheck?: 'hook' | 'route';
  }
  interface FastifyRequest {
    /** Set on routes with auth 'admin'. */
    admin?: AdminPrincipal;
    /** The verified token of the caller on authenticated routes. */
    tokenSubject?: TokenSubject;
  }
}

export const ACCOUNT_DISABLED_MESSAGE = 'Tu cuenta está deshabilitada. Solicita acceso a tu administrador.';

export function requireAdmin(request: FastifyRequest): AdminPrincipal {
  if (!request.admin) throw new AppError('UNAUTHENTICATED');
  return request.admin;
}

export function requireTokenSubject(request: FastifyRequest): TokenSubject {
  if (!request.tokenSubject) throw new AppError('UNAUTHENTICATED');
  return request.tokenSubject;
}

/**
 * Enforces each route's declared `auth` and `permission` before anything
 * else runs: no token or a revoked one is 401, a missing permission 403.
 */
export function installAuth(app: FastifyInstance, db: Database, tokens: TokenService, apiPrefix: string): void {
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith(apiPrefix) && !route.url.startsWith(`${apiPrefix}/docs`);
    if (isApi && !route.config?.auth) {
      throw new Error(`Route ${route.method} ${route.url} must declare config.auth`);
    }
    if (route.config?.permission && route.config.auth !== 'admin') {
      throw new Error(`Route ${route.method} ${route.url} declares a permission without auth 'admin'`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config.auth;
    if (!auth || auth === 'public') return;
    const token = bearerToken(request.headers.authorization);
    // The back office's one statement checks the session too, as does a hot respondent route's own.
    const deferred = auth === 'admin' || (auth === 'respondent' && request.routeOptions.config.sessionCheck === 'route');
    const subject = token ? await (deferred ? tokens.verifySignature(token) : tokens.verify(token)) : null;
    if (!subject) throw new AppError('UNAUTHENTICATED');
    if (auth === 'admin') {
      if (subject.type !== 'admin') throw new AppError('UNAUTHENTICATED');
      const session = await loadAdminSession(db, subject.id, subject.sessionId);
      if (!session?.sessionOpen) throw new AppError('UNAUTHENTICATED');
      const { principal } = session;
      if (!principal.user.avalible) throw new AppError('UNAUTHENTICATED', ACCOUNT_DISABLED_MESSAGE);
      const permission = request.routeOptions.config.permission;
      if (permission && !hasPermission(principal.permissions, permission)) {
        throw new AppError('FORBIDDEN', `No tienes el permiso «${permission}». Solicítalo a tu administrador.`);
      }
      request.admin = principal;
    } else if (subject.type === 'admin') {
      throw new AppError('UNAUTHENTICATED');
    }
    request.tokenSubject = subject;
  });
}
