import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_KINDS } from '@encuestas/core/survey-kinds';
import { ALL_PERMISSION_NAMES } from '@encuestas/core/permissions';
import { DEMO_ADMIN, DEMO_CAMPUSES } from '../../src/db/seed/demo';
import { cycles, permissions } from '../../src/db/schema';
import { API } from '../helpers/app';
import { driverName } from '../helpers/database';
import { platformFixture, type PlatformFixture } from '../helpers/platform';
import { HEAVY_TIMEOUT_MS } from '../helpers/timeouts';

describe(`demo seeding at start-up (${driverName})`, () => {
  let fixture: PlatformFixture;
  beforeAll(async () => {
    fixture = await platformFixture();
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('seeds the demo on an empty database and reports the demo administrator', async () => {
    const platform = await fixture.start({ SEED_DEMO: 'true' });
    expect(platform.seeded).toBe(true);
    expect(platform.admin).toEqual({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
    const counts = await fixture.counts();
    expect(counts.campuses).toBe(DEMO_CAMPUSES.length);
    expect(counts.students).toBeGreaterThan(0);
    const login = await platform.app.inject({
      method: 'POST',
      url: `${API}/admin/login`,
      payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    expect(login.statusCode).toBe(200);
  }, HEAVY_TIMEOUT_MS);

  it('does not seed again or duplicate anything on the next start over the same data', async () => {
    const before = await fixture.counts();
    const platform = await fixture.start({ SEED_DEMO: 'true' });
    expect(platform.seeded).toBe(false);
    expect(await fixture.counts()).toEqual(before);
    const [cycleCount] = await platform.database.db.select({ n: count() }).from(cycles);
    expect(Number(cycleCount!.n)).toBe(SURVEY_KINDS.length);
    const [permissionCount] = await platform.database.db.select({ n: count() }).from(permissions);
    expect(Number(permissionCount!.n)).toBe(ALL_PERMISSION_NAMES.length);
  });
});
