/** What other features use of the surveys: a respondent's campus. */
export { respondentCampusId } from './availability';
