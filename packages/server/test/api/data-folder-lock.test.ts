/**
 * Issue 17: no operator command damages the embedded database. With the real
 * server running (the build, packages/server/dist/main.mjs, as `npm start` runs it)
 * on a persisted PGlite folder, every CLI command that opens the database
 * refuses in Spanish and English and a second server does not start; the
 * data is intact afterwards. After kill -9 a new server starts at once. On
 * PostgreSQL the CLI runs beside the server as before.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { adminUsers, campuses, students } from '../../src/db/schema';
import { DEMO_ADMIN, seedDemo } from '../../src/db/seed/demo';
import { seedReferenceData } from '../../src/db/seed/reference';
import { freePort } from '../../../../scripts/postgres-cluster.mjs';
import { ensureServerBuilt, serverCli, serverMain } from '../../../../scripts/server-build.mjs';
import { makeTempDir, TEST_JWT_SECRET } from '../helpers/app';
import { createPostgresDatabase, preparePgliteDir, usingPostgres } from '../helpers/database';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
/** Hang detectors only: a server start on a busy 2-core machine takes seconds, a first initdb up to 20 s. */
const START_DEADLINE_MS = 180_000;
const TIMEOUT = 300_000;

/** The commands that open the database, each as an operator would type it after `npm run cli --`. */
const databaseCommands = (csv: string) => [
  ['import', 'alumnos', csv],
  ['sis-sync'],
  ['prune'],
  ['background-runs'],
  ['rebuild-aggregates'],
  ['publish-responses'],
  ['publish-responses', '--application', '1'],
];

const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

function environment(database: { DATA_DIR: string } | { DATABASE_URL: string; DATA_DIR: string }, port = 0): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port || 8080}`,
    SEED_DEMO: 'false',
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(database.DATA_DIR, 'no-web-dist'),
    // Never reached: sis-sync must refuse before it fetches anything.
    SIS_URL: 'http://127.0.0.1:9/sis',
    ...database,
  };
}

interface Exited {
  code: number | null;
  output: string;
}

// The build (`npm start`'s server, and the CLI's same code as `npm run cli` runs through tsx): it starts
// in half the time, and this file starts a dozen processes.
beforeAll(async () => {
  await ensureServerBuilt();
});

/** Runs the CLI (packages/server/dist/cli.mjs, the code `npm run cli -- …` runs) and waits for it to end. */
function cli(args: string[], env: NodeJS.ProcessEnv): Promise<Exited & { stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [serverCli, ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (code) => {
      running.delete(child);
      resolve({ code, stdout, stderr, output: stdout + stderr });
    }),
  );
}

interface Server {
  child: ChildProcess;
  pid: number;
  api: string;
  output(): string;
  stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<number | null>;
}

/** Starts the server; resolves when /health answers, or with its exit code and output if it ends first. */
async function startServer(env: NodeJS.ProcessEnv): Promise<Server | Exited> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  void closed.then(() => running.delete(child));
  const api = `http://127.0.0.1:${port}/encuestas/api`;
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) return { code: await closed, output };
    if ((await fetch(`${api}/health`).catch(() => null))?.ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /health within ${START_DEADLINE_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    pid: child.pid!,
    api,
    output: () => output,
    stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return closed;
    },
  };
}

function started(server: Server | Exited): Server {
  if (!('pid' in server)) throw new Error(`the server exited with ${server.code} during start-up:\n${server.output}`);
  return server;
}

