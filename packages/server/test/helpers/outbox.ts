/**
 * Mail kept in the outbox (no SMTP_URL). Reset mails are written after the
 * answer is sent (so the answer takes the same time whether or not the account
 * exists), so tests wait for them instead of reading the table at once.
 */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { mailOutbox } from '../../src/db/schema';

type OutboxMail = typeof mailOutbox.$inferSelect;

/** The newest mail to `to` once there are at least `count` of them (far above any real wait: a hang detector). */
export async function waitForOutboxMail(db: Database, to: string, count = 1, timeoutMs = 30_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
    if (rows.length >= count) return rows[0]!;
    if (Date.now() > deadline) throw new Error(`no mail number ${count} to ${to} reached the outbox in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
