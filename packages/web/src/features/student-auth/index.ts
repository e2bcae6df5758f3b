/** What the rest of the app uses of the respondents' sign-in: the signed-in respondent, kept in the tab, and signing out. */
export { fetchRespondentMe, logoutRespondent } from './api/respondent-auth-api';
export { clearRespondentSession, getStoredRespondent, storeRespondent } from './respondent-session';
