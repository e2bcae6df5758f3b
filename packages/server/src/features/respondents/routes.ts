import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers, messageAnswerSchema } from '@encuestas/core/api/common';
import {
  requestCodeAnswerSchema,
  requestCodeSchema,
  respondentMeAnswerSchema,
  respondentSignInAnswerSchema,
  signInLinkSchema,
  validateCodeSchema,
  type Respondent,
  type RespondentSignIn,
  type RespondentSignInAnswer,
} from '@encuestas/core/api/respondents';
import { z } from 'zod';
import { RETURN_PATH_MAX_LENGTH, respondentReturnPath } from '@encuestas/core/return-path';
import { CODE_LOGIN_OFF_MESSAGE } from '@encuestas/core/api/institution-sign-in';
import { requireTokenSubject } from '../../http/auth';
import { AppError } from '../../http/errors';
import { loadRespondent } from './directory';
import { requestLoginCode, signInWithLink, validateLoginCode, type LoginCodeDeps } from './login-codes';

/** The spec names the key after who logged in: student, teacher or staff. */
function signInAnswer({ respondent, ...session }: RespondentSignIn & { respondent: Respondent }): RespondentSignInAnswer {
  return { ...session, respondentType: respondent.type, [respondent.type]: respondent };
}

/**
 * POST /respondents/code also takes the page the respondent was going to, for
 * the e-mailed link: kept if it is a respondent page, else dropped (never
 * refused). Here, not in requestCodeSchema, which the login page bundles.
 */
const requestCodeBodySchema = requestCodeSchema.extend({
  next: z
    .string()
    .max(RETURN_PATH_MAX_LENGTH)
    .optional()
    .catch(undefined)
    .transform((value) => respondentReturnPath(value) ?? undefined),
});

export function respondentAuthRoutes(deps: LoginCodeDeps): FastifyPluginAsyncZod {
  const refuseWhenCodeOff = async () => {
    if (deps.codeLoginOff) throw new AppError('FORBIDDEN', CODE_LOGIN_OFF_MESSAGE);
  };
  return async (app) => {
    app.post(
      '/respondents/code',
      { config: { auth: 'public' }, schema: { tags: ['respondents'], body: requestCodeBodySchema, response: answers({ 201: requestCodeAnswerSchema }) }, preHandler: refuseWhenCodeOff },
      async (request, reply) => {
        const validatingStudent = await requestLoginCode(deps, request.body.identifier, request.ip, request.body.next);
        return reply.status(201).send({ validatingStudent });
      },
    );

    app.post(
      '/respondents/code/validate',
      { config: { auth: 'public' }, schema: { tags: ['respondents'], body: validateCodeSchema, response: answers({ 200: respondentSignInAnswerSchema }) }, preHandler: refuseWhenCodeOff },
      async (request) =>
        signInAnswer(await validateLoginCode(deps, request.body.identifier, request.body.code, request.ip, request.body.keepSession)),
    );

    // The token travels in the body: the link's fragment never reaches a server, nor its logs.
    app.post(
      '/respondents/link/validate',
      { config: { auth: 'public' }, schema: { tags: ['respondents'], body: signInLinkSchema, response: answers({ 200: respondentSignInAnswerSchema }) }, preHandler: refuseWhenCodeOff },
      async (request) => signInAnswer(await signInWithLink(deps, request.body.token, request.ip, request.body.keepSession)),
    );

    app.get('/respondents/me', { config: { auth: 'respondent' }, schema: { tags: ['respondents'], response: answers({ 200: respondentMeAnswerSchema }) } }, async (request) => {
      const subject = requireTokenSubject(request);
      if (subject.type === 'admin') throw new AppError('UNAUTHENTICATED');
      const respondent = await loadRespondent(deps.db, subject.type, { id: subject.id });
      if (!respondent) throw new AppError('UNAUTHENTICATED');
      return { respondent };
    });

    app.post('/respondents/logout', { config: { auth: 'respondent' }, schema: { tags: ['respondents'], response: answers({ 200: messageAnswerSchema }) } }, async (request) => {
      await deps.tokens.revoke(requireTokenSubject(request).sessionId);
      return { message: 'Sesión cerrada' };
    });
  };
}
