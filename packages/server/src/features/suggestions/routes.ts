import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers, idParamSchema } from '@encuestas/core/api/common';
import {
  campusSuggestionBoxAnswerSchema,
  campusSuggestionBoxBodySchema,
  commentCategoriesAnswerSchema,
  listSuggestionsQuerySchema,
  suggestionAnswerSchema,
  suggestionBoxAvailableAnswerSchema,
  suggestionCategoriesAnswerSchema,
  suggestionCreatedAnswerSchema,
  suggestionIdParamSchema,
  suggestionResolutionsAnswerSchema,
  suggestionsPageSchema,
  updateSuggestionSchema,
} from '@encuestas/core/api/suggestions';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { suggestionFormSchema } from '@encuestas/core/survey-kinds/buzon/form';
import type { Database } from '../../db/client';
import { requireAdmin, requireTokenSubject } from '../../http/auth';
import { AppError } from '../../http/errors';
import { respondentCampusId } from '../surveys';
import {
  closeSuggestion,
  createSuggestion,
  getSuggestion,
  isSuggestionBoxOpen,
  listCommentCategories,
  listSuggestionCategories,
  listSuggestionResolutions,
  listSuggestions,
  markSuggestionContacted,
  setSuggestionBoxOpen,
  suggestionBoxOf,
  updateSuggestion,
} from './service';

/** The campus of the respondent signed in: the one box they may write to. */
async function campusOfRespondent(db: Database, request: Parameters<typeof requireTokenSubject>[0]): Promise<number> {
  const subject = requireTokenSubject(request);
  if (subject.type === 'admin') throw new AppError('UNAUTHENTICATED');
  const campusId = await respondentCampusId(db, subject.type, subject.id);
  if (campusId === null) throw new AppError('UNAUTHENTICATED');
  return campusId;
}

export function suggestionRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    // Reference lists for the form and the filters (spec §3).
    app.get('/comment-categories', { config: { auth: 'public' }, schema: { tags: ['suggestions'], response: answers({ 200: commentCategoriesAnswerSchema }) } }, async () => ({
      commentCategories: await listCommentCategories(db),
    }));
    app.get('/suggestion-categories', { config: { auth: 'public' }, schema: { tags: ['suggestions'], response: answers({ 200: suggestionCategoriesAnswerSchema }) } }, async () =>
      listSuggestionCategories(db),
    );
    app.get('/suggestion-resolutions', { config: { auth: 'public' }, schema: { tags: ['suggestions'], response: answers({ 200: suggestionResolutionsAnswerSchema }) } }, async () => ({
      suggestionResolutions: await listSuggestionResolutions(db),
    }));

    // Respondents.
    app.get('/suggestions/avalible', { config: { auth: 'respondent' }, schema: { tags: ['suggestions'], response: answers({ 200: suggestionBoxAvailableAnswerSchema }) } }, async (request) => ({
      avalible: await isSuggestionBoxOpen(db, await campusOfRespondent(db, request)),
    }));
    app.post(
      '/suggestions',
      { config: { auth: 'respondent' }, schema: { tags: ['suggestions'], body: suggestionFormSchema, response: answers({ 201: suggestionCreatedAnswerSchema }) } },
      async (request, reply) => {
        const created = await createSuggestion(db, await campusOfRespondent(db, request), request.body);
        return reply.status(201).send({ suggestion: { id: created.id, created_on: created.created_on } });
      },
    );

    // Back office.
    app.get(
      '/suggestions',
      {
        config: { auth: 'admin', permission: PERMISSIONS.viewSuggestions },
        schema: { tags: ['suggestions'], querystring: listSuggestionsQuerySchema, response: answers({ 200: suggestionsPageSchema }) },
      },
      async (request) => listSuggestions(db, requireAdmin(request), request.query),
    );
    app.get(
      '/suggestions/:id',
      {
        config: { auth: 'admin', permission: PERMISSIONS.viewSuggestions },
        schema: { tags: ['suggestions'], params: suggestionIdParamSchema, response: answers({ 200: suggestionAnswerSchema }) },
      },
      async (request) => ({ suggestion: await getSuggestion(db, requireAdmin(request), request.params.id) }),
    );
    app.put(
      '/suggestions/:id',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageSuggestions },
        schema: { tags: ['suggestions'], params: suggestionIdParamSchema, body: updateSuggestionSchema, response: answers({ 200: suggestionAnswerSchema }) },
      },
      async (request) => ({ suggestion: await updateSuggestion(db, requireAdmin(request), request.params.id, request.body) }),
    );
    app.put(
      '/suggestions/:id/close',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageSuggestions },
        schema: { tags: ['suggestions'], params: suggestionIdParamSchema, response: answers({ 200: suggestionAnswerSchema }) },
      },
      async (request) => ({ suggestion: await closeSuggestion(db, requireAdmin(request), request.params.id) }),
    );
    app.put(
      '/suggestions/:id/contact',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageSuggestions },
        schema: { tags: ['suggestions'], params: suggestionIdParamSchema, response: answers({ 200: suggestionAnswerSchema }) },
      },
      async (request) => ({ suggestion: await markSuggestionContacted(db, requireAdmin(request), request.params.id) }),
    );

    app.get(
      '/campus/:id/suggestion-box',
      {
        config: { auth: 'admin', permission: PERMISSIONS.viewSuggestions },
        schema: { tags: ['suggestions'], params: idParamSchema, response: answers({ 200: campusSuggestionBoxAnswerSchema }) },
      },
      async (request) => ({ campus: await suggestionBoxOf(db, requireAdmin(request), request.params.id) }),
    );

    // Opening or closing a campus's suggestion box.
    app.put(
      '/campus/:id/suggestion-box',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageSuggestions },
        schema: { tags: ['suggestions'], params: idParamSchema, body: campusSuggestionBoxBodySchema, response: answers({ 200: campusSuggestionBoxAnswerSchema }) },
      },
      async (request) => ({ campus: await setSuggestionBoxOpen(db, requireAdmin(request), request.params.id, request.body.avalible) }),
    );
  };
}
