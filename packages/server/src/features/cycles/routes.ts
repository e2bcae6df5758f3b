import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers, idParamSchema } from '@encuestas/core/api/common';
import { cicleAnswerSchema, ciclesAnswerSchema } from '@encuestas/core/api/periods';
import type { Database } from '../../db/client';
import { cycles } from '../../db/schema';
import { requireAdmin } from '../../http/auth';
import { AppError } from '../../http/errors';
import { assertCyclesGranted } from '../../http/grants';

const cycleColumns = { id: cycles.id, name: cycles.name, survey_kind: cycles.surveyKind };

export function cycleRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/ciclos', { config: { auth: 'admin' }, schema: { tags: ['ciclos'], response: answers({ 200: ciclesAnswerSchema }) } }, async () => ({
      cicles: await db.select(cycleColumns).from(cycles).orderBy(asc(cycles.id)),
    }));

    app.get('/ciclos/permissions', { config: { auth: 'admin' }, schema: { tags: ['ciclos'], response: answers({ 200: ciclesAnswerSchema }) } }, async (request) => {
      const { cycleIds } = requireAdmin(request);
      if (cycleIds.length === 0) return { cicles: [] };
      return { cicles: await db.select(cycleColumns).from(cycles).where(inArray(cycles.id, cycleIds)).orderBy(asc(cycles.id)) };
    });

    app.get(
      '/ciclo/:id',
      { config: { auth: 'admin' }, schema: { tags: ['ciclos'], params: idParamSchema, response: answers({ 200: cicleAnswerSchema }) } },
      async (request) => {
        assertCyclesGranted(requireAdmin(request), [request.params.id]);
        const [cicle] = await db.select(cycleColumns).from(cycles).where(eq(cycles.id, request.params.id));
        if (!cicle) throw new AppError('NOT_FOUND', 'No se encontró el tipo de encuesta.');
        return { cicle };
      },
    );
  };
}
