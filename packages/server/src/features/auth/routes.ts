import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserAnswerSchema, loginRequestSchema, loginResponseSchema,
  resetForgotPasswordRequestSchema,
  sendResetEmailRequestSchema,
} from '@encuestas/core/api/auth';
import { answers, messageAnswerSchema } from '@encuestas/core/api/common';
import { PASSWORD_LOGIN_OFF_MESSAGE } from '@encuestas/core/api/institution-sign-in';
import { requireAdmin, requireTokenSubject } from '../../http/auth';
import { AppError } from '../../http/errors';
import { toAdminUserDto } from '../users/service';
import { login, logout, resetForgottenPassword, sendResetEmail, throttleResetRequest, type AuthDeps } from './service';

export const RESET_EMAIL_SENT_MESSAGE = 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.';

export function authRoutes(deps: AuthDeps): FastifyPluginAsyncZod {
  const refuseWhenPasswordOff = async () => {
    if (deps.passwordLoginOff) throw new AppError('FORBIDDEN', PASSWORD_LOGIN_OFF_MESSAGE);
  };
  return async (app) => {
    app.post(
      '/admin/login',
      { config: { auth: 'public' }, schema: { tags: ['auth'], body: loginRequestSchema, response: answers({ 200: loginResponseSchema }) }, preHandler: refuseWhenPasswordOff },
      async (request) => login(deps, { ...request.body, address: request.ip }),
    );

    app.post('/admin/logout', { config: { auth: 'admin' }, schema: { tags: ['auth'], response: answers({ 200: messageAnswerSchema }) } }, async (request) => {
      await logout(deps, requireTokenSubject(request));
      return { message: 'Sesión cerrada' };
    });

    app.get('/admin/me', { config: { auth: 'admin' }, schema: { tags: ['auth'], response: answers({ 200: adminUserAnswerSchema }) } }, async (request) => {
      const principal = requireAdmin(request);
      return { user: toAdminUserDto(principal.user, principal.permissions) };
    });

    app.post(
      '/admin/send-reset-email',
      {
        config: { auth: 'public' },
        schema: { tags: ['auth'], body: sendResetEmailRequestSchema, response: answers({ 200: messageAnswerSchema }) },
        preHandler: refuseWhenPasswordOff,
        // The lookup and the mail run after the answer has left (and off the turn of the event loop that
        // sent it): same answer, same time, account or not.
        onResponse: async (request, reply) => {
          if (reply.statusCode !== 200) return;
          const { email } = request.body as { email: string };
          setImmediate(() => {
            sendResetEmail(deps, email).catch((err: unknown) => request.log.error({ err }, 'reset e-mail failed'));
          });
        },
      },
      async (request) => {
        await throttleResetRequest(deps, request.ip);
        return { message: RESET_EMAIL_SENT_MESSAGE };
      },
    );

    app.post(
      '/admin/reset-forgot-password',
      {
        config: { auth: 'public' },
        schema: { tags: ['auth'], body: resetForgotPasswordRequestSchema, response: answers({ 200: messageAnswerSchema }) },
        preHandler: refuseWhenPasswordOff,
      },
      async (request) => {
        await resetForgottenPassword(deps, request.body);
        return { message: 'Contraseña actualizada correctamente' };
      },
    );
  };
}
