/**
 * The server the submission benchmark loads: the real app (buildApp) plus a
 * baseline route that inserts one row per request, the ceiling any write
 * endpoint is measured against. Started as a child process by submit.ts,
 * logging as a deployment does.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/db/client';

// Logging as in production (LOG_LEVEL's default, info: a line per request); submit.ts sends it to a file.
const config = loadConfig({ ...process.env, SEED_DEMO: 'false' });
const database = await openDatabase({
  url: config.DATABASE_URL,
  pgliteDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pgdata'),
  poolSize: Number(process.env.POOL_SIZE ?? 20),
});
const app = await buildApp({ config, db: database.db, logger: true });
await database.db.execute(sql`create table if not exists bench_baseline (id bigserial primary key, payload jsonb not null)`);
app.post('/encuestas/api/bench/baseline', { config: { auth: 'public' } }, async (request, reply) => {
  await database.db.execute(sql`insert into bench_baseline (payload) values (${JSON.stringify(request.body)}::jsonb)`);
  return reply.status(201).send({ ok: true });
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => {
  void app.close().then(() => database.close()).then(() => process.exit(0));
});
