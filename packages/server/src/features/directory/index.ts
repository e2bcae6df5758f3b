/** What other features use of the directory: which e-mail domains may receive a code or a reminder, teachers' names. */
export { emailDomainAllowed } from './email-domains';
export { teacherNames } from './teachers';
