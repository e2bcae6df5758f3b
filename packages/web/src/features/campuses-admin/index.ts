/** What other features use of the campuses: a campus's cycles, and the setup guide of the back office's home. */
export { campusesAdminKeys, fetchCampusCycles } from './api/campuses-admin-api';
export { SetupGuide } from './components/setup-guide';
