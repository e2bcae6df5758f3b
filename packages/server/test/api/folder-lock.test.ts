/**
 * The lock on an embedded database folder (src/db/folder-lock.ts), with real
 * processes: held while its holder runs, taken over at once after kill -9 or
 * when the pid now belongs to another process, and won by exactly one of
 * several processes racing for it.
 *
 * In the API lane, not the unit lane: it starts real Node processes (tens of
 * seconds on a busy machine). It uses no database server, so it runs on the
 * PGlite pass only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderBusyError, lockFolder, type FolderHolder } from '../../src/db/folder-lock';
import { usingPostgres } from '../helpers/database';

const CHILD = fileURLToPath(new URL('../helpers/folder-lock-child.ts', import.meta.url));
/** Hang detector: a few child starts on a busy 2-core machine take seconds. */
const TIMEOUT = 120_000;

let dir: string;
let folder: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'encuestas-lock-'));
  folder = path.join(dir, 'pgdata');
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Child {
  process: ChildProcess;
  /** Sends a line and resolves with the next line printed. */
  ask(line: string): Promise<string>;
  kill9(): Promise<void>;
}

/** Starts a folder-lock-child on `folder` and waits until it is ready. */
async function child(by: string): Promise<Child> {
  const process = spawn(globalThis.process.execPath, ['--import', 'tsx', CHILD, folder, by], { stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(process);
  const pending: ((line: string) => void)[] = [];
  createInterface({ input: process.stdout! }).on('line', (line) => pending.shift()?.(line));
  const next = () => new Promise<string>((resolve) => pending.push(resolve));
  expect(await next()).toBe('ready');
  return {
    process,
    ask(line) {
      const answer = next();
      process.stdin!.write(`${line}\n`);
      return answer;
    },
    async kill9() {
      const exited = new Promise((resolve) => process.once('exit', resolve));
      process.kill('SIGKILL');
      await exited;
    },
  };
}

function busyHolder(action: () => unknown): FolderHolder {
  try {
    action();
  } catch (error) {
    if (error instanceof FolderBusyError) return error.holder;
    throw error;
  }
  throw new Error('expected FolderBusyError');
}

describe.skipIf(usingPostgres)('lockFolder', () => {
  it('refuses a second holder in the same process until the first lets go', () => {
    const release = lockFolder(folder, 'first');
    const holder = busyHolder(() => lockFolder(path.join(dir, '.', 'pgdata'), 'second'));
    expect(holder).toMatchObject({ pid: process.pid, by: 'first' });
    release();
    lockFolder(folder, 'second')();
  });

  it('refuses while another process holds it, naming that process in Spanish and English', async () => {
    const server = await child('server');
    expect(await server.ask('lock')).toBe('{"held":true}');
    let refusal: FolderBusyError | undefined;
    try {
      lockFolder(folder, 'npm run cli -- prune');
    } catch (error) {
      refusal = error as FolderBusyError;
    }
    expect(refusal).toBeInstanceOf(FolderBusyError);
    expect(refusal!.holder).toMatchObject({ pid: server.process.pid, by: 'server' });
    expect(refusal!.message).toContain(`La base de datos ${folder} está abierta por el servidor (pid ${server.process.pid}, desde `);
    expect(refusal!.message).toContain(`The database ${folder} is open in the server (pid ${server.process.pid}, since `);
  }, TIMEOUT);

  it('is free once its holder released it, though the holder still runs', async () => {
    const script = await child('node bench/crash-proof.ts');
    expect(await script.ask('lock')).toBe('{"held":true}');
    expect(await script.ask('release')).toBe('released');
    lockFolder(folder, 'server')();
  }, TIMEOUT);

  it('is taken over at once after its holder was killed with kill -9', async () => {
    const server = await child('server');
    expect(await server.ask('lock')).toBe('{"held":true}');
    await server.kill9();
    const release = lockFolder(folder, 'server');
    // And the new holder is the one a newcomer is told about.
    expect(busyHolder(() => lockFolder(folder, 'again'))).toMatchObject({ pid: process.pid, by: 'server' });
    release();
  }, TIMEOUT);

  it.skipIf(process.platform !== 'linux')('is taken over when its pid now belongs to a process that started at another time', async () => {
    const other = await child('unrelated'); // a live process, whose pid a claim names
    const pid = other.process.pid!;
    const lockDir = `${folder}.lock`;
    const claim = (startTime: string) => {
      rmSync(lockDir, { recursive: true, force: true });
      mkdirSync(lockDir, { recursive: true });
      writeFileSync(path.join(lockDir, '1.json'), JSON.stringify({ pid, startTime, by: 'server', since: new Date().toISOString() }));
    };
    const started = procStartTime(pid);
    claim(started); // written by that very process: refused
    expect(busyHolder(() => lockFolder(folder, 'cli'))).toMatchObject({ pid, by: 'server' });
    claim(String(Number(started) - 1)); // written by an earlier process that had the same pid
    lockFolder(folder, 'cli')();
  }, TIMEOUT);

  for (const stale of [false, true]) {
    it(`goes to exactly one of several processes racing for it${stale ? ', taking over a dead holder' : ''}`, async () => {
      if (stale) {
        const dead = await child('server');
        expect(await dead.ask('lock')).toBe('{"held":true}');
        await dead.kill9();
      }
      const racers = await Promise.all(Array.from({ length: 6 }, (_, index) => child(`racer ${index}`)));
      const answers = (await Promise.all(racers.map((racer) => racer.ask('lock')))).map(
        (line) => JSON.parse(line) as { held?: true; busy?: FolderHolder },
      );
      const winners = racers.filter((_, index) => answers[index]!.held);
      expect(winners).toHaveLength(1);
      const winnerPid = winners[0]!.process.pid;
      for (const answer of answers.filter((a) => a.busy)) expect(answer.busy!.pid).toBe(winnerPid);
      expect(busyHolder(() => lockFolder(folder, 'late'))).toMatchObject({ pid: winnerPid });
    }, TIMEOUT);
  }
});

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function procStartTime(pid: number): string {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ')[19]!;
}
