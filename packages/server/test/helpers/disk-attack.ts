/**
 * What an attacker reads from a copy of a database's files, without the
 * server's secrets: every byte of every relation file (live and dead tuples,
 * free space, indexes, TOAST) and the write-ahead log record by record, on
 * PostgreSQL 15 and on PGlite (whose files are PostgreSQL 18's: same page and
 * WAL record layout). Used by disk-linkage.test.ts.
 *
 * The readers are small on purpose: an 8 kB heap page is a header, line
 * pointers and tuples whose header starts with t_xmin; a WAL segment is 8 kB
 * pages, each with a header giving its address, holding records that start
 * with their length and transaction id. pg_waldump (PostgreSQL) and
 * pageinspect (both) check them.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const PAGE = 8192;
const MAXALIGN = 8;
const RECORD_HEADER = 24;

/** Every file under a folder. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/** Where each occurrence of `needle` starts in `bytes`. */
export function occurrences(bytes: Buffer, needle: Buffer): number[] {
  const found: number[] = [];
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/**
 * The xmins of what look like heap tuple headers at or before `at` (not
 * before `from`), nearest first: a tuple header is t_xmin, t_xmax, t_cid,
 * t_ctid (6 bytes), t_infomask2, t_infomask, t_hoff (a multiple of 8, at
 * least 24). Finds tuples a page no longer points to (pruned, in free space)
 * and tuples inside a full-page image in the WAL; the caller keeps the
 * nearest xmin that means something (a completion's).
 */
export function tupleXminsBefore(bytes: Buffer, from: number, at: number): number[] {
  const xmins: number[] = [];
  for (let start = Math.min(at, bytes.length - 23); start >= from; start--) {
    const hoff = bytes[start + 22]!;
    if (hoff < 24 || hoff % 8 !== 0) continue;
    const natts = bytes.readUInt16LE(start + 18) & 0x07ff;
    const ctidOffset = bytes.readUInt16LE(start + 16);
    const xmin = bytes.readUInt32LE(start);
    if (natts >= 1 && natts <= 1600 && ctidOffset >= 1 && ctidOffset <= PAGE / 4 && xmin >= 3) xmins.push(xmin);
  }
  return xmins;
}

// ------------------------------------------------------------ the write-ahead log

export interface WalRecord {
  /** LSN of the record's first byte, and of the byte after its last. */
  start: number;
  end: number;
  xid: number;
  /** The record's bytes, page headers left out. */
  data: Buffer;
}

interface WalPage {
  bytes: Buffer;
  offset: number;
  address: number;
  info: number;
  remaining: number;
}

const u64 = (bytes: Buffer, at: number) => bytes.readUInt32LE(at + 4) * 2 ** 32 + bytes.readUInt32LE(at);
const alignUp = (value: number) => Math.ceil(value / MAXALIGN) * MAXALIGN;

/**
 * Every record of every WAL segment in `walDir`, recycled segments' stale
 * records included: pages are chained by their own address (xlp_pageaddr),
 * not by file name, so a renamed segment still tells where its old records
 * were.
 */
export function readWal(walDir: string): WalRecord[] {
  const pages: WalPage[] = [];
  for (const name of readdirSync(walDir).filter((n) => /^[0-9A-F]{24}$/.test(n)).sort()) {
    const bytes = readFileSync(path.join(walDir, name));
    for (let offset = 0; offset + PAGE <= bytes.length; offset += PAGE) {
      const magic = bytes.readUInt16LE(offset);
      const address = u64(bytes, offset + 8);
      if ((magic & 0xff00) !== 0xd100 || address === 0 || address % PAGE !== 0) continue;
      pages.push({ bytes, offset, address, info: bytes.readUInt16LE(offset + 2), remaining: bytes.readUInt32LE(offset + 16) });
    }
  }
  // Runs of pages whose addresses follow each other.
  const runs: WalPage[][] = [];
  for (const page of pages) {
    const run = runs.at(-1);
    if (run && run.at(-1)!.address + PAGE === page.address) run.push(page);
    else runs.push([page]);
  }
  return runs.flatMap(recordsOfRun);
}

function recordsOfRun(run: WalPage[]): WalRecord[] {
  const first = run[0]!.address;
  const pageAt = (lsn: number) => run[Math.floor((lsn - first) / PAGE)];
  const headerSize = (page: WalPage) => (page.info & 0x0002 ? 40 : 24);
  /** Past a page header when `lsn` is at a page's start; null off the run. */
  const settle = (lsn: number): number | null => {
    const page = pageAt(lsn);
    if (!page) return null;
    return lsn % PAGE === 0 ? lsn + headerSize(page) : lsn;
  };
  /** `length` record bytes from `lsn`, skipping page headers; null when the run ends first. */
  const read = (lsn: number, length: number): { data: Buffer; end: number } | null => {
    const chunks: Buffer[] = [];
    let at: number | null = lsn;
    let left = length;
    while (left > 0) {
      at = settle(at!);
      if (at === null) return null;
      const page = pageAt(at)!;
      const inPage = Math.min(left, PAGE - (at % PAGE));
      const from = page.offset + (at % PAGE);
      chunks.push(page.bytes.subarray(from, from + inPage));
      left -= inPage;
      at += inPage;
    }
    return { data: Buffer.concat(chunks), end: at! };
  };

  const records: WalRecord[] = [];
  // A run that starts inside a record skips its rest.
  let lsn: number | null = first + headerSize(run[0]!);
  if (run[0]!.info & 0x0001) lsn = read(lsn, run[0]!.remaining)?.end ?? null;
  let previous: number | null = null;
  while (lsn !== null) {
    lsn = settle(alignUp(lsn));
    if (lsn === null) break;
    const header = read(lsn, RECORD_HEADER);
    if (!header) break;
    const length = header.data.readUInt32LE(0);
    const prev = u64(header.data, 8);
    if (length < RECORD_HEADER || length > 1 << 30 || (previous !== null && prev !== previous)) break;
    const whole = read(lsn, length);
    if (!whole) break;
    records.push({ start: lsn, end: whole.end, xid: header.data.readUInt32LE(4), data: whole.data });
    previous = lsn;
    const rmid = header.data[17]!;
    const info = header.data[16]!;
    // XLOG_SWITCH: the rest of the segment is empty; the next record starts the next segment.
    const segmentSize = run[0]!.info & 0x0002 ? run[0]!.bytes.readUInt32LE(run[0]!.offset + 32) : 16 << 20;
    lsn = rmid === 0 && (info & 0xf0) === 0x40 ? Math.ceil(whole.end / segmentSize) * segmentSize : whole.end;
  }
  return records;
}

/** Start LSN and xid of each record pg_waldump (PostgreSQL 15) reads from a WAL folder, from its oldest segment on. */
export function pgWaldump(binDir: string, walDir: string): { start: number; xid: number }[] {
  const segments = readdirSync(walDir).filter((n) => /^[0-9A-F]{24}$/.test(n)).sort();
  let output = '';
  try {
    output = execFileSync(path.join(binDir, 'pg_waldump'), ['--path', walDir, segments[0]!], { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    // pg_waldump exits non-zero at the end of valid WAL ("invalid record length"): what it read is on stdout.
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  return output
    .split('\n')
    .map((line) => /tx:\s+(\d+), lsn: ([0-9A-F]+)\/([0-9A-F]+)/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ xid: Number(match[1]), start: parseInt(match[2]!, 16) * 2 ** 32 + parseInt(match[3]!, 16) }));
}
