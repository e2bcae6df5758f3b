/**
 * Report reads shared while in progress (db/shared-read.ts): the same
 * statement asked while it runs gets that run's answer, a statement asked
 * after an answer runs again (nothing is kept), another statement or other
 * parameters never share, and the shared rows cannot be changed by one of
 * the callers under the others. A sequence's nextval tells runs apart.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedAnswer, sharedOf, sharedRows } from '../../src/db/shared-read';
import { createTestDatabase, driverName, type TestDatabase } from '../helpers/database';

describe(`reads shared while in progress (${driverName})`, () => {
  let t: TestDatabase;
  const run = (scope: number) => sharedRows<{ n: number; scope: number }>(t.db, sql`select nextval('shared_read_probe')::int as n, ${scope}::int as scope`);

  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.execute(sql`create sequence shared_read_probe`);
  });
  afterAll(() => t?.close());

  it('gives reads asked at once one run’s answer, and runs again once it is answered', async () => {
    const [first, second, third] = await Promise.all([run(1), run(1), run(1)]);
    expect(second).toBe(first);
    expect(third).toBe(first);
    const later = await run(1);
    expect(later[0]!.n).toBe(first[0]!.n + 1);
  });

  it('works rows out once for the callers in progress, apart from the rows themselves', async () => {
    let derivations = 0;
    const derived = () =>
      sharedOf(t.db, 'doubled', sql`select nextval('shared_read_probe')::int as n, ${5}::int as scope`, (rows: { n: number }[]) => {
        derivations++;
        return Object.freeze(rows.map((row) => row.n * 2));
      });
    const [first, second, rows] = await Promise.all([derived(), derived(), run(5)]);
    expect(second).toBe(first);
    expect(derivations).toBe(1);
    // The same statement's rows are another read: its own run, not the derivation's.
    expect(rows[0]!.n * 2).not.toBe(first[0]);
    await derived();
    expect(derivations).toBe(2);
  });

  it('never shares between other parameters', async () => {
    const [one, two] = await Promise.all([run(1), run(2)]);
    expect(one[0]!.n).not.toBe(two[0]!.n);
    expect(two[0]!.scope).toBe(2);
  });

  it('hands out rows no caller can change under the others', async () => {
    const [rows, same] = await Promise.all([run(3), run(3)]);
    const n = rows[0]!.n;
    expect(() => {
      (rows[0] as { n: number }).n = -1;
    }).toThrow(TypeError);
    expect(() => (rows as unknown as { n: number }[]).push({ n: 0 })).toThrow(TypeError);
    expect(same[0]!.n).toBe(n);
  });

  it('makes a whole answer once for the callers in progress, frozen through, and again once answered', async () => {
    let builds = 0;
    const answer = (key: string) =>
      sharedAnswer(t.db, key, async () => {
        builds++;
        const rows = await run(6);
        return { n: rows[0]!.n, key, list: [{ rows }] };
      });
    const [first, second, other] = await Promise.all([answer('a'), answer('a'), answer('b')]);
    expect(second).toBe(first);
    expect(other.key).toBe('b');
    expect(builds).toBe(2);
    expect(() => {
      (first.list[0] as { rows: unknown }).rows = [];
    }).toThrow(TypeError);
    expect(() => first.list.push({ rows: [] })).toThrow(TypeError);
    expect((await answer('a')).n).toBeGreaterThan(first.n);
    expect(builds).toBe(3);
  });

  it('lets a failed read fail each caller and leaves nothing behind', async () => {
    const failing = () => sharedRows(t.db, sql`select 1 / ${0}::int as n`);
    const results = await Promise.allSettled([failing(), failing()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((await run(4))[0]!.scope).toBe(4);
  });
});
