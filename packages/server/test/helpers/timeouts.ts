/**
 * The API suite's hang detectors, in one place. A test asserts what a client
 * notices, never how fast it happened (speed is measured in bench/): these
 * only turn a hang into a failure, so each sits far above the slowest run
 * measured on a 2-core machine at load average 12 to 16 (docs/security.md,
 * "The test suite holds on a busy machine").
 */

/** One test (vitest's testTimeout). */
export const TEST_TIMEOUT_MS = 300_000;

/** One beforeAll/afterAll: a test file's app, demo data and fixtures (vitest's hookTimeout). */
export const HOOK_TIMEOUT_MS = 300_000;

/**
 * A test or hook that does a lot of work on purpose: 10,000 generated
 * requests, a 100,000-row import, a university's worth of demo answers, a
 * database migrated with data in it.
 */
export const HEAVY_TIMEOUT_MS = 3_600_000;

/** A wait for work the server does after answering (a mail, the mover, a reminder job). */
export const BACKGROUND_WAIT_MS = 60_000;

/**
 * Polls `probe` every 25 ms until it returns something truthy, and returns
 * that; fails naming `what` after `timeoutMs`. For work the server does after
 * answering, where waiting is the behaviour under test.
 */
export async function waitUntil<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = BACKGROUND_WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await probe();
    if (result) return result;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
