/** What other features use of the respondents: finding one in the directory and opening a session (sign-in, pruning of old codes, a reminder's personal link). */
export { findRespondent, loadRespondent } from './directory';
export { CODE_LIFETIME_MINUTES, CODE_REQUEST_WINDOW_MINUTES, issueSignInLink, openRespondentSession, type LoginCodeDeps } from './login-codes';
