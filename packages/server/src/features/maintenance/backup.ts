/**
 * Backups and restores (`npm run cli -- backup FILE`, `restore FILE`; README, docs/privacy.md "Backups").
 *
 * PostgreSQL: pg_dump's custom format and pg_restore, a consistent snapshot taken beside running servers.
 *
 * Embedded PGlite: the tarball of its data folder (PGlite's dumpDataDir, gzip), taken between two
 * queries, so it is what a crash would leave and PostgreSQL's recovery opens it whole. Only one
 * process may open the folder (db/folder-lock.ts): when the server holds it, the command asks the
 * server for the dump through a Unix socket in DATA_DIR (BACKUP_SOCKET), and the server writes the
 * tarball to it. Who can reach that socket can read DATA_DIR, and so could copy the database anyway:
 * the socket gives nothing more, needs no password, and is never on the network.
 *
 * A restore refuses a target that holds data unless told to replace it (--replace).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockFolder } from '../../db/folder-lock';

/** The socket the server answers backup requests on, in DATA_DIR (beside pgdata). */
export const BACKUP_SOCKET = 'backup.sock';

export class BackupError extends Error {}

const REFUSE_NON_EMPTY = (target: string) =>
  `La base de datos ${target} ya tiene datos; no se sobrescribe. Para reemplazarlos, repite el comando con --replace.\n` +
  `The database ${target} already holds data; it is not overwritten. To replace it, run the command again with --replace.`;

/** A PostgreSQL client program: on PATH, else the newest of Debian's /usr/lib/postgresql/N/bin. */
export function pgProgram(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin', name))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (versions[0]) return path.join(base, versions[0], 'bin', name);
  throw new BackupError(`No se encontró ${name}: instala el cliente de PostgreSQL. / ${name} not found: install PostgreSQL's client programs.`);
}

function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${path.basename(program)} terminó con código ${code} / exited with code ${code}:\n${stderr.trim()}`)),
    );
  });
}

export async function backupPostgres(url: string, file: string): Promise<void> {
  await run(pgProgram('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`]);
}

/** Restores into the database of `url`: refused when it has tables, unless `replace` (its schemas are dropped first). */
export async function restorePostgres(url: string, file: string, replace: boolean): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`No existe el archivo ${file}. / ${file} does not exist.`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: string }>(
      `select count(*) as tables from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (Number(rows[0]!.tables) > 0) {
      if (!replace) throw new BackupError(REFUSE_NON_EMPTY(new URL(url).pathname.slice(1)));
      await client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public');
    }
  } finally {
    await client.end();
  }
  await run(pgProgram('pg_restore'), ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file]);
}

/** The gzip tarball of an open PGlite's data folder. */
export async function dumpPglite(client: PGlite): Promise<Buffer> {
  // A dump asked before the database is ready never settles (PGlite 0.5).
  await client.waitReady;
  const tarball = await client.dumpDataDir('gzip');
  return Buffer.from(await tarball.arrayBuffer());
}

/** Backs up the PGlite folder `pgdata`: opened here when free, else asked of the server that holds it. */
export async function backupPglite(dataDir: string, file: string, openedBy: string): Promise<'direct' | 'server'> {
  const pgdata = path.join(dataDir, 'pgdata');
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) throw new BackupError(`No hay base de datos en ${pgdata}. / There is no database in ${pgdata}.`);
  let release: () => void;
  try {
    release = lockFolder(pgdata, openedBy);
  } catch (error) {
    if ((error as { holder?: { by: string } }).holder?.by !== 'server') throw error;
    writeBackup(file, await askServer(path.join(dataDir, BACKUP_SOCKET)));
    return 'server';
  }
  try {
    const client = new PGlite(pgdata);
    try {
      writeBackup(file, await dumpPglite(client));
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
  return 'direct';
}

/** Written aside and renamed: FILE is whole or absent. The tarball is checked (gzip's length and CRC) first. */
function writeBackup(file: string, bytes: Buffer): void {
  try {
    gunzipSync(bytes);
  } catch {
    throw new BackupError('La copia llegó incompleta; no se guardó. / The backup arrived incomplete; nothing was written.');
  }
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, file);
}

function askServer(socket: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const connection = net.connect(socket);
    connection.on('data', (chunk: Buffer) => chunks.push(chunk));
    connection.on('error', (error) => reject(new BackupError(`El servidor no respondió en ${socket}: ${error.message} / The server did not answer on ${socket}.`)));
    connection.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * The server's side: answers each connection on DATA_DIR/backup.sock with a dump, then closes it.
 * Returns the stop (the app's onClose).
 */
export async function serveBackups(dataDir: string, dump: () => Promise<Buffer>, log: { error(obj: object, msg: string): void }): Promise<() => Promise<void>> {
  const socket = path.join(dataDir, BACKUP_SOCKET);
  // A socket file left by a server killed with kill -9; the folder lock says no server holds it now.
  rmSync(socket, { force: true });
  const server = net.createServer((connection) => {
    connection.on('error', () => undefined); // the command went away
    dump().then(
      (bytes) => connection.end(bytes),
      (err: unknown) => {
        log.error({ err }, 'backup failed');
        connection.destroy();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      try {
        unlinkSync(socket);
      } catch {
        // already gone
      }
    });
}

/** Restores a PGlite tarball into DATA_DIR/pgdata: refused while anything holds the folder, or when it has data unless `replace`. */
export async function restorePglite(dataDir: string, file: string, replace: boolean, openedBy: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`No existe el archivo ${file}. / ${file} does not exist.`);
  const pgdata = path.join(dataDir, 'pgdata');
  mkdirSync(dataDir, { recursive: true });
  const release = lockFolder(pgdata, openedBy);
  try {
    if (readdirSync(pgdata).length > 0 && !replace) throw new BackupError(REFUSE_NON_EMPTY(pgdata));
    // Loaded beside it and checked, then swapped in: a failed restore leaves the old folder as it was.
    const staging = `${pgdata}.restoring`;
    rmSync(staging, { recursive: true, force: true });
    const client = new PGlite(staging, { loadDataDir: new Blob([readFileSync(file)]) });
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
    for (const entry of readdirSync(pgdata)) rmSync(path.join(pgdata, entry), { recursive: true, force: true });
    for (const entry of readdirSync(staging)) renameSync(path.join(staging, entry), path.join(pgdata, entry));
    rmSync(staging, { recursive: true, force: true });
  } finally {
    release();
  }
}
