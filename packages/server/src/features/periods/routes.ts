import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers, idParamSchema } from '@encuestas/core/api/common';
import { createPeriodSchema, periodoAnswerSchema, periodosAnswerSchema, type Periodo } from '@encuestas/core/api/periods';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { periods } from '../../db/schema';
import { requireAdmin } from '../../http/auth';
import { AppError, fieldError } from '../../http/errors';
import { audit } from '../audit/service';

const periodColumns = {
  id: periods.id,
  nombre: periods.nombre,
  fecha_inicio: periods.fechaInicio,
  fecha_fin: periods.fechaFin,
};

export function periodRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/periodos', { config: { auth: 'admin' }, schema: { tags: ['periodos'], response: answers({ 200: periodosAnswerSchema }) } }, async () => ({
      periodos: await db.select(periodColumns).from(periods).orderBy(desc(periods.fechaInicio), desc(periods.nombre)),
    }));

    app.get(
      '/periodos/:id',
      { config: { auth: 'admin' }, schema: { tags: ['periodos'], params: idParamSchema, response: answers({ 200: periodoAnswerSchema }) } },
      async (request) => {
        const [periodo] = await db.select(periodColumns).from(periods).where(eq(periods.id, request.params.id));
        if (!periodo) throw new AppError('NOT_FOUND', 'No se encontró el periodo.');
        return { periodo };
      },
    );

    app.post(
      '/periodos',
      {
        config: { auth: 'admin', permission: PERMISSIONS.createPowerCampusPeriods },
        schema: { tags: ['periodos'], body: createPeriodSchema, response: answers({ 201: periodoAnswerSchema }) },
      },
      async (request, reply) => {
        const input = request.body;
        const duplicate = () => fieldError('nombre', `El periodo ${input.nombre} ya existe`);
        const [existing] = await db.select({ id: periods.id }).from(periods).where(eq(periods.nombre, input.nombre));
        if (existing) throw duplicate();
        let periodo: Periodo;
        try {
          periodo = await db.transaction(async (tx) => {
            const [created] = await tx
              .insert(periods)
              .values({ nombre: input.nombre, fechaInicio: input.fecha_inicio, fechaFin: input.fecha_fin })
              .returning(periodColumns);
            await audit(tx, { actorUserId: requireAdmin(request).user.id, action: 'create', entity: 'periodo', entityId: created!.id, details: { ...input } });
            return created!;
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw duplicate();
          throw error;
        }
        return reply.status(201).send({ periodo });
      },
    );
  };
}