async function adminLogin(server: Server): Promise<number> {
  const response = await fetch(`${server.api}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  return response.status;
}

describe.skipIf(usingPostgres)('the embedded database folder is held by one process at a time (PGlite)', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let env: NodeJS.ProcessEnv;
  let pgdata: string;
  let csv: string;
  let server: Server;
  /** What the folder holds before the server starts: it must hold the same at the end. */
  let before: Record<string, number>;

  const refusedBy = (pid: number) => [
    `La base de datos ${pgdata} está abierta por el servidor (pid ${pid}, desde `,
    `The database ${pgdata} is open in the server (pid ${pid}, since `,
  ];

  async function contents(): Promise<Record<string, number>> {
    const handle = await openDatabase({ pgliteDir: pgdata });
    try {
      const [c] = await handle.db.select({ n: count() }).from(campuses);
      const [s] = await handle.db.select({ n: count() }).from(students);
      const [i] = await handle.db.select({ n: count() }).from(students).where(eq(students.name, 'Importada'));
      const [a] = await handle.db.select({ n: count() }).from(adminUsers);
      return { campuses: Number(c!.n), students: Number(s!.n), imported: Number(i!.n), admins: Number(a!.n) };
    } finally {
      await handle.close();
    }
  }

  beforeAll(async () => {
    temp = makeTempDir('encuestas-folder-lock-');
    pgdata = path.join(temp.dir, 'pgdata');
    env = environment({ DATA_DIR: temp.dir });
    preparePgliteDir(pgdata);
    const handle = await openDatabase({ pgliteDir: pgdata });
    await handle.migrate();
    await seedReferenceData(handle.db);
    await seedDemo(handle.db, { studentsPerCampus: 5 });
    await handle.close();
    csv = path.join(temp.dir, 'alumnos.csv');
    writeFileSync(
      csv,
      ['pc_id,nombre,campus,plan,grupo,sesion,anio', '930000001,Importada,Puebla,LADE,1A,Matutino,2026', '930000002,Importada,Puebla,LADE,1A,Matutino,2026'].join('\n'),
    );
  }, TIMEOUT);
  afterAll(() => temp?.remove());

  it('lets the CLI work while no server runs', async () => {
    const imported = await cli(['import', 'alumnos', csv], env);
    expect(imported.code, imported.output).toBe(0);
    expect(imported.stdout).toContain('alumnos: 2 imported');
    before = await contents();
    expect(before).toMatchObject({ imported: 2, admins: expect.any(Number) });
    expect(before.campuses).toBeGreaterThan(0);
  }, TIMEOUT);

  it('refuses every command that opens the database while the server runs, in Spanish and English, and the server carries on', async () => {
    server = started(await startServer(env));
    const commands = databaseCommands(csv);
    const results = await Promise.all(commands.map((args) => cli(args, env)));
    for (const [index, result] of results.entries()) {
      const command = commands[index]!.join(' ');
      expect(result.code, `${command}:\n${result.output}`).toBe(1);
      for (const line of refusedBy(server.pid)) expect(result.stderr, command).toContain(line);
      expect(result.stderr, command).toContain('Detén el servidor y vuelve a ejecutar el comando.');
      expect(result.stderr, command).toContain('Stop the server and run the command again.');
      expect(result.stdout, command).toBe('');
    }
    // A command that opens nothing (a usage error) is unaffected.
    const usage = await cli([], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage:');

    expect((await fetch(`${server.api}/health`)).status).toBe(200);
    expect(await adminLogin(server)).toBe(200);
  }, TIMEOUT);

  it('refuses to start a second server on the folder the first one holds', async () => {
    const second = await startServer(env);
    expect('pid' in second, 'the second server started').toBe(false);
    const { code, output } = second as Exited;
    expect(code).toBe(1);
    for (const line of refusedBy(server.pid)) expect(output).toContain(line);
    expect(output).toContain('El servidor no arranca');
    expect(output).toContain('The server does not start');
    expect(await adminLogin(server)).toBe(200);
  }, TIMEOUT);

  it('lets exactly one of two servers started at once have the folder', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
    const both = await Promise.all([startServer(env), startServer(env)]);
    const winners = both.filter((s): s is Server => 'pid' in s);
    const losers = both.filter((s): s is Exited => !('pid' in s));
    expect(winners, both.map((s) => ('pid' in s ? s.output() : s.output)).join('\n---\n')).toHaveLength(1);
    server = winners[0]!;
    expect(losers[0]!.code).toBe(1);
    for (const line of refusedBy(server.pid)) expect(losers[0]!.output).toContain(line);
    expect(await adminLogin(server)).toBe(200);
  }, TIMEOUT);

  it('starts a new server at once after kill -9 of the one holding the folder', async () => {
    await server.stop('SIGKILL');
    server = started(await startServer(env));
    expect(await adminLogin(server)).toBe(200);
    expect(await server.stop('SIGTERM')).toBe(0);
  }, TIMEOUT);

  it('lets the CLI work again once the server stopped, and the data is intact', async () => {
    const pruned = await cli(['prune'], env);
    expect(pruned.code, pruned.output).toBe(0);
    // Opens (where the damaged folder failed with "RuntimeError: Aborted()") and holds what it held.
    expect(await contents()).toEqual(before);
  }, TIMEOUT);
});

describe.runIf(usingPostgres)('the CLI beside a running server (PostgreSQL)', () => {
  it('runs: PostgreSQL handles concurrent connections, so nothing is held', async () => {
    const database = await createPostgresDatabase(inject('postgresTemplate'));
    const temp = makeTempDir('encuestas-folder-lock-');
    try {
      const env = environment({ DATABASE_URL: database.url, DATA_DIR: temp.dir });
      const server = started(await startServer(env));
      const pruned = await cli(['prune'], env);
      expect(pruned.code, pruned.output).toBe(0);
      expect(pruned.stdout).toMatch(/^session: \d+ deleted$/m);
      expect((await fetch(`${server.api}/health`)).status).toBe(200);
      expect(await server.stop('SIGTERM')).toBe(0);
    } finally {
      temp.remove();
      await database.drop();
    }
  }, TIMEOUT);
});
