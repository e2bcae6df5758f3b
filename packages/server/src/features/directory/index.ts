/** What other features use of the directory: which e-mail domains may receive a code or a reminder. */
export { emailDomainAllowed } from './email-domains';
