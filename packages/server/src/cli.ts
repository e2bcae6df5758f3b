/**
 * Operator commands: `npm run cli -- <command>`.
 *   import <alumnos|docentes|administrativos|clases|inscripciones> <file.csv>
 *   sis-sync     pull the directory from SIS_URL (PowerCampus-style API)
 *   prune        delete expired sessions, login codes, reset links and old outbox mail (the server also does it every 10 minutes)
 *   background-runs  the last run of each piece of background work (pruning, the mover): when it started and
 *                finished, what it did, the last error, which process took it (features/maintenance/background-runs.ts)
 *   rebuild-aggregates empty the report aggregates and fold every published response again (docs/reports.md)
 *   publish-responses [--application <id> [--survey-type <id>]]
 *                publish held responses in sets of at least ANONYMITY_BATCH (the server also does it, and
 *                coarsens the leftovers of applications whose window has closed); --application coarsens
 *                that application's leftovers now (e.g. one closed early), never below ANONYMITY_BATCH
 *   backup <file>  a backup of the database: pg_dump's custom format, or the embedded database's folder as a
 *                gzip tarball (asked of the server when it runs; features/maintenance/backup.ts)
 *   restore <file> [--replace]  loads a backup; refuses a database that has data unless --replace
 * Uses the same configuration (DATABASE_URL or DATA_DIR) as the server. On the
 * embedded database every command refuses while the server (or another
 * command) has the folder open: two processes at once would damage it.
 */
import type { KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DIRECTORY_ENTITIES, type DirectoryEntity, type ImportReport } from '@encuestas/core/api/directory';
import { ConfigError, heldAnswersKey, loadConfig, type Config } from './config';
import { openDatabase, type Database, type DatabaseHandle } from './db/client';
import { FolderBusyError } from './db/folder-lock';
import { seedReferenceData } from './db/seed/reference';
import { importDirectoryCsv } from './features/directory/import';
import { BackupError, backupPglite, backupPostgres, restorePglite, restorePostgres } from './features/maintenance/backup';
import { listBackgroundRuns } from './features/maintenance/background-runs';
import { pruneExpired } from './features/maintenance/prune';
import { rebuildAggregates } from './features/aggregates/fold';
import { COARSEST_LEVEL, publishHeldResponses, publishRemainders } from './features/responses/mover';
import { errorMessageWithoutValues, serializeError } from './http/log-serializers';
import { PowerCampusHttpConnector, syncFromSis } from './features/directory/sis';

const USAGE = `Usage:
  npm run cli -- import <${DIRECTORY_ENTITIES.join('|')}> <file.csv>
  npm run cli -- sis-sync
  npm run cli -- prune
  npm run cli -- background-runs
  npm run cli -- rebuild-aggregates
  npm run cli -- publish-responses [--application <id> [--survey-type <id>]]
  npm run cli -- backup <file>
  npm run cli -- restore <file> [--replace]`;

const STOP_THE_SERVER = {
  es: 'Detén el servidor y vuelve a ejecutar el comando. Con el servidor en marcha, el directorio se importa desde el back office (Importar directorio), y el servidor publica las respuestas y depura lo caducado por sí mismo.',
  en: 'Stop the server and run the command again. While the server runs, import the directory in the back office (Importar directorio); the server publishes responses and prunes expired data by itself.',
};
const STOP_THE_SERVER_TO_RESTORE = {
  es: 'Detén el servidor y vuelve a ejecutar el comando: una restauración reemplaza la base de datos que el servidor tiene abierta.',
  en: 'Stop the server and run the command again: a restore replaces the database the server has open.',
};
const WAIT_FOR_IT = { es: 'Espera a que termine y vuelve a ejecutar el comando.', en: 'Wait until it ends and run the command again.' };

const COMMANDS = ['import', 'sis-sync', 'prune', 'background-runs', 'rebuild-aggregates', 'publish-responses', 'backup', 'restore'];

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

/** `--application 12 --survey-type 3` → { activeId: 12, cycleId: 3 }; {} without them; null when malformed. */
function publishTarget(args: string[]): { activeId?: number; cycleId?: number } | null {
  const ids: Record<string, number> = {};
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]];
    if ((flag !== '--application' && flag !== '--survey-type') || flag in ids || !value || !/^[1-9]\d{0,8}$/.test(value)) return null;
    ids[flag] = Number(value);
  }
  if (ids['--survey-type'] !== undefined && ids['--application'] === undefined) return null;
  return { activeId: ids['--application'], cycleId: ids['--survey-type'] };
}

const LEVEL_NAMES = ['tal cual / as they were', 'sin clase / class cleared', 'sin grupo / group cleared', 'sin plan / plan cleared', 'solo la aplicación / application only'];

/**
 * Publishes full sets; with an application, then that application's leftovers
 * coarsened (never a set below minBatch), saying at which level and what stays held.
 */
