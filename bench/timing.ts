/** How bench:reports times a read, an aggregate query or an HTTP request alike: phases of samples after warm-ups. */
import { performance } from 'node:perf_hooks';
import type { QueryTiming } from './report';

/** Warm-up calls before each phase's samples. */
export const WARM_UPS = 3;
/** Readers at once in the report endpoints' concurrent timing (issue 23). */
export const CONCURRENT_READERS = 20;

export const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface TimingOptions<T> {
  phases: number;
  samples: number;
  /** What the table shows of a result beside its timing (rows, bytes). */
  size: (result: T) => number;
  log: (message: string) => void;
}

/**
 * Each phase runs every read in turn: warm-ups, then `samples` timed calls.
 * A read's figures are the medians over phases of each phase's p50 and p95,
 * the spread of p95 over phases, and the worst sample.
 */
export async function timeReads<T>(reads: readonly [string, () => Promise<T>][], options: TimingOptions<T>): Promise<QueryTiming[]> {
  const runs: { p50: number; p95: number; max: number; rows: number }[][] = reads.map(() => []);
  for (let run = 0; run < options.phases; run++) {
    for (const [index, [name, read]] of reads.entries()) {
      let rows = 0;
      for (let i = 0; i < WARM_UPS; i++) rows = options.size(await read());
      const samples: number[] = [];
      for (let i = 0; i < options.samples; i++) {
        const start = performance.now();
        await read();
        samples.push(performance.now() - start);
      }
      samples.sort((a, b) => a - b);
      runs[index]!.push({ p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples[samples.length - 1]!, rows });
      if (run === 0) options.log(`  ${name}: p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms`);
    }
    options.log(`timing phase ${run + 1}/${options.phases} done`);
  }
  return reads.map(([name], index) => {
    const r = runs[index]!;
    const p95s = r.map((x) => x.p95);
    return {
      name,
      p50: median(r.map((x) => x.p50)),
      p95: median(p95s),
      p95Min: Math.min(...p95s),
      p95Max: Math.max(...p95s),
      max: Math.max(...r.map((x) => x.max)),
      rows: r[0]!.rows,
    };
  });
}
