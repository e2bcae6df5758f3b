/** What the rest of the app uses of a teacher's own results: «Mis grupos» (loaded only for a teacher) and the paths. */
import { lazy } from 'react';

export { MY_RESULTS_PATH, myTermResultsPath } from './paths';

/**
 * «Mis grupos» on a teacher's list of surveys, from the one chunk of the teacher's screens: its code loads with a
 * teacher's page only, and sharing nothing with a second chunk it adds no file name to the entry (bundle-budgets.json).
 */
export const TeacherProgress = lazy(async () => ({ default: (await import('./components/results-pages')).TeacherProgress }));