async function publishResponses(
  db: Database,
  minBatch: number,
  target: { activeId?: number; cycleId?: number },
  heldKey: KeyObject,
): Promise<number> {
  const busy = () => {
    console.error('Otro proceso está publicando respuestas; intenta de nuevo en un momento. / Another process is publishing responses; try again shortly.');
    return 1;
  };
  const full = await publishHeldResponses(db, { minBatch, heldKey });
  if (full.held < 0) return busy();
  console.log(`${full.published} respuestas publicadas en conjuntos de al menos ${minBatch}. / ${full.published} responses published in sets of at least ${minBatch}.`);
  if (target.activeId === undefined) {
    if (full.held > 0) {
      console.log(
        `${full.held} en espera: se publican al completar un conjunto o, al cerrar su aplicación, agrupadas con otras de su docente, plan o campus. ` +
          `--application N lo hace ya para una aplicación.\n` +
          `${full.held} held: published when their set fills or, once their application closes, together with others of their teacher, plan or campus. ` +
          `--application N does it now for one application.`,
      );
    }
    return 0;
  }
  const rest = await publishRemainders(db, { activeId: target.activeId, cycleId: target.cycleId }, { minBatch, heldKey });
  if (rest.held < 0) return busy();
  for (let level = 0; level <= COARSEST_LEVEL; level++) {
    if (rest.byLevel[level]) console.log(`  ${rest.byLevel[level]} ${LEVEL_NAMES[level]}`);
  }
  console.log(
    `${rest.published} respuestas restantes publicadas; ${rest.held} siguen en espera porque no suman ${minBatch} ni en toda la aplicación.\n` +
      `${rest.published} remaining responses published; ${rest.held} stay held: fewer than ${minBatch} even across the whole application.`,
  );
  return 0;
}

/** `backup FILE` and `restore FILE [--replace]` on whichever database the configuration names. */
async function backupOrRestore(config: Config, command: 'backup' | 'restore', args: string[], openedBy: string): Promise<number> {
  const [file, ...flags] = args;
  const replace = flags.length === 1 && flags[0] === '--replace';
  if (!file || file.startsWith('--') || (command === 'backup' ? flags.length > 0 : flags.length > 0 && !replace)) {
    console.error(USAGE);
    return 2;
  }
  try {
    if (command === 'backup') {
      if (config.DATABASE_URL) await backupPostgres(config.DATABASE_URL, file);
      else if ((await backupPglite(config.DATA_DIR, file, openedBy)) === 'server') console.log('Copia tomada por el servidor en marcha. / Backup taken by the running server.');
      console.log(`Copia guardada en ${file}. / Backup written to ${file}.`);
    } else {
      if (config.DATABASE_URL) await restorePostgres(config.DATABASE_URL, file, replace);
      else await restorePglite(config.DATA_DIR, file, replace, openedBy);
      console.log(`Copia ${file} restaurada. / Backup ${file} restored.`);
    }
    return 0;
  } catch (error) {
    if (error instanceof FolderBusyError) {
      console.error(error.explain(error.holder.by === 'server' ? STOP_THE_SERVER_TO_RESTORE : WAIT_FOR_IT));
      return 1;
    }
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const target = command === 'publish-responses' ? publishTarget(rest) : {};
  if (!command || !COMMANDS.includes(command) || target === null) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (command === 'backup' || command === 'restore') return backupOrRestore(config, command, rest, `npm run cli -- ${args.join(' ')}`);
  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      url: config.DATABASE_URL,
      pgliteDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pgdata'),
      openedBy: `npm run cli -- ${args.join(' ')}`,
    });
  } catch (error) {
    if (!(error instanceof FolderBusyError)) throw error;
    console.error(error.explain(error.holder.by === 'server' ? STOP_THE_SERVER : WAIT_FOR_IT));
    return 1;
  }
  try {
    // As a server's start does: never beside another process's migrations.
    await database.exclusively(async () => {
      await database.migrate();
      await seedReferenceData(database.db);
    });
    if (command === 'import') {
      const [entity, file] = rest;
      if (!entity || !(DIRECTORY_ENTITIES as readonly string[]).includes(entity) || !file) {
        console.error(USAGE);
        return 2;
      }
      const report = await importDirectoryCsv(database.db, entity as DirectoryEntity, readFileSync(file, 'utf8'), { emailDomains: config.RESPONDENT_EMAIL_DOMAINS });
      printReport(report);
      return report.errors.length ? 1 : 0;
    }
    if (command === 'prune') {
      const deleted = await pruneExpired(database.db);
      for (const [table, rows] of Object.entries(deleted)) console.log(`${table}: ${rows} deleted`);
      return 0;
    }
    if (command === 'background-runs') {
      const runs = await listBackgroundRuns(database.db);
      if (runs.length === 0) console.log('no background run recorded yet');
      for (const run of runs) {
        const error = run.lastErrorAt ? `; last error ${run.lastErrorAt.toISOString()}: ${run.lastError}` : '';
        console.log(
          `${run.name}: ${run.runs} runs; last started ${run.startedAt.toISOString()} by ${run.process}, ` +
            `last finished ${run.finishedAt?.toISOString() ?? 'never'} ${JSON.stringify(run.outcome ?? {})}${error}`,
        );
      }
      return 0;
    }
    if (command === 'rebuild-aggregates') {
      const { responses } = await rebuildAggregates(database.db);
      console.log(`aggregates rebuilt from ${responses} published responses`);
      return 0;
    }
    if (command === 'publish-responses') return await publishResponses(database.db, config.ANONYMITY_BATCH, target, heldAnswersKey(config));
    if (!config.SIS_URL) {
      console.error('SIS_URL is not set.');
      return 2;
    }
    const reports = await syncFromSis(database.db, new PowerCampusHttpConnector(config.SIS_URL, config.SIS_TOKEN), { emailDomains: config.RESPONDENT_EMAIL_DOMAINS });
    reports.forEach(printReport);
    return reports.some((r) => r.errors.length) ? 1 : 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    // Without the values bound to a failed statement: the mover's carries held ids beside the answers it publishes.
    console.error(error instanceof ConfigError ? error.message : error instanceof Error ? (serializeError(error).stack ?? errorMessageWithoutValues(error)) : error);
    process.exit(1);
  });
