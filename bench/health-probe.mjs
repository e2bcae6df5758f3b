/**
 * GET /health at a fixed rate from a thread of its own (bench/submit.ts):
 * the load generator's event loop is busy sending thousands of requests a
 * second, and a probe sharing it would time the generator's own delays.
 * workerData: { url, rate, seconds }; posts { p99, max, failed } when done.
 * Latency from the moment each check was due, as in the open loop.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { url, rate, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const latencies = [];
let failed = 0;
const pending = [];
const start = performance.now();
for (let sent = 0; sent < rate * seconds; sent++) {
  const due = start + (sent * 1000) / rate;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  pending.push(
    new Promise((resolve) => {
      const request = http.get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - due);
          if (response.statusCode !== 200) failed++;
          resolve();
        });
      });
      request.on('error', () => {
        failed++;
        resolve();
      });
    }),
  );
}
await Promise.all(pending);
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] : 0);
parentPort.postMessage({ p99: Math.round(at(0.99) * 10) / 10, max: Math.round((latencies.at(-1) ?? 0) * 10) / 10, failed });
