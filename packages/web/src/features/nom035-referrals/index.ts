/** What other features use of the NOM-035 referrals: how an e-mail address is shown (the audit log's too). */
export { Email } from './components/referrals-list';
