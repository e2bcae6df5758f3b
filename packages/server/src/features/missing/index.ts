/** What other features use of the missing lists beside service.ts: pruning old reminder sends. */
export { pruneReminderSends } from './reminders';
export { missingCounts, missingCountsBy, type DoneRule, type SegmentCount, type MissingCounts, type MissingRespondentsParams } from './queries';
