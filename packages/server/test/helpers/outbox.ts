/**
 * Mail kept in the outbox (no SMTP_URL). Reset mails are written after the
 * answer is sent (so the answer takes the same time whether or not the account
 * exists), so tests wait for them instead of reading the table at once.
 */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { mailOutbox } from '../../src/db/schema';
import { waitUntil } from './timeouts';

type OutboxMail = typeof mailOutbox.$inferSelect;

/** The newest mail to `to` once there are at least `count` of them. */
export async function waitForOutboxMail(db: Database, to: string, count = 1): Promise<OutboxMail> {
  return waitUntil(`mail number ${count} to ${to} in the outbox`, async () => {
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
    return rows.length >= count && rows[0];
  });
}
