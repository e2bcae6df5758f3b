/** What the rest of the app uses of a teacher's own results: «Mis grupos» (loaded only for a teacher) and the paths. */
import { lazy } from 'react';

export { MY_RESULTS_PATH, myTermResultsPath } from './paths';

/** «Mis grupos» on a teacher's list of surveys: its code loads with a teacher's page only, never with a student's. */
export const TeacherProgress = lazy(() => import('./components/teacher-progress'));
