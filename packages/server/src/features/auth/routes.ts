import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginRequestSchema,
  resetForgotPasswordRequestSchema,
  sendResetEmailRequestSchema,
} from '@encuestas/core/api/auth';
import { requireAdmin, requireTokenSubject } from '../../http/auth';
import { toAdminUserDto } from '../users/service';
import { login, resetForgottenPassword, sendResetEmail, type AuthDeps } from './service';

export const RESET_EMAIL_SENT_MESSAGE = 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.';

export function authRoutes(deps: AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin/login',
      { config: { auth: 'public' }, schema: { tags: ['auth'], body: loginRequestSchema } },
      async (request) => login(deps, request.body.email, request.body.password),
    );

    app.post('/admin/logout', { config: { auth: 'admin' }, schema: { tags: ['auth'] } }, async (request) => {
      await deps.tokens.revoke(requireTokenSubject(request).sessionId);
      return { message: 'Sesión cerrada' };
    });

    app.get('/admin/me', { config: { auth: 'admin' }, schema: { tags: ['auth'] } }, async (request) => {
      const principal = requireAdmin(request);
      return { user: toAdminUserDto(principal.user, principal.permissions) };
    });

    app.post(
      '/admin/send-reset-email',
      { config: { auth: 'public' }, schema: { tags: ['auth'], body: sendResetEmailRequestSchema } },
      async (request) => {
        await sendResetEmail(deps, request.body.email);
        return { message: RESET_EMAIL_SENT_MESSAGE };
      },
    );

    app.post(
      '/admin/reset-forgot-password',
      {
        config: { auth: 'public' },
        schema: { tags: ['auth'], body: resetForgotPasswordRequestSchema, response: { 200: z.object({ message: z.string() }) } },
      },
      async (request) => {
        await resetForgottenPassword(deps, request.body);
        return { message: 'Contraseña actualizada correctamente' };
      },
    );
  };
}
