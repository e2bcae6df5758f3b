/**
 * Held responses in tests: their sealed answers opened with the test key, and
 * held rows written as a submission seals them (features/responses/held-seal.ts).
 */
import { heldAnswersKey } from '../../src/config';
import type { Database } from '../../src/db/client';
import { heldResponses, type responses } from '../../src/db/schema';
import { openHeldResponse, sealHeldResponse } from '../../src/features/responses/held-seal';
import type { ResponseRow } from '../../src/features/responses/mover';
import { TEST_HELD_ANSWERS_KEY } from './app';

/** The key test apps seal held answers with (testConfig's HELD_ANSWERS_KEY). */
export const testHeldKey = heldAnswersKey({ HELD_ANSWERS_KEY: TEST_HELD_ANSWERS_KEY, KEYS_DIR: '' });

/** Every held response, opened: what the mover would publish. */
export async function openedHeldResponses(db: Database): Promise<ResponseRow[]> {
  return (await db.select().from(heldResponses)).map((row) => openHeldResponse(testHeldKey, row));
}

/** Writes held rows as a submission would, sealed (padded to a capacity that fits test answers). */
export async function holdResponses(db: Database, rows: (typeof responses.$inferInsert)[]): Promise<void> {
  if (!rows.length) return;
  await db.insert(heldResponses).values(
    rows.map(({ submittedOn, answers, scores = null, ...segments }) => {
      const clear = { ...segments, plan: segments.plan ?? null, grupo: segments.grupo ?? null, teacherId: segments.teacherId ?? null, classId: segments.classId ?? null };
      return { ...clear, sealed: sealHeldResponse(testHeldKey, clear, { submittedOn, answers, scores }, 4096) };
    }),
  );
}
