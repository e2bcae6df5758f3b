/**
 * `npm run test:container`: builds the image from the Dockerfile (on a base
 * built locally: podman.ts), runs it with podman the way compose.yaml runs
 * the app (as non-root, settings from the image's environment plus the
 * database and mail), then signs in and answers a survey through it.
 *
 * Around the container, on the host (host networking): a throwaway
 * PostgreSQL 15 cluster (scripts/postgres-cluster.mjs) in place of the
 * compose file's postgres:15, and the test suite's SMTP catcher in place of
 * Mailpit; neither image can be pulled here.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_ANSWERED_MESSAGE } from '@encuestas/core/api/surveys';
import { DEMO_STUDENT_PC_ID } from '../../packages/server/src/db/seed/demo';
import { teacherEvaluationAnswers } from '../../packages/server/test/helpers/answers';
import { startSmtpCatcher, type SmtpCatcher } from '../../packages/server/test/helpers/smtp-catcher';
import { freePort, startPostgresCluster } from '../../scripts/postgres-cluster.mjs';
import { ensureBaseImage, ensureTools, podman, podmanStreamed } from './podman';
import { START_TIMEOUT_MS, STEP_TIMEOUT_MS } from './timeouts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const IMAGE = 'localhost/encuestas:test';
const CONTAINER = `encuestas-test-${process.pid}`;
const ADMIN = { email: 'ti@universidad.example.mx', password: 'Contenedor-de-prueba-2026' };

let cluster: Awaited<ReturnType<typeof startPostgresCluster>>;
let smtp: SmtpCatcher;
let api: string;
let origin: string;

async function waitUntilHealthy(): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const state = podman(['inspect', '--format', '{{.State.Status}}', CONTAINER]).trim();
    if (state !== 'running') throw new Error(`the container stopped during start-up (${state}):\n${podman(['logs', CONTAINER])}`);
    const healthy = await fetch(`${api}/health`).then((response) => response.ok, () => false);
    if (healthy) return;
    if (Date.now() > deadline) throw new Error(`no answer from /health within ${START_TIMEOUT_MS / 1000} s:\n${podman(['logs', CONTAINER])}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

beforeAll(async () => {
  ensureTools();
  const base = ensureBaseImage();
  const started = Date.now();
  await podmanStreamed(['build', '--network=host', '--build-arg', `BASE_IMAGE=${base}`, '--tag', IMAGE, repoRoot]);
  console.log(`[container] image built in ${((Date.now() - started) / 1000).toFixed(0)} s; ${podman(['image', 'inspect', '--format', '{{.Size}}', IMAGE]).trim()} bytes`);

  [cluster, smtp] = await Promise.all([startPostgresCluster(), startSmtpCatcher()]);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  api = `${origin}/encuestas/api`;
  // The image's own environment (Dockerfile: HOST, DATA_DIR, KEYS_DIR, NODE_ENV) plus what compose.yaml adds.
  podman([
    'run', '--detach', '--name', CONTAINER, '--net=host',
    '--env', `PORT=${port}`,
    '--env', `PUBLIC_URL=${origin}`,
    '--env', `DATABASE_URL=${cluster.url}`,
    '--env', `SMTP_URL=${smtp.url}`,
    '--env', `ADMIN_EMAIL=${ADMIN.email}`,
    '--env', `ADMIN_PASSWORD=${ADMIN.password}`,
    '--env', 'SEED_DEMO=true',
    IMAGE,
  ]);
  await waitUntilHealthy();
});

afterAll(async () => {
  try {
    podman(['rm', '--force', '--volumes', CONTAINER]);
  } catch {
    // never started
  }
  await smtp?.close();
  cluster?.stop();
});

async function post(pathname: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${api}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function get(pathname: string, token: string): Promise<Response> {
  return fetch(`${api}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
}

/** Answers stored for an application, held or published (the mover may run in between). */
async function storedAnswers(activeId: number): Promise<number> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select (select count(*) from held_response where active_id = $1)::int + (select count(*) from response where active_id = $1)::int as n`,
      [activeId],
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe('the container image', () => {
  it('runs the server as a user other than root, who cannot change the application', () => {
    const status = podman(['exec', CONTAINER, 'cat', '/proc/1/status']);
    const uid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
    expect(uid).toBeDefined();
    expect(uid).not.toBe('0');
    expect(podman(['exec', CONTAINER, 'id', '-un']).trim()).toBe('encuestas');
    expect(() => podman(['exec', CONTAINER, 'touch', '/app/packages/server/dist/main.mjs'])).toThrow(/Permission denied/);
  });

  it('runs the compiled server, not TypeScript, and the operator commands from the build', () => {
    expect(podman(['exec', CONTAINER, 'cat', '/proc/1/cmdline']).split('\0')).toContain('packages/server/dist/main.mjs');
    expect(() => podman(['exec', CONTAINER, 'ls', '/app/packages/server/src'])).toThrow(/No such file/);
    // The CLI's usage, from the build: it answers without opening the database.
    expect(() => podman(['exec', CONTAINER, 'node', 'packages/server/dist/cli.mjs'])).toThrow(/backup <file>/);
  });

  it('serves the web app built in the image', async () => {
    const response = await fetch(`${origin}/encuestas/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toMatch(/<script type="module"[^>]+src="\/encuestas\/assets\//);
  });

  it('signs the configured administrator in through the API, and refuses a wrong password', async () => {
    const wrong = await post('/admin/login', { email: ADMIN.email, password: 'no-es-la-contraseña' });
    expect(wrong.status).toBe(401);
    const login = await post('/admin/login', ADMIN);
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const me = await get('/admin/me', token);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(ADMIN.email);
  });

  it('signs a student in with the e-mailed code and stores one survey once', async () => {
    const earlier = new Set(smtp.messages);
    expect((await post('/respondents/code', { identifier: DEMO_STUDENT_PC_ID })).status).toBe(201);
    const mail = await smtp.waitFor((m) => !earlier.has(m) && /código de acceso/i.test(m.subject), STEP_TIMEOUT_MS);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code, mail.text).toBeDefined();

    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post('/respondents/code/validate', { identifier: DEMO_STUDENT_PC_ID, code: wrongCode });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('quedan 4 intentos');
    const signIn = await post('/respondents/code/validate', { identifier: DEMO_STUDENT_PC_ID, code });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };

    type Entry = { activeId: number; cicleId: number; subject: string; done: boolean };
    const pending = async () => ((await (await get('/respondents/availability/encuestasDocente', token)).json()) as { encuestasDocente: Entry[] }).encuestasDocente;
    const [first] = await pending();
    expect(first).toMatchObject({ done: false });
    const before = await storedAnswers(first!.activeId);

    const body = { activeId: first!.activeId, cicleId: first!.cicleId, subject: first!.subject, idempotencyKey: randomUUID(), answers: teacherEvaluationAnswers() };
    expect((await post('/respondents/responses', body, token)).status).toBe(201);
    const again = await post('/respondents/responses', { ...body, idempotencyKey: randomUUID() }, token);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(ALREADY_ANSWERED_MESSAGE);

    expect(await storedAnswers(first!.activeId)).toBe(before + 1);
    expect((await pending()).find((entry) => entry.subject === first!.subject)?.done).toBe(true);
  });

  it('stops cleanly when the container is stopped (SIGTERM)', () => {
    podman(['stop', '--time', String(STEP_TIMEOUT_MS / 2000), CONTAINER]);
    expect(podman(['inspect', '--format', '{{.State.ExitCode}}', CONTAINER]).trim()).toBe('0');
  });
});
