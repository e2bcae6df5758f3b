/**
 * CPU time of the benchmark's own processes, read from /proc (Linux): the
 * server process (all its threads) and the PostgreSQL cluster (the
 * postmaster and its children). CPU per request moves far less than
 * requests a second when other work shares the machine, so it tells two
 * builds apart where throughput cannot (docs/benchmarks.md).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** /proc/<pid>/stat counts in clock ticks of 1/100 s (USER_HZ, fixed at 100 on Linux). */
const MS_PER_TICK = 10;

/** The fields after the command name (which may hold spaces): state is [0], ppid [1], utime [11], stime [12]. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // gone
  }
}

/** Milliseconds of CPU (user and system) each of these processes has used so far. */
export function cpuSnapshot(pids: readonly number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    const fields = statFields(pid);
    if (fields) used.set(pid, (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK);
  }
  return used;
}

/** CPU used between two snapshots: a process started since counts from 0; one gone since counts nothing. */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}

/** The process and its direct children (a PostgreSQL postmaster and its backends and workers), now. */
export function withChildren(pid: number): number[] {
  const pids = [pid];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (statFields(Number(entry))?.[1] === String(pid)) pids.push(Number(entry));
  }
  return pids;
}

/** A process's parent (a PostgreSQL backend's: the postmaster). */
export function parentOf(pid: number): number | null {
  const ppid = statFields(pid)?.[1];
  return ppid ? Number(ppid) : null;
}

/** Whether this machine has /proc to read. */
export function canReadCpu(): boolean {
  return statFields(process.pid) !== null;
}
