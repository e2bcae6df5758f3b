/**
 * Health for load balancers and orchestrators (README, "Health"):
 * - /health/live: 200 while the process runs and answers HTTP (restart it when this fails);
 * - /health/ready: 200 only when the database answers and has every migration this code
 *   expects, 503 otherwise (send it no traffic meanwhile);
 * - /health: as before, 200 when the database answers (kept for whoever polls it).
 * Neither waits behind the requests queued for the database's connections (db/client.ts
 * pingDatabase, healthProbeOf): a busy database must not look down.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '@encuestas/core/api/common';
import { healthAnswerSchema, healthDownSchema, liveAnswerSchema, readyAnswerSchema } from '@encuestas/core/api/health';
import { healthProbeOf, pingDatabase, queryRows, type ReadDatabase } from '../../db/client';
import { MIGRATIONS_FOLDER } from '../../package-paths';

const DATABASE_DOWN = { code: 'SERVICE_UNAVAILABLE', message: 'La base de datos no está disponible.' } as const;
const MIGRATIONS_PENDING = { code: 'SERVICE_UNAVAILABLE', message: 'La base de datos aún no tiene todas las migraciones.' } as const;

/** When the newest migration of this code was made: drizzle records it as created_at once it ran. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** Whether drizzle's migrator has run every migration this code ships (its own table in the drizzle schema). */
async function migrationsApplied(db: ReadDatabase, newest: number): Promise<boolean> {
  const [table] = await queryRows<{ exists: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`);
  if (!table?.exists) return false;
  const [row] = await queryRows<{ last: string | number | null }>(db, sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
  return row?.last !== null && row?.last !== undefined && Number(row.last) >= newest;
}

export function healthRoutes(db: ReadDatabase): FastifyPluginAsyncZod {
  const newest = newestMigrationMillis();
  const probe = healthProbeOf(db);
  return async (app) => {
    // /health and /health/ready answer 503 with what is down; /health/live answers while the process does.
    const health = (answer: typeof healthAnswerSchema | typeof readyAnswerSchema) =>
      ({ config: { auth: 'public' }, schema: { tags: ['health'], response: { ...answers({ 200: answer }), 503: healthDownSchema } } }) as const;

    app.get('/health', health(healthAnswerSchema), async (request, reply) => {
      try {
        await pingDatabase(db);
        return { status: 'ok', database: 'ok' } as const;
      } catch (err) {
        request.log.error({ err }, 'database unreachable');
        return reply.status(503).send({ status: 'error', database: 'unreachable', error: DATABASE_DOWN });
      }
    });

    app.get('/health/live', { config: { auth: 'public' }, schema: { tags: ['health'], response: answers({ 200: liveAnswerSchema }) } }, async () => ({ status: 'ok' }) as const);

    app.get('/health/ready', health(readyAnswerSchema), async (request, reply) => {
      let applied: boolean;
      try {
        applied = await migrationsApplied(probe, newest);
      } catch (err) {
        request.log.error({ err }, 'database unreachable');
        return reply.status(503).send({ status: 'error', database: 'unreachable', error: DATABASE_DOWN });
      }
      if (!applied) return reply.status(503).send({ status: 'error', database: 'ok', migrations: 'pending', error: MIGRATIONS_PENDING });
      return { status: 'ok', database: 'ok', migrations: 'ok' } as const;
    });
  };
}
