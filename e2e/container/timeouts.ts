/**
 * Hang detectors only (e2e/harness/timeouts.ts explains the rule): each sits
 * far above the slowest run measured on a loaded 2-core machine.
 */

/** The set-up: debootstrap of the base (first run only), the image build (two npm ci and the web build), the start. */
export const BUILD_TIMEOUT_MS = 3_600_000;

/** One test: a few requests, a mail, a container stop. */
export const STEP_TIMEOUT_MS = 180_000;

/** The container's start until /health answers (migrations and the demo data on PostgreSQL). */
export const START_TIMEOUT_MS = 600_000;
