/** What other features use of the missing lists: the links to a list (a report's «Ver pendientes», the start page's rows). */
export { missingLinkForOverview, missingPath } from './paths';
