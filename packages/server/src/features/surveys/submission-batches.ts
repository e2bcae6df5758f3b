/**
 * Concurrent submissions share one statement, and so one commit (issue 23).
 * A submission arriving while fewer than `maxInFlight` statements of its
 * shape run is sent at once, alone: an idle server adds no wait. Under load,
 * the ones arriving meanwhile wait for the next free statement and go
 * together, up to `maxBatch`. Each caller's promise settles only after the
 * statement holding its submission committed, so nothing acknowledged is
 * ever lost (the kill -9 proof, bench/crash-proof.ts).
 *
 * Two submissions with the same `distinctKey` (one respondent) never share a
 * statement: the statement matches what it wrote to submissions by
 * respondent, and a double submission must meet the first one's completion.
 * If a shared statement fails, each of its submissions runs again alone, so
 * one submission's error is never another's.
 */
export interface BatchOptions<T> {
  maxInFlight: number;
  maxBatch: number;
  distinctKey(item: T): string;
}

interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export class StatementBatcher<T, R> {
  private waiting: Waiting<T, R>[] = [];
  private inFlight = 0;

  /** `run` answers one result per item, in the items' order. */
  constructor(
    private readonly run: (items: T[]) => Promise<R[]>,
    private readonly options: BatchOptions<T>,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.waiting.length > 0) {
      const batch: Waiting<T, R>[] = [];
      const later: Waiting<T, R>[] = [];
      const keys = new Set<string>();
      for (const waiting of this.waiting) {
        const key = this.options.distinctKey(waiting.item);
        if (batch.length < this.options.maxBatch && !keys.has(key)) {
          keys.add(key);
          batch.push(waiting);
        } else later.push(waiting);
      }
      this.waiting = later;
      this.inFlight += 1;
      void this.send(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  private async send(batch: Waiting<T, R>[]): Promise<void> {
    try {
      const results = await this.run(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, i) => waiting.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      await Promise.all(
        batch.map(async (waiting) => {
          try {
            const [result] = await this.run([waiting.item]);
            waiting.resolve(result!);
          } catch (alone) {
            waiting.reject(alone);
          }
        }),
      );
    }
  }
}
