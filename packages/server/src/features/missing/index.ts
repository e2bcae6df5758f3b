/** What other features use of the missing lists beside service.ts: pruning old reminder sends. */
export { pruneReminderSends } from './reminders';
export { missingCounts, missingCountsByCampus, type DoneRule, type MissingCounts, type MissingRespondentsParams } from './queries';
