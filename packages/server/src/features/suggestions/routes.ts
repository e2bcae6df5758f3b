import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@encuestas/core/api/common';
import { listSuggestionsQuerySchema, suggestionIdParamSchema, updateSuggestionSchema } from '@encuestas/core/api/suggestions';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { suggestionFormSchema } from '@encuestas/core/survey-kinds/buzon/form';
import type { Database } from '../../db/client';
import { campuses, commentCategories, suggestionCategories, suggestionResolutions } from '../../db/schema';
import { requireAdmin, requireTokenSubject } from '../../http/auth';
import { AppError } from '../../http/errors';
import { assertCampusGranted } from '../../http/grants';
import { audit } from '../audit/service';
import { respondentCampusId } from '../surveys';
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
    app.get('/comment-categories', { config: { auth: 'public' }, schema: { tags: ['suggestions'] } }, async () => ({
      commentCategories: await db.select().from(commentCategories).orderBy(asc(commentCategories.id)),
    }));
    app.get('/suggestion-categories', { config: { auth: 'public' }, schema: { tags: ['suggestions'] } }, async () => {
      const all = await db.select().from(suggestionCategories).orderBy(asc(suggestionCategories.id));
      return {
        allSuggestionCategories: all.filter((c) => c.scope === 'general'),
        allPersonSuggestionCategories: all.filter((c) => c.scope === 'person'),
      };
    });
    app.get('/suggestion-resolutions', { config: { auth: 'public' }, schema: { tags: ['suggestions'] } }, async () => ({
      suggestionResolutions: await db.select().from(suggestionResolutions).orderBy(asc(suggestionResolutions.id)),
    }));

    // Respondents.
    app.get('/suggestions/avalible', { config: { auth: 'respondent' }, schema: { tags: ['suggestions'] } }, async (request) => ({
      avalible: await isSuggestionBoxOpen(db, await campusOfRespondent(request)),
    }));
    app.post(
      '/suggestions',
      { config: { auth: 'respondent' }, schema: { tags: ['suggestions'], body: suggestionFormSchema } },
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
        schema: { tags: ['suggestions'], querystring: listSuggestionsQuerySchema },
      },
      async (request) => listSuggestions(db, requireAdmin(request), request.query),
    );
    app.get(
      '/suggestions/:id',
      { config: { auth: 'admin', permission: PERMISSIONS.viewSuggestions }, schema: { tags: ['suggestions'], params: suggestionIdParamSchema } },
      async (request) => ({ suggestion: await getSuggestion(db, requireAdmin(request), request.params.id) }),
    );
    app.put(
      '/suggestions/:id',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageSuggestions },
        schema: { tags: ['suggestions'], params: suggestionIdParamSchema, body: updateSuggestionSchema },
      },
      async (request) => ({ suggestion: await updateSuggestion(db, requireAdmin(request), request.params.id, request.body) }),
    );
    app.put(
      '/suggestions/:id/close',
      { config: { auth: 'admin', permission: PERMISSIONS.manageSuggestions }, schema: { tags: ['suggestions'], params: suggestionIdParamSchema } },
      async (request) => ({ suggestion: await closeSuggestion(db, requireAdmin(request), request.params.id) }),
    );
    app.put(
      '/suggestions/:id/contact',
      { config: { auth: 'admin', permission: PERMISSIONS.manageSuggestions }, schema: { tags: ['suggestions'], params: suggestionIdParamSchema } },
      async (request) => ({ suggestion: await markSuggestionContacted(db, requireAdmin(request), request.params.id) }),
    );

    app.get(
      '/campus/:id/suggestion-box',
      { config: { auth: 'admin', permission: PERMISSIONS.viewSuggestions }, schema: { tags: ['suggestions'], params: idParamSchema } },
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
        schema: { tags: ['suggestions'], params: idParamSchema, body: z.object({ avalible: z.boolean() }) },
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
