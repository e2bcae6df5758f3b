/** What other features use of the missing lists: the link from a report to its missing people. */
export { missingLinkForOverview } from './paths';
