/** What other features use of the comment alerts: the start page's count of open alerts. */
export { OpenAlertsNotice } from './components/open-alerts-notice';
