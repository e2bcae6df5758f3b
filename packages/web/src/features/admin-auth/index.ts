/** What the rest of the app uses of the back-office sign-in: who is signed in, and signing out. */
export { fetchAdminMe, logoutAdmin } from './api/admin-auth-api';
