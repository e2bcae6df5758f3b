import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSION_NAMES } from '@encuestas/core/permissions';
import { adminUsers, userPermissions } from '../../src/db/schema';
import type { Platform } from '../../src/platform';
import { API } from '../helpers/app';
import { driverName } from '../helpers/database';
import { platformFixture, type PlatformFixture } from '../helpers/platform';

const login = (platform: Platform, email: string, password: string) =>
  platform.app.inject({ method: 'POST', url: `${API}/admin/login`, payload: { email, password } });

describe(`ADMIN_EMAIL and ADMIN_PASSWORD at start-up (${driverName})`, () => {
  let fixture: PlatformFixture;
  beforeAll(async () => {
    fixture = await platformFixture();
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('creates that administrator with every permission on a database without the demo', async () => {
    const platform = await fixture.start({ SEED_DEMO: 'false', ADMIN_EMAIL: 'Directora@Uni.mx', ADMIN_PASSWORD: 'Directora2026!' });
    expect(platform.admin).toEqual({ email: 'directora@uni.mx', password: 'Directora2026!' });
    const response = await login(platform, 'directora@uni.mx', 'Directora2026!');
    expect(response.statusCode).toBe(200);
    expect([...response.json().user.permissions].sort()).toEqual([...ALL_PERMISSION_NAMES].sort());
    expect((await fixture.counts()).campuses).toBe(0);
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

  it('grants every permission again to an administrator whose permissions were taken away', async () => {
    const first = await fixture.start({ SEED_DEMO: 'false' });
    await first.database.db.delete(userPermissions);
    const second = await fixture.start({ SEED_DEMO: 'false', ADMIN_EMAIL: 'directora@uni.mx', ADMIN_PASSWORD: 'Renovada2026!' });
    const response = await login(second, 'directora@uni.mx', 'Renovada2026!');
    expect([...response.json().user.permissions].sort()).toEqual([...ALL_PERMISSION_NAMES].sort());
  });
});
