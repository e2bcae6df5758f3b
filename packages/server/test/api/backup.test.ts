/**
 * Backups round trip (`npm run cli -- backup FILE`, `restore FILE`; features/maintenance/backup.ts):
 * back up the running platform, wipe its database, restore, and the reports answer the same and the
 * held answers are still held and sealed. A backup carries nothing the disk attack could use
 * (docs/privacy.md, "Backups"): no held response's answer in clear and not HELD_ANSWERS_KEY, while a
 * clear value of a plain column is found in it (the search sees the backup's contents).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { DEMO_ADMIN, seedDemo } from '../../src/db/seed/demo';
import { seedDemoAnswers } from '../../src/db/seed/demo-answers';
import { campuses, heldResponses, responses } from '../../src/db/schema';
import { loadCatalogs } from '../../src/features/catalogs/service';
import { BackupError, backupPglite, backupPostgres, pgProgram, restorePglite, restorePostgres } from '../../src/features/maintenance/backup';
import { publishHeldResponses } from '../../src/features/responses/mover';
import type { Platform } from '../../src/platform';
import { API, makeTempDir, TEST_HELD_ANSWERS_KEY } from '../helpers/app';
import { driverName, usingPostgres, withAdminClient } from '../helpers/database';
import { holdResponses, openedHeldResponses, testHeldKey } from '../helpers/held';
import { platformFixture, type PlatformFixture } from '../helpers/platform';
import { HEAVY_TIMEOUT_MS } from '../helpers/timeouts';

const HELD_MARKER = 'Mrk-held-7Q2x-kM';
const CLEAR_CONTROL = 'Campus-control-5Zr8';

/** The server's mover publishes nothing meanwhile (no set reaches it): the reports change only by backup and restore. */
const QUIET = { ANONYMITY_BATCH: '1000' };

let fixture: PlatformFixture;
let platform: Platform;
const files = makeTempDir('encuestas-backup-');
const backupFile = path.join(files.dir, usingPostgres ? 'encuestas.dump' : 'encuestas.tar.gz');

