/**
 * One process at a time in an embedded database folder (DATA_DIR/pgdata).
 * PGlite has no lock of its own: a second process that opens a folder a
 * running server holds (`npm run cli -- …` beside `npm start`) writes over
 * the server's files and the database never opens again (issue 17).
 *
 * The lock is a folder beside the database (`pgdata.lock/`) holding numbered
 * claims `N.json` ({ pid, startTime, by, since }); the highest number is the
 * current one. A process takes the lock by creating the next number
 * atomically (write a private file, then link() it: fails if the number
 * exists, and the claim is never seen half written), so of two processes
 * racing only one gets it. A claim whose process is gone (kill -9, a power
 * cut) is taken over at once: the process is dead, or its pid now belongs to
 * a process that started at another time (/proc/<pid>/stat; elsewhere only
 * the pid is checked). Release rewrites the claim as released (a rename over
 * it), never deletes it, so numbers only grow and a slow racer cannot reuse
 * one; the next taker deletes the claims below its own.
 *
 * Limits: every process must see the same pids (run commands in the server's
 * container, e.g. `docker exec`), and the folder must be local (no NFS).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface FolderHolder {
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat, field 22); null where there is no /proc. */
  startTime: string | null;
  /** Who: 'server', or the command line of an operator command or script. */
  by: string;
  /** When it took the folder (ISO 8601). */
  since: string;
  /** When it let go (ISO 8601): a released claim is free to take. */
  released?: string;
}

/** Another live process holds the folder: opening it here would damage the database. */
export class FolderBusyError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: FolderHolder,
  ) {
    super(busyLines(folder, holder, { es: 'Detén ese proceso primero.', en: 'Stop that process first.' }));
    this.name = 'FolderBusyError';
  }

  /** The message in Spanish, then English, with what the reader should do. */
  explain(advice: { es: string; en: string }): string {
    return busyLines(this.folder, this.holder, advice);
  }
}

function busyLines(folder: string, holder: FolderHolder, advice: { es: string; en: string }): string {
  const server = holder.by === 'server';
  const since = `${holder.since.slice(0, 19).replace('T', ' ')} UTC`;
  return (
    `La base de datos ${folder} está abierta por ${server ? 'el servidor' : `«${holder.by}»`} (pid ${holder.pid}, desde ${since}); ` +
    `dos procesos a la vez la dañarían. ${advice.es}\n` +
    `The database ${folder} is open in ${server ? 'the server' : `"${holder.by}"`} (pid ${holder.pid}, since ${since}); ` +
    `two processes at once would damage it. ${advice.en}`
  );
}

/** Folders this process holds (a second open here would damage the database just the same). */
const heldHere = new Set<string>();

/**
 * Takes `folder` for this process or throws FolderBusyError naming the
 * process that holds it. Returns the release (idempotent).
 */
export function lockFolder(folder: string, by: string): () => void {
  mkdirSync(folder, { recursive: true });
  const real = realpathSync(folder);
  const lockDir = `${real}.lock`;
  mkdirSync(lockDir, { recursive: true });
  const me: FolderHolder = { pid: process.pid, startTime: procStat(process.pid)?.startTime ?? null, by, since: new Date().toISOString() };

  // Each pass either ends or follows another process's move; a few passes suffice even under a race.
  for (let attempt = 0; attempt < 50; attempt++) {
    const top = claimNumbers(lockDir)[0];
    if (top !== undefined) {
      const holder = readClaim(lockDir, top);
      if (holder === 'gone') continue; // a taker just cleaned it up
      if (holder && !holder.released && isAlive(holder, real)) throw new FolderBusyError(folder, holder);
    }
    const mine = (top ?? 0) + 1;
    if (!createClaim(lockDir, mine, me)) continue; // another process took that number first
    // A racer that read an older top may find its number freed by a cleanup: a higher one wins.
    const numbers = claimNumbers(lockDir);
    if (numbers[0]! > mine) {
      removeClaim(lockDir, mine);
      continue;
    }
    for (const older of numbers.filter((n) => n < mine)) removeClaim(lockDir, older);
    heldHere.add(real);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      heldHere.delete(real);
      try {
        writeAtomically(path.join(lockDir, claimFile(mine)), { ...me, released: new Date().toISOString() });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error; // the folder was deleted: nothing to free
      }
    };
  }
  throw new Error(`Could not take the lock ${lockDir}: it changed hands at every attempt.`);
}

const claimFile = (n: number) => `${n}.json`;

/** The claim numbers in the lock folder, highest first. */
function claimNumbers(lockDir: string): number[] {
  return readdirSync(lockDir)
    .map((name) => /^(\d+)\.json$/.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => b - a);
}

/** The claim, 'gone' if it was deleted meanwhile, or null if unreadable (taken as free). */
function readClaim(lockDir: string, n: number): FolderHolder | 'gone' | null {
  let text: string;
  try {
    text = readFileSync(path.join(lockDir, claimFile(n)), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  try {
    const claim = JSON.parse(text) as FolderHolder;
    return Number.isInteger(claim.pid) && claim.pid > 0 && typeof claim.by === 'string' && typeof claim.since === 'string' ? claim : null;
  } catch {
    return null; // e.g. emptied by a power cut: no live process wrote it
  }
}

/** Creates claim number n with our content, or returns false if it exists. */
function createClaim(lockDir: string, n: number, claim: FolderHolder): boolean {
  const draft = path.join(lockDir, `draft-${process.pid}-${randomBytes(6).toString('hex')}`);
  writeFileSync(draft, JSON.stringify(claim));
  try {
    linkSync(draft, path.join(lockDir, claimFile(n)));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

function writeAtomically(file: string, claim: FolderHolder): void {
  const draft = `${file}.${process.pid}-${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, JSON.stringify(claim));
  renameSync(draft, file);
}

function removeClaim(lockDir: string, n: number): void {
  try {
    unlinkSync(path.join(lockDir, claimFile(n)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

const hasProc = existsSync('/proc/self/stat');

/** Whether the claim's process still runs (and is the same process, not a later one with its pid). */
function isAlive(holder: FolderHolder, folder: string): boolean {
  // Our own pid: held if this process holds the folder now; otherwise an earlier process had our pid.
  if (holder.pid === process.pid) return heldHere.has(folder);
  let otherUser = false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false; // ESRCH: no such process
    otherUser = true; // EPERM: it runs, as another user
  }
  if (!hasProc) return true; // the pid is all there is to go by
  const stat = procStat(holder.pid);
  // Missing: it ended just now, or /proc hides another user's processes (hidepid), then assume it runs.
  if (!stat) return otherUser;
  if (stat.state === 'Z' || stat.state === 'X') return false; // killed, not yet reaped
  return holder.startTime === null || holder.startTime === stat.startTime;
}

/** State and start time from /proc/<pid>/stat (Linux), or null. */
function procStat(pid: number): { state: string; startTime: string } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const startTime = fields[19]; // field 22 of the line; fields[0] is field 3
  return fields[0] && startTime ? { state: fields[0], startTime } : null;
}
