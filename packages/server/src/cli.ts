/**
 * Operator commands: `npm run cli -- <command>`.
 *   import <alumnos|docentes|administrativos|clases|inscripciones> <file.csv>
 *   sis-sync     pull the directory from SIS_URL (PowerCampus-style API)
 *   prune        delete expired sessions, login codes, reset links and old outbox mail (the server also does it every 10 minutes)
 *   rebuild-aggregates empty the report aggregates and fold every published response again (docs/reports.md)
 *   publish-responses [--force]
 *                publish held responses in batches of at least ANONYMITY_BATCH (the server also does it);
 *                --force publishes a smaller remainder too, at a cost in anonymity
 * Uses the same configuration (DATABASE_URL or DATA_DIR) as the server.
 */
import type { KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DIRECTORY_ENTITIES, type DirectoryEntity, type ImportReport } from '@encuestas/core/api/directory';
import { ConfigError, heldAnswersKey, loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { seedReferenceData } from './db/seed/reference';
import { importDirectoryCsv } from './features/directory/import';
import { pruneExpired } from './features/maintenance/prune';
import { rebuildAggregates } from './features/aggregates/fold';
import { publishHeldResponses } from './features/responses/mover';
import { PowerCampusHttpConnector, syncFromSis } from './features/directory/sis';

const USAGE = `Usage:
  npm run cli -- import <${DIRECTORY_ENTITIES.join('|')}> <file.csv>
  npm run cli -- sis-sync
  npm run cli -- prune
  npm run cli -- rebuild-aggregates
  npm run cli -- publish-responses [--force]`;

const COMMANDS = ['import', 'sis-sync', 'prune', 'rebuild-aggregates', 'publish-responses'];

function printReport(report: ImportReport): void {
  if (report.errors.length === 0) {
    console.log(
      `${report.entity}: ${report.imported} imported (${report.created} new, ${report.updated} updated${report.skipped ? `, ${report.skipped} skipped` : ''})`,
    );
    return;
  }
  console.error(`${report.entity}: ${report.errors.length} error(s); nothing was imported.`);
  for (const error of report.errors) console.error(`  line ${error.row}${error.field ? ` [${error.field}]` : ''}: ${error.message}`);
}

/** Publishes full batches; with --force then the remainder, saying what that costs in anonymity. */
async function publishResponses(db: Database, minBatch: number, force: boolean, heldKey: KeyObject): Promise<number> {
  const busy = () => {
    console.error('Otro proceso está publicando respuestas; intenta de nuevo en un momento. / Another process is publishing responses; try again shortly.');
    return 1;
  };
  const full = await publishHeldResponses(db, { minBatch, heldKey });
  if (full.held < 0) return busy();
  console.log(`${full.published} respuestas publicadas en lotes de al menos ${minBatch}. / ${full.published} responses published in batches of at least ${minBatch}.`);
  if (full.held === 0) return 0;
  if (!force) {
    console.log(`${full.held} en espera de más respuestas; --force las publica ya. / ${full.held} held until more arrive; --force publishes them now.`);
    return 0;
  }
  const rest = await publishHeldResponses(db, { minBatch, heldKey, force: true });
  if (rest.held < 0) return busy();
  console.log(`${rest.published} respuestas restantes publicadas. / ${rest.published} remaining responses published.`);
  if (rest.published > 0 && rest.published < minBatch) {
    console.warn(
      `Aviso: ese lote mezcla a ${rest.published} personas, menos de ANONYMITY_BATCH (${minBatch}): quien sepa quién respondió recientemente puede acotar de quién es cada respuesta (con 1, saberlo).\n` +
        `Warning: that batch mixes ${rest.published} people, fewer than ANONYMITY_BATCH (${minBatch}): whoever knows who answered recently can narrow down whose each response is (with 1, know it).`,
    );
  }
  return 0;
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (!command || !COMMANDS.includes(command) || (command === 'publish-responses' && rest.some((a) => a !== '--force'))) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pgdata'),
  });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    if (command === 'import') {
      const [entity, file] = rest;
      if (!entity || !(DIRECTORY_ENTITIES as readonly string[]).includes(entity) || !file) {
        console.error(USAGE);
        return 2;
      }
      const report = await importDirectoryCsv(database.db, entity as DirectoryEntity, readFileSync(file, 'utf8'));
      printReport(report);
      return report.errors.length ? 1 : 0;
    }
    if (command === 'prune') {
      const deleted = await pruneExpired(database.db);
      for (const [table, rows] of Object.entries(deleted)) console.log(`${table}: ${rows} deleted`);
      return 0;
    }
    if (command === 'rebuild-aggregates') {
      const { responses } = await rebuildAggregates(database.db);
      console.log(`aggregates rebuilt from ${responses} published responses`);
      return 0;
    }
    if (command === 'publish-responses') return await publishResponses(database.db, config.ANONYMITY_BATCH, rest.includes('--force'), heldAnswersKey(config));
    if (!config.SIS_URL) {
      console.error('SIS_URL is not set.');
      return 2;
    }
    const reports = await syncFromSis(database.db, new PowerCampusHttpConnector(config.SIS_URL, config.SIS_TOKEN));
    reports.forEach(printReport);
    return reports.some((r) => r.errors.length) ? 1 : 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
