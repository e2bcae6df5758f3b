/**
 * Start-up without the demo, restarted several times over the same data (one
 * fixture, so the tests run in order): SEED_DEMO=false, then ADMIN_EMAIL and
 * ADMIN_PASSWORD creating and later resetting that administrator, then
 * SEED_DEMO=true over the existing data.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSION_NAMES } from '@encuestas/core/permissions';
import { SURVEY_KINDS } from '@encuestas/core/survey-kinds';
import { adminUsers, cycles, userPermissions } from '../../src/db/schema';
import type { Platform } from '../../src/platform';
import { API } from '../helpers/app';
import { driverName } from '../helpers/database';
import { platformFixture, type PlatformFixture } from '../helpers/platform';

const login = (platform: Platform, email: string, password: string) =>
  platform.app.inject({ method: 'POST', url: `${API}/admin/login`, payload: { email, password } });

describe(`start-up without the demo, and ADMIN_EMAIL/ADMIN_PASSWORD (${driverName})`, () => {
  let fixture: PlatformFixture;
  beforeAll(async () => {
    fixture = await platformFixture();
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('never seeds the demo with SEED_DEMO=false: no campuses, no users, but the reference data', async () => {
    const platform = await fixture.start({ SEED_DEMO: 'false' });
    expect(platform.seeded).toBe(false);
    expect(platform.admin).toBeUndefined();
    expect(await fixture.counts()).toEqual({ campuses: 0, admins: 0, students: 0 });
    const [cycleCount] = await platform.database.db.select({ n: count() }).from(cycles);
    expect(Number(cycleCount!.n)).toBe(SURVEY_KINDS.length);
    expect((await platform.app.inject({ method: 'GET', url: `${API}/health` })).statusCode).toBe(200);
  });

  it('creates the ADMIN_EMAIL administrator with every permission', async () => {
    const platform = await fixture.start({ SEED_DEMO: 'false', ADMIN_EMAIL: 'Directora@Uni.mx', ADMIN_PASSWORD: 'Directora2026!' });
    expect(platform.admin).toEqual({ email: 'directora@uni.mx', password: 'Directora2026!' });
    const response = await login(platform, 'directora@uni.mx', 'Directora2026!');
    expect(response.statusCode).toBe(200);
    expect([...response.json().user.permissions].sort()).toEqual([...ALL_PERMISSION_NAMES].sort());
    expect(await fixture.counts()).toEqual({ campuses: 0, admins: 1, students: 0 });
  });

  it('resets the password of that administrator on the next start and re-enables the account', async () => {
    const first = await fixture.start({ SEED_DEMO: 'false' });
    await first.database.db.update(adminUsers).set({ avalible: false }).where(eq(adminUsers.email, 'directora@uni.mx'));
    expect((await login(first, 'directora@uni.mx', 'Directora2026!')).statusCode).toBe(403);

    const second = await fixture.start({ SEED_DEMO: 'false', ADMIN_EMAIL: 'directora@uni.mx', ADMIN_PASSWORD: 'Renovada2026!' });
    expect((await login(second, 'directora@uni.mx', 'Directora2026!')).statusCode).toBe(401);
    const response = await login(second, 'directora@uni.mx', 'Renovada2026!');
    expect(response.statusCode).toBe(200);
    expect(response.json().user.avalible).toBe(true);
    expect((await fixture.counts()).admins).toBe(1);
  });

  it('grants every permission again to that administrator when they were taken away', async () => {
    const first = await fixture.start({ SEED_DEMO: 'false' });
    await first.database.db.delete(userPermissions);
    const second = await fixture.start({ SEED_DEMO: 'false', ADMIN_EMAIL: 'directora@uni.mx', ADMIN_PASSWORD: 'Renovada2026!' });
    const response = await login(second, 'directora@uni.mx', 'Renovada2026!');
    expect([...response.json().user.permissions].sort()).toEqual([...ALL_PERMISSION_NAMES].sort());
  });

  it('never seeds the demo over existing data, even when SEED_DEMO turns true later', async () => {
    const platform = await fixture.start({ SEED_DEMO: 'true' });
    expect(platform.seeded).toBe(false);
    expect(await fixture.counts()).toEqual({ campuses: 0, admins: 1, students: 0 });
  });
});
