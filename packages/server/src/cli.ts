/**
 * Operator commands: `npm run cli -- <command>`.
 *   import <alumnos|docentes|administrativos|clases|inscripciones> <file.csv>
 *   sis-sync     pull the directory from SIS_URL (PowerCampus-style API)
 *   prune        delete expired sessions, login codes, reset links and old outbox mail (the server also does it every 10 minutes)
 *   rebuild-aggregates  empty the report aggregates and fold every published response again (docs/reports.md)
 * Uses the same configuration (DATABASE_URL or DATA_DIR) as the server.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DIRECTORY_ENTITIES, type DirectoryEntity, type ImportReport } from '@encuestas/core/api/directory';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedReferenceData } from './db/seed/reference';
import { importDirectoryCsv } from './features/directory/import';
import { pruneExpired } from './features/maintenance/prune';
import { rebuildAggregates } from './features/aggregates/fold';
import { PowerCampusHttpConnector, syncFromSis } from './features/directory/sis';

const USAGE = `Usage:
  npm run cli -- import <${DIRECTORY_ENTITIES.join('|')}> <file.csv>
  npm run cli -- sis-sync
  npm run cli -- prune
  npm run cli -- rebuild-aggregates`;

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

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command !== 'import' && command !== 'sis-sync' && command !== 'prune' && command !== 'rebuild-aggregates') {
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
