/** Writes benchmark results, with the machine and date, into docs/benchmarks.md (one section per run kind). */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

export interface PhaseResult {
  name: string;
  requestsPerSecond: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

export interface SubmitBenchResults {
  driver: 'postgres' | 'pglite';
  connections: number;
  duration: number;
  /** Whether the server's mover published held responses during the run. */
  mover: 'active' | 'idle';
  answersPerSubmission: number;
  baseline: PhaseResult;
  submissions: PhaseResult;
}

const TARGETS = {
  postgres: { rps: 1500, p99: 100, ratio: 0.5 },
  pglite: { rps: 300, p99: Infinity, ratio: 0 },
};

function machine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

export function writeResults(file: string, r: SubmitBenchResults): void {
  const target = TARGETS[r.driver];
  const ratio = r.submissions.requestsPerSecond / r.baseline.requestsPerSecond;
  const row = (p: PhaseResult) =>
    `| ${p.name} | ${Math.round(p.requestsPerSecond)} | ${p.p50} | ${p.p99} | ${p.max} | ${p.ok} | ${p.failed} |`;
  const verdict = [
    `${Math.round(r.submissions.requestsPerSecond)} submissions/s (target ≥ ${target.rps}): ${r.submissions.requestsPerSecond >= target.rps ? 'met' : 'missed'}`,
    ...(Number.isFinite(target.p99) ? [`p99 ${r.submissions.p99} ms (target ≤ ${target.p99} ms): ${r.submissions.p99 <= target.p99 ? 'met' : 'missed'}`] : []),
    `${ratio.toFixed(2)} × the baseline${target.ratio ? ` (target ≥ ${target.ratio}): ${ratio >= target.ratio ? 'met' : 'missed'}` : ''}`,
  ];
  const section = [
    `<!-- bench:submit:${r.driver} -->`,
    `### Submissions on ${r.driver === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}`,
    '',
    `${new Date().toISOString().slice(0, 10)} · ${machine()} · autocannon, ${r.connections} connections, ${r.duration} s per phase, server and load generator on the same machine.`,
    `Each submission: a distinct student's teacher evaluation (${r.answersPerSubmission} answers) through POST /encuestas/api/respondents/responses, with token check, availability, enrolment and answer validation, completion and held response in one transaction; the server's mover ${r.mover === 'active' ? 'publishing held responses in shuffled batches during the run' : 'idle (ANONYMITY_BATCH out of reach)'}.`,
    '',
    '| phase | req/s | p50 ms | p99 ms | max ms | 2xx | failed |',
    '|---|---|---|---|---|---|---|',
    row(r.baseline),
    row(r.submissions),
    '',
    ...verdict.map((v) => `- ${v}`),
    `<!-- /bench:submit:${r.driver} -->`,
  ].join('\n');

  const header = '# Benchmarks\n\nRun with `npm run bench:submit` (PostgreSQL) and `npm run bench:submit -- --db=pglite`.\n';
  let text = existsSync(file) ? readFileSync(file, 'utf8') : header;
  const pattern = new RegExp(`<!-- bench:submit:${r.driver} -->[\\s\\S]*?<!-- /bench:submit:${r.driver} -->`);
  text = pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, text);
}
