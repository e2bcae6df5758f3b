/**
 * `npx tsx bench/trace-summary.ts <page>.trace.json [more traces] [--dist DIR] [--top N] [--package NAME]`:
 * what held a page's main thread in a Lighthouse trace (`npm run lighthouse -- --traces`).
 *
 * Prints each main-thread task of 5 ms of CPU or more, in order, with its wall
 * and CPU time and its "blocking CPU ×4": max(0, 4 × CPU − 50 ms), what
 * Lighthouse's mobile preset would count as blocking for that task on its
 * phone (it slows the CPU it observes 4×). Their sum is the page's blocking CPU
 * ×4, which a loaded machine moves less than Lighthouse's TBT (it counts CPU,
 * not wall time). Under each blocking task, the functions whose own time
 * (JavaScript samples) was largest in it. With `--dist` (a build made with
 * `vite build --sourcemap`, served through `npm run lighthouse -- --web-dist`)
 * the functions are named by their source file and line. The tasks' CPU is
 * thread time; the functions' times come from JavaScript samples spaced in wall
 * time, so a thread descheduled between two samples lends the gap to whatever
 * ran (a 9 ms "colour function" on a shared machine): read them over several
 * traces, and compare builds by the tasks' CPU (bench/page-cpu.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
}

const argv = process.argv.slice(2);
const option = (name: string) => {
  const at = argv.indexOf(`--${name}`);
  return at === -1 ? undefined : argv.splice(at, 2)[1];
};
const dist = option('dist');
const top = Number(option('top') ?? 6);
/** `--package NAME`: also that package's functions by own time, over the blocking tasks. */
const focus = option('package');
/** `--inclusive`: also the functions by inclusive time (own and callees') in each blocking task. */
const inclusive = argv.includes('--inclusive') ? (argv.splice(argv.indexOf('--inclusive'), 1), true) : false;
if (argv.length === 0) throw new Error('usage: tsx bench/trace-summary.ts <trace.json> [--dist DIR] [--top N]');

const TASK_FLOOR_MS = 5;
const PHONE_SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;
const blocking = (cpuMs: number) => Math.max(0, PHONE_SLOWDOWN * cpuMs - BLOCKING_FROM_MS);

