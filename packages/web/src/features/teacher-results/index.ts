/** What the rest of the app uses of a teacher's own results: «Mis grupos» (loaded only for a teacher) and the paths. */
import { lazy } from 'react';

export { MY_RESULTS_PATH, myTermResultsPath } from './paths';

/**
 * «Mis grupos» on a teacher's list of surveys, from the one chunk of the teacher's screens: its code loads with a
 * teacher's page only, and sharing nothing with a second chunk it adds no file name to the entry (bundle-budgets.json).
 */
export const TeacherProgress = lazy(async () => ({ default: (await loadResultsPages()).TeacherProgress }));

const loadResultsPages = () => import('./components/results-pages');

/** Starts fetching «Mis grupos»'s code before its first render (the list draws it once its cards are in); a failure is its render's to show. */
export function preloadTeacherProgress(): void {
  loadResultsPages().catch(() => undefined);
}
