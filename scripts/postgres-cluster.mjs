/**
 * A throwaway PostgreSQL cluster on a free loopback port, from the Debian
 * server binaries: used by `npm test` (API tests on PostgreSQL) and by the
 * benchmarks. As root the cluster belongs to the `postgres` user (initdb
 * refuses root).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function runQuiet(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}` };
}

/** The folder holding initdb and pg_ctl, newest version first; null when not installed. */
export function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')) && existsSync(path.join(base, v, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return path.join(base, versions[0], 'bin');
  }
  const which = runQuiet('sh', ['-c', 'command -v initdb']);
  if (which.ok) {
    const dir = path.dirname(which.output.trim());
    if (existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster and creates database `encuestas`. `durable: false` turns
 * fsync and synchronous commit off (tests); benchmarks keep the defaults.
 * Returns { url, port, stop, fresh } — stop() is synchronous so it can run on exit.
 * With `keepIn` (a folder) the cluster lives there and outlives stop(): a
 * later start with the same folder reuses its data (`fresh` is false then).
 */
export async function startPostgresCluster({ durable = true, maxConnections = 200, env = process.env, keepIn, settings = [] } = {}) {
  const binDir = findPgBin();
  if (!binDir) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found: apt-get install -y postgresql');
  const base = keepIn ? path.resolve(keepIn) : mkdtempSync(path.join(os.tmpdir(), 'encuestas-pg-'));
  if (keepIn) mkdirSync(base, { recursive: true });
  const dataDir = path.join(base, 'data');
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const asUser = {};
  if (isRoot) {
    const uid = runQuiet('id', ['-u', 'postgres']);
    const gid = runQuiet('id', ['-g', 'postgres']);
    if (!uid.ok || !gid.ok) throw new Error('running as root but there is no "postgres" user to own the cluster');
    asUser.uid = Number(uid.output.trim());
    asUser.gid = Number(gid.output.trim());
    chownSync(base, asUser.uid, asUser.gid);
  }
  const options = { cwd: base, ...asUser, env: { ...env, LC_ALL: 'C', HOME: base } };
  const tool = (name) => path.join(binDir, name);
  const remove = () => {
    if (!keepIn) rmSync(base, { recursive: true, force: true });
  };

  if (fresh) {
    const init = runQuiet(tool('initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-locale', '-E', 'UTF8', '--no-sync'], options);
    if (!init.ok) {
      remove();
      throw new Error(`initdb failed:\n${init.output}`);
    }
  }
  const port = await freePort();
  const serverOptions = (serverPort) =>
    [
      `-p ${serverPort}`,
      `-k ${base}`,
      '-c listen_addresses=127.0.0.1',
      `-c max_connections=${maxConnections}`,
      // Durability is pointless for a throwaway test cluster; benchmarks keep it.
      ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
      ...settings.map((setting) => `-c ${setting}`),
    ].join(' ');
  // -t: a hang detector; a start takes seconds even on a loaded machine.
  const started = runQuiet(tool('pg_ctl'), ['-D', dataDir, '-l', path.join(base, 'server.log'), '-o', serverOptions(port), '-w', '-t', '300', 'start'], options);
  let running = started.ok;
  /** Stops the streaming replica, if one was started. */
  let stopReplica = () => undefined;
  const stop = () => {
    stopReplica();
    if (running) {
      // A kept cluster stops cleanly, so its next start needs no recovery.
      runQuiet(tool('pg_ctl'), ['-D', dataDir, '-m', keepIn ? 'fast' : 'immediate', '-w', '-t', '120', 'stop'], options);
      running = false;
    }
    remove();
  };
  /**
   * A streaming replica (hot standby) of this cluster on another port: pg_basebackup -R copies the
   * data folder and writes the standby's connection back here (initdb's pg_hba.conf lets local
   * replication in; wal_level is replica by default). stop() ends it; so does the cluster's stop().
   */
  const startReplica = async () => {
    const replicaDir = path.join(base, `replica-${randomBytes(3).toString('hex')}`);
    const copied = runQuiet(
      tool('pg_basebackup'),
      ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '--no-sync', '-c', 'fast'],
      options,
    );
    if (!copied.ok) throw new Error(`pg_basebackup failed:\n${copied.output}`);
    const replicaPort = await freePort();
    const log = path.join(replicaDir, 'server.log');
    const replicaStarted = runQuiet(tool('pg_ctl'), ['-D', replicaDir, '-l', log, '-o', serverOptions(replicaPort), '-w', '-t', '300', 'start'], options);
    if (!replicaStarted.ok) throw new Error(`replica start failed:\n${replicaStarted.output}\n${existsSync(log) ? readFileSync(log, 'utf8') : ''}`);
    let replicaRunning = true;
    const stopThis = () => {
      if (replicaRunning) runQuiet(tool('pg_ctl'), ['-D', replicaDir, '-m', 'immediate', '-w', '-t', '120', 'stop'], options);
      replicaRunning = false;
    };
    stopReplica = stopThis;
    return { url: `postgres://postgres@127.0.0.1:${replicaPort}/encuestas`, port: replicaPort, stop: stopThis };
  };
  if (!started.ok) {
    const serverLog = existsSync(path.join(base, 'server.log')) ? readFileSync(path.join(base, 'server.log'), 'utf8') : '';
    stop();
    throw new Error(`pg_ctl start failed:\n${started.output}\n${serverLog}`);
  }
  if (fresh) {
    const created = runQuiet(tool('createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'encuestas'], options);
    if (!created.ok) {
      stop();
      throw new Error(`createdb failed:\n${created.output}`);
    }
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/encuestas`, port, stop, fresh, startReplica };
}