async function signIn(p: Platform): Promise<string> {
  const response = await p.app.inject({ method: 'POST', url: `${API}/admin/login`, payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

/** What the report screens show for every survey type and period with answers, as the API answers it. */
async function reportAnswers(p: Platform): Promise<Record<string, unknown>> {
  const token = await signIn(p);
  const scopes = (await p.database.db.execute(sql`select distinct ciclo_id as "cycleId", periodo_id as "periodoId" from response order by 1, 2`)) as unknown as {
    rows: { cycleId: number; periodoId: number }[];
  };
  const answers: Record<string, unknown> = {};
  for (const { cycleId, periodoId } of scopes.rows) {
    const url = `${API}/reports/overview?cicleId=${cycleId}&periodoId=${periodoId}`;
    const response = await p.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode, url).toBe(200);
    answers[url] = response.json();
  }
  return answers;
}

/** The backup's contents as bytes a disk attacker would read: the tarball unpacked, or pg_dump's archive as SQL. */
function backupContents(): Buffer {
  if (!usingPostgres) return gunzipSync(readFileSync(backupFile));
  return execFileSync(pgProgram('pg_restore'), ['--file=-', backupFile], { maxBuffer: 1 << 30 });
}

const heldCount = async (db: Database) => (await db.select({ n: sql<number>`count(*)::int` }).from(heldResponses))[0]!.n;

let before: Record<string, unknown>;
let heldBefore: number;

beforeAll(async () => {
  fixture = await platformFixture();
  platform = await fixture.start(QUIET);
  const { db } = platform.database;
  await seedDemo(db, { studentsPerCampus: 5 });
  await seedDemoAnswers(db, { today: '2026-11-23', catalogs: await loadCatalogs(db), heldKey: testHeldKey });
  await publishHeldResponses(db, { minBatch: 5, heldKey: testHeldKey });
  // A response still held, whose answer is a marker: it must be in no backup in clear.
  const [published] = await db.select().from(responses).limit(1);
  const { answers: _answers, ...segments } = published!;
  await holdResponses(db, [{ ...segments, answers: { comments: HELD_MARKER } }]);
  // A clear value of a plain column: the positive control of the search.
  await db.update(campuses).set({ nombre: CLEAR_CONTROL }).where(eq(campuses.id, published!.campusId));
  before = await reportAnswers(platform);
  heldBefore = await heldCount(db);
}, HEAVY_TIMEOUT_MS);

afterAll(async () => {
  await fixture?.close();
  files.remove();
});

describe(`backup and restore (${driverName})`, () => {
  it('backs up the database while the platform runs', { timeout: HEAVY_TIMEOUT_MS }, async () => {
    if (usingPostgres) await backupPostgres(fixture.databaseUrl!, backupFile);
    // The server holds the folder: the command gets the dump from it through DATA_DIR/backup.sock.
    else expect(await backupPglite(fixture.dataDir, backupFile, 'test backup')).toBe('server');
    expect(Object.keys(before).length).toBeGreaterThan(0);
    expect(heldBefore).toBeGreaterThan(0);
  });

  it('carries no held answer in clear and not the key, but the clear columns it holds', () => {
    const contents = backupContents();
    expect(contents.includes(CLEAR_CONTROL)).toBe(true);
    expect(contents.includes(HELD_MARKER)).toBe(false);
    const key = Buffer.from(TEST_HELD_ANSWERS_KEY, 'base64');
    expect(contents.includes(TEST_HELD_ANSWERS_KEY)).toBe(false);
    expect(contents.includes(key)).toBe(false);
    expect(contents.includes(key.toString('hex'))).toBe(false);
  });

  it('refuses to restore over a database that has data, and while the server holds it', { timeout: HEAVY_TIMEOUT_MS }, async () => {
    if (usingPostgres) {
      await expect(restorePostgres(fixture.databaseUrl!, backupFile, false)).rejects.toThrow(/--replace/);
    } else {
      // The running server holds the folder: refused whatever the flag says.
      await expect(restorePglite(fixture.dataDir, backupFile, true, 'test restore')).rejects.toThrow(/servidor/);
      await platform.app.close();
      await expect(restorePglite(fixture.dataDir, backupFile, false, 'test restore')).rejects.toThrow(BackupError);
      // With the server stopped, the command opens the folder itself.
      const offline = path.join(files.dir, 'offline.tar.gz');
      expect(await backupPglite(fixture.dataDir, offline, 'test backup')).toBe('direct');
      expect(gunzipSync(readFileSync(offline)).includes(CLEAR_CONTROL)).toBe(true);
    }
    const absent = path.join(files.dir, 'absent');
    await expect(usingPostgres ? restorePostgres(fixture.databaseUrl!, absent, true) : restorePglite(fixture.dataDir, absent, true, 'test restore')).rejects.toThrow(/absent/);
  });

  it('restores a wiped database: the same reports, the held answers still held and sealed', { timeout: HEAVY_TIMEOUT_MS }, async () => {
    const url = fixture.databaseUrl;
    await platform.app.close();
    if (url) {
      const name = new URL(url).pathname.slice(1);
      await withAdminClient(async (client) => {
        await client.query(`drop database "${name}" with (force)`);
        await client.query(`create database "${name}"`);
      });
      await restorePostgres(url, backupFile, false);
    } else {
      rmSync(path.join(fixture.dataDir, 'pgdata'), { recursive: true, force: true });
      await restorePglite(fixture.dataDir, backupFile, false, 'test restore');
    }
    platform = await fixture.start(QUIET);
    expect(await reportAnswers(platform)).toEqual(before);
    expect(await heldCount(platform.database.db)).toBe(heldBefore);
    const opened = await openedHeldResponses(platform.database.db);
    expect(opened.some((row) => (row.answers as { comments?: string }).comments === HELD_MARKER)).toBe(true);
  });

  it('replaces a database that has data when told to', { timeout: HEAVY_TIMEOUT_MS }, async () => {
    const url = fixture.databaseUrl;
    await platform.database.db.update(campuses).set({ nombre: 'Cambiado después de la copia' }).where(eq(campuses.nombre, CLEAR_CONTROL));
    await platform.app.close();
    if (url) await restorePostgres(url, backupFile, true);
    else await restorePglite(fixture.dataDir, backupFile, true, 'test restore');
    platform = await fixture.start(QUIET);
    expect(await reportAnswers(platform)).toEqual(before);
  });
});
