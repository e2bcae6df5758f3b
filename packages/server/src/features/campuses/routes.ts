import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '@encuestas/core/api/common';
import type { Database } from '../../db/client';
import { campuses } from '../../db/schema';
import { requireAdmin } from '../../http/auth';
import { AppError } from '../../http/errors';
import { assertCampusGranted } from '../../http/grants';

const campusColumns = { id: campuses.id, nombre: campuses.nombre };

export function campusRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/campus', { config: { auth: 'admin' }, schema: { tags: ['campus'] } }, async () => ({
      campuses: await db.select(campusColumns).from(campuses).orderBy(asc(campuses.id)),
    }));

    // allCampuses tells a screen whether 'Todos los campus' is true for this user, or only their granted ones.
    app.get('/campus/permissions', { config: { auth: 'admin' }, schema: { tags: ['campus'] } }, async (request) => {
      const { campusIds } = requireAdmin(request);
      const every = await db.select(campusColumns).from(campuses).orderBy(asc(campuses.id));
      const granted = every.filter((campus) => campusIds.includes(campus.id));
      return { campuses: granted, allCampuses: granted.length === every.length && every.length > 0 };
    });

    app.get(
      '/campus/:id',
      { config: { auth: 'admin' }, schema: { tags: ['campus'], params: idParamSchema } },
      async (request) => {
        assertCampusGranted(requireAdmin(request), request.params.id);
        const [campus] = await db.select(campusColumns).from(campuses).where(eq(campuses.id, request.params.id));
        if (!campus) throw new AppError('NOT_FOUND', 'No se encontró el campus.');
        return { campus };
      },
    );
  };
}
