/**
 * StatementBatcher: concurrent submissions share a statement, an idle one
 * goes alone at once, one respondent never twice in a statement, and a
 * failing statement's submissions run again alone.
 */
import { describe, expect, it } from 'vitest';
import { StatementBatcher } from '../../src/features/surveys/submission-batches';

interface Item {
  who: string;
  value: number;
}

/** A statement runner whose calls finish when the test says so. */
function controlledRunner(fail: (items: Item[]) => boolean = () => false) {
  const calls: { items: Item[]; finish(): void }[] = [];
  const run = (items: Item[]) =>
    new Promise<number[]>((resolve, reject) => {
      calls.push({ items, finish: () => (fail(items) ? reject(new Error(`failed: ${items.map((i) => i.who).join(',')}`)) : resolve(items.map((i) => i.value * 10))) });
    });
  return { calls, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('StatementBatcher', () => {
  it('sends a submission at once when nothing runs, and the ones arriving meanwhile together in the next statement', async () => {
    const { calls, run } = controlledRunner();
    const batcher = new StatementBatcher(run, { maxInFlight: 1, maxBatch: 10, distinctKey: (i) => i.who });
    const first = batcher.submit({ who: 'a', value: 1 });
    expect(calls.map((c) => c.items.map((i) => i.who))).toEqual([['a']]);
    const waiting = [batcher.submit({ who: 'b', value: 2 }), batcher.submit({ who: 'c', value: 3 }), batcher.submit({ who: 'd', value: 4 })];
    expect(calls).toHaveLength(1);
    calls[0]!.finish();
    expect(await first).toBe(10);
    await tick();
    expect(calls.map((c) => c.items.map((i) => i.who))).toEqual([['a'], ['b', 'c', 'd']]);
    calls[1]!.finish();
    expect(await Promise.all(waiting)).toEqual([20, 30, 40]);
  });

  it('runs up to maxInFlight statements at once and keeps each under maxBatch', async () => {
    const { calls, run } = controlledRunner();
    const batcher = new StatementBatcher(run, { maxInFlight: 2, maxBatch: 2, distinctKey: (i) => i.who });
    const all = ['a', 'b', 'c', 'd', 'e'].map((who, value) => batcher.submit({ who, value }));
    expect(calls.map((c) => c.items.map((i) => i.who))).toEqual([['a'], ['b']]);
    calls[0]!.finish();
    await tick();
    expect(calls.map((c) => c.items.map((i) => i.who))).toEqual([['a'], ['b'], ['c', 'd']]);
    calls[1]!.finish();
    await tick();
    expect(calls[3]!.items.map((i) => i.who)).toEqual(['e']);
    calls[2]!.finish();
    calls[3]!.finish();
    expect(await Promise.all(all)).toEqual([0, 10, 20, 30, 40]);
  });

  it('never puts two submissions of one respondent in the same statement', async () => {
    const { calls, run } = controlledRunner();
    const batcher = new StatementBatcher(run, { maxInFlight: 1, maxBatch: 10, distinctKey: (i) => i.who });
    const all = [batcher.submit({ who: 'a', value: 1 }), batcher.submit({ who: 'a', value: 2 }), batcher.submit({ who: 'b', value: 3 }), batcher.submit({ who: 'a', value: 4 })];
    calls[0]!.finish();
    await tick();
    expect(calls[1]!.items).toEqual([{ who: 'a', value: 2 }, { who: 'b', value: 3 }]);
    calls[1]!.finish();
    await tick();
    expect(calls[2]!.items).toEqual([{ who: 'a', value: 4 }]);
    calls[2]!.finish();
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40]);
  });

  it('runs the submissions of a failed statement again alone, so only the bad one fails', async () => {
    const { calls, run } = controlledRunner((items) => items.some((i) => i.who === 'bad'));
    const batcher = new StatementBatcher(run, { maxInFlight: 1, maxBatch: 10, distinctKey: (i) => i.who });
    const first = batcher.submit({ who: 'a', value: 1 });
    const good = batcher.submit({ who: 'b', value: 2 });
    const bad = batcher.submit({ who: 'bad', value: 3 });
    const badSettled = bad.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    calls[0]!.finish();
    await first;
    await tick();
    calls[1]!.finish(); // b and bad together: fails
    await tick();
    expect(calls.slice(2).map((c) => c.items.map((i) => i.who))).toEqual([['b'], ['bad']]);
    calls[2]!.finish();
    calls[3]!.finish();
    expect(await good).toBe(20);
    expect(await badSettled).toBe('failed: bad');
    // The retries held the statement slot: what comes next starts only after them.
    const next = batcher.submit({ who: 'c', value: 5 });
    await tick();
    calls[4]!.finish();
    expect(await next).toBe(50);
  });
});