const maps = new Map<string, TraceMap | null>();
const fileOf = (url: string) => path.basename(URL.canParse(url) ? new URL(url).pathname : url);
function mapOf(url: string): TraceMap | null {
  if (!dist) return null;
  const file = path.join(dist, 'assets', fileOf(url) + '.map');
  if (!maps.has(file)) maps.set(file, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  return maps.get(file) ?? null;
}

/** The package (node_modules) or source folder a frame's code comes from. */
function packageOf(frame: CallFrame): string {
  const described = describe(frame);
  const inModules = /(?:^| )(?:.*node_modules\/)?((?:@[^/ ]+\/)?[^/ ]+)\/(?:dist|src|build|styles|esm|node|[^ ]*\.m?js)/.exec(described);
  const source = /packages\/web\/src\/([^/ ]+(?:\/[^/ :]+)?)/.exec(described);
  if (source) return `app ${source[1]!.replace(/\.tsx?$/, '')}`;
  if (described.includes('node_modules/') && inModules) return inModules[1]!;
  return frame.url ? fileOf(frame.url) : described;
}

function describe(frame: CallFrame): string {
  if (!frame.url) return frame.functionName || '(program)';
  const map = mapOf(frame.url);
  if (map) {
    const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    if (at.source) {
      const source = at.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
      return `${at.name ?? frame.functionName ?? '(anonymous)'} ${source}:${at.line}`;
    }
  }
  return `${frame.functionName || '(anonymous)'} ${fileOf(frame.url)}:${frame.lineNumber + 1}`;
}

for (const file of argv) {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mainThreads = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasksOf = (pid: number, tid: number) =>
    events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'));
  // The page's main thread: the renderer main thread that ran the most.
  const main = mainThreads
    .map((t) => ({ pid: t.pid, tid: t.tid, tasks: tasksOf(t.pid, t.tid) }))
    .sort((a, b) => b.tasks.reduce((s, e) => s + (e.tdur ?? 0), 0) - a.tasks.reduce((s, e) => s + (e.tdur ?? 0), 0))[0];
  if (!main) throw new Error(`${file}: no renderer main thread`);
  const navigation = events.find((e) => e.pid === main.pid && e.name === 'navigationStart');
  const origin = navigation?.ts ?? Math.min(...main.tasks.map((t) => t.ts));

  // JavaScript samples of that thread, each with its time.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profileIds = new Set(events.filter((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid).map((e) => e.id));
  const starts = new Map<string | undefined, number>();
  for (const e of events) if (e.name === 'Profile' && profileIds.has(e.id)) starts.set(e.id, Number(e.args?.data?.startTime ?? e.ts));
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !profileIds.has(e.id)) continue;
    const data = e.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let ts = starts.get(e.id) ?? 0;
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((node, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node });
    });
    starts.set(e.id, ts);
  }
  samples.sort((a, b) => a.ts - b.ts);

  const byPackage = new Map<string, number>();
  const inFocus = new Map<string, number>();
  const long = main.tasks.filter((t) => (t.tdur ?? 0) / 1000 >= TASK_FLOOR_MS).sort((a, b) => a.ts - b.ts);
  const total = main.tasks.reduce((sum, t) => sum + blocking((t.tdur ?? 0) / 1000), 0);
  const cpuTotal = main.tasks.reduce((sum, t) => sum + (t.tdur ?? 0) / 1000, 0);
  console.log(`\n${path.basename(file)}: ${main.tasks.length} tasks, CPU ${cpuTotal.toFixed(0)} ms, blocking CPU ×${PHONE_SLOWDOWN} ${total.toFixed(0)} ms`);
  console.log('   start ms   wall ms    CPU ms  blocking ×4');
  for (const task of long) {
    const cpu = (task.tdur ?? 0) / 1000;
    console.log(`${((task.ts - origin) / 1000).toFixed(0).padStart(8)} ${((task.dur ?? 0) / 1000).toFixed(1).padStart(9)} ${cpu.toFixed(1).padStart(9)} ${blocking(cpu).toFixed(0).padStart(12)}`);
    if (blocking(cpu) === 0 || samples.length === 0) continue;
    const end = task.ts + (task.dur ?? 0);
    const selfTime = new Map<string, number>();
    let previous = samples.find((s) => s.ts >= task.ts)?.ts ?? task.ts;
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > end) continue;
      const frame = nodes.get(sample.node)?.callFrame;
      const key = frame ? describe(frame) : '(unknown)';
      const ms = (sample.ts - previous) / 1000;
      selfTime.set(key, (selfTime.get(key) ?? 0) + ms);
      const owner = frame ? packageOf(frame) : '(unknown)';
      byPackage.set(owner, (byPackage.get(owner) ?? 0) + ms);
      if (focus && owner === focus) inFocus.set(key, (inFocus.get(key) ?? 0) + ms);
      previous = sample.ts;
    }
    for (const [name, ms] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${''.padStart(12)}${ms.toFixed(1).padStart(6)} ms  ${name}`);
    if (inclusive) {
      const total = new Map<string, number>();
      let last = samples.find((s) => s.ts >= task.ts)?.ts ?? task.ts;
      for (const sample of samples) {
        if (sample.ts < task.ts || sample.ts > end) continue;
        const ms = (sample.ts - last) / 1000;
        last = sample.ts;
        const onStack = new Set<string>();
        for (let node = nodes.get(sample.node); node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
          if (node.callFrame.url) onStack.add(describe(node.callFrame));
        }
        for (const key of onStack) total.set(key, (total.get(key) ?? 0) + ms);
      }
      console.log(`${''.padStart(12)}inclusive:`);
      for (const [name, ms] of [...total].sort((a, b) => b[1] - a[1]).slice(0, top * 3)) console.log(`${''.padStart(12)}${ms.toFixed(1).padStart(6)} ms  ${name}`);
    }
  }
  if (byPackage.size) {
    console.log('  own time in the blocking tasks, by package or source folder:');
    for (const [name, ms] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, top * 2)) console.log(`${''.padStart(12)}${ms.toFixed(1).padStart(6)} ms  ${name}`);
  }
  if (focus) {
    console.log(`  ${focus}'s functions by own time in the blocking tasks:`);
    for (const [name, ms] of [...inFocus].sort((a, b) => b[1] - a[1]).slice(0, top * 2)) console.log(`${''.padStart(12)}${ms.toFixed(1).padStart(6)} ms  ${name}`);
  }
}
