import { asc, eq } from 'drizzle-orm';
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
  type CommentCategory,
  type SuggestionCategory,
  type SuggestionResolution,
} from '@encuestas/core/api/suggestions';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { suggestionFormSchema } from '@encuestas/core/survey-kinds/buzon/form';
import type { Database } from '../../db/client';
import { campuses, commentCategories, suggestionCategories, suggestionResolutions } from '../../db/schema';
import { requireAdmin, requireTokenSubject } from '../../http/auth';
import { AppError } from '../../http/errors';
import { assertCampusGranted } from '../../http/grants';
import { audit } from '../audit/service';
import { respondentCampusId } from '../surveys/availability';
import {
  closeSuggestion,
  createSuggestion,
  getSuggestion,
  isSuggestionBoxOpen,
  listSuggestions,
  markSuggestionContacted,
  updateSuggestion,
} from './service';

export function suggestionRoutes(db: Database): FastifyPluginAsyncZod {
  const campusOfRespondent = async (request: Parameters<typeof requireTokenSubject>[0]) => {
    const subject = requireTokenSubject(request);
    if (subject.type === 'admin') throw new AppError('UNAUTHENTICATED');
    const campusId = await respondentCampusId(db, subject.type, subject.id);
    if (campusId === null) throw new AppError('UNAUTHENTICATED');
    return campusId;
  };

  return async (app) => {
    // Reference lists for the form and the filters (spec §3).
    app.get('/comment-categories', { config: { auth: 'public' }, schema: { tags: ['suggestions'], response: answers({ 200: commentCategoriesAnswerSchema }) } }, async () => ({
      // The colours and scopes are the seed's (db/seed/reference.ts), within the contract's values.
      commentCategories: (await db.select().from(commentCategories).orderBy(asc(commentCategories.id))) as CommentCategory[],
    }));
    app.get('/suggestion-categories', { config: { auth: 'public' }, schema: { tags: ['suggestions'], response: answers({ 200: suggestionCategoriesAnswerSchema }) } }, async () => {
      const all = (await db.select().from(suggestionCategories).orderBy(asc(suggestionCategories.id))) as SuggestionCategory[];
      return {
        allSuggestionCategories: all.filter((c) => c.scope === 'general'),
        allPersonSuggestionCategories: all.filter((c) => c.scope === 'person'),
      };
    });
    app.get('/suggestion-resolutions', { config: { auth: 'public' }, schema: { tags: ['suggestions'], response: answers({ 200: suggestionResolutionsAnswerSchema }) } }, async () => ({
      suggestionResolutions: (await db.select().from(suggestionResolutions).orderBy(asc(suggestionResolutions.id))) as SuggestionResolution[],
    }));

    // Respondents.
    app.get('/suggestions/avalible', { config: { auth: 'respondent' }, schema: { tags: ['suggestions'], response: answers({ 200: suggestionBoxAvailableAnswerSchema }) } }, async (request) => ({
      avalible: await isSuggestionBoxOpen(db, await campusOfRespondent(request)),
    }));
    app.post(
      '/suggestions',
      { config: { auth: 'respondent' }, schema: { tags: ['suggestions'], body: suggestionFormSchema, response: answers({ 201: suggestionCreatedAnswerSchema }) } },
      async (request, reply) => {
        const created = await createSuggestion(db, await campusOfRespondent(request), request.body);
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
      async (request) => {
        assertCampusGranted(requireAdmin(request), request.params.id);
        const [campus] = await db
          .select({ id: campuses.id, nombre: campuses.nombre, avalible: campuses.suggestionBoxOpen })
          .from(campuses)
          .where(eq(campuses.id, request.params.id));
        if (!campus) throw new AppError('NOT_FOUND', 'No se encontró el campus.');
        return { campus };
      },
    );

    // Opening or closing a campus's suggestion box.
    app.put(
      '/campus/:id/suggestion-box',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageSuggestions },
        schema: { tags: ['suggestions'], params: idParamSchema, body: campusSuggestionBoxBodySchema, response: answers({ 200: campusSuggestionBoxAnswerSchema }) },
      },
      async (request) => {
        const principal = requireAdmin(request);
        assertCampusGranted(principal, request.params.id);
        const campus = await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(campuses)
            .set({ suggestionBoxOpen: request.body.avalible })
            .where(eq(campuses.id, request.params.id))
            .returning({ id: campuses.id, nombre: campuses.nombre, avalible: campuses.suggestionBoxOpen });
          if (!updated) throw new AppError('NOT_FOUND', 'No se encontró el campus.');
          await audit(tx, { actorUserId: principal.user.id, action: 'suggestion-box', entity: 'campus', entityId: updated.id, details: { ...request.body } });
          return updated;
        });
        return { campus };
      },
    );
  };
}
