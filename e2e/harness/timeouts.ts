/**
 * The end-to-end suite's hang detectors, in one place. A journey asserts what
 * a user sees, never how fast it came (speed is measured in bench/ and by
 * `npm run lighthouse`): these only turn a hang into a failure, so each sits
 * far above the slowest run measured on a 2-core machine at load average 12
 * to 16 (docs/security.md, "The test suite holds on a busy machine").
 */

/** One wait in a journey: an element, a navigation, a download, a mail, an answer the mover publishes. */
export const STEP_TIMEOUT_MS = 180_000;

/** One journey (vitest's testTimeout): hundreds of browser round trips. */
export const JOURNEY_TIMEOUT_MS = 900_000;

/** The real server's start until /health answers: copying the migrated template and seeding the demo. */
export const SERVER_START_TIMEOUT_MS = 900_000;

/** A test file's set-up or tear-down (vitest's hookTimeout): a server start, a browser launch. */
export const HOOK_TIMEOUT_MS = SERVER_START_TIMEOUT_MS + 300_000;
