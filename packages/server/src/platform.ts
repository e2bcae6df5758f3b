import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { mexicoCityDay } from '@encuestas/core/dates';
import { passwordStrength, passwordUserInputs } from '@encuestas/core/password-strength';
import { buildApp } from './app';
import { heldAnswersKey, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DEMO_ADMIN, isDatabaseEmpty, seedDemo, seedPreviousTermClasses, type DemoSeedOptions } from './db/seed/demo';
import { PARTICIPATION_TABLES, refreshStatistics } from './db/statistics';
import { seedDemoAnswers } from './db/seed/demo-answers';
import { seedReferenceData } from './db/seed/reference';
import { loadCatalogs } from './features/catalogs/service';
import { triageUnstoredTexts } from './features/comment-triage';
import { brandingDefaults, loadBranding } from './features/institution/routes';
import { serveBackups } from './features/maintenance/backup';
import { startPruning } from './features/maintenance/prune';
import { prepareHeldResponses } from './features/responses/held-start';
import { publishHeldResponses } from './features/responses/mover';
import { upsertAdministrator } from './features/users/service';

export interface Platform {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The administrator the start-up made sure of, if any. */
  admin?: { email: string; password: string };
  seeded: boolean;
}

/**
 * Opens and migrates the database, seeds what is due and builds the app. `demo` sizes the demo SEED_DEMO
 * seeds (the full one by default); the API tests' start-ups seed their small test demo (test/helpers/demo-seed.ts).
 */
export async function preparePlatform(config: Config, options: { logger?: boolean; demo?: Pick<DemoSeedOptions, 'studentsPerCampus'> } = {}): Promise<Platform> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pgdata'),
    openedBy: 'server',
  });
  const { db } = database;
  const heldKey = heldAnswersKey(config);
  let seeded = false;
  let admin: Platform['admin'];
  // Servers started at once on one PostgreSQL take turns here (docs/operations.md, "Upgrades").
  await database.exclusively(async () => {
    await database.migrate();
    // Texts folded before their triage was stored (migration 0023) get it now, before the alert list is read.
    await triageUnstoredTexts(db);
    await prepareHeldResponses(db, heldKey);
    const empty = await isDatabaseEmpty(db);
    await seedReferenceData(db);
    if (empty && config.SEED_DEMO) {
      await seedPreviousTermClasses(db, await seedDemo(db, options.demo));
      // A term of answers, published and folded by the mover as real ones are (docs/reports.md).
      await seedDemoAnswers(db, { today: mexicoCityDay(), catalogs: await loadCatalogs(db), heldKey });
      await publishHeldResponses(db, { minBatch: config.ANONYMITY_BATCH, heldKey });
      await refreshStatistics(db, PARTICIPATION_TABLES);
      seeded = true;
      admin = { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password };
    }
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      await upsertAdministrator(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
      admin = { email: config.ADMIN_EMAIL.toLowerCase(), password: config.ADMIN_PASSWORD };
    }
  });
  const branding = await loadBranding(db, brandingDefaults(config));
  const app = await buildApp({ config, db, logger: options.logger ?? true, branding });
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    // Set by whoever deploys, so only a warning: the rule binds passwords set through the API.
    const strength = passwordStrength(config.ADMIN_PASSWORD, passwordUserInputs({ email: config.ADMIN_EMAIL }));
    if (!strength.acceptable) app.log.warn({ reason: strength.problem }, 'ADMIN_PASSWORD is easy to guess; choose a stronger one');
  }
  const pruning = startPruning(db, app.log);
  // The folder is this process's alone: `npm run cli -- backup` asks here for its dump (backup.ts).
  const { dumpEmbedded } = database;
  const stopBackups = dumpEmbedded && config.DATABASE_URL === undefined ? await serveBackups(config.DATA_DIR, dumpEmbedded, app.log) : undefined;
  app.addHook('onClose', async () => {
    await stopBackups?.();
    await pruning.stop();
    await database.close();
  });
  return { app, database, admin, seeded };
}
