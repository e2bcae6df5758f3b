/** What other features use of the surveys: a respondent's campus, a campus's NOM-035 headcount. */
export { respondentCampusId } from './availability';
export { nom035Headcount } from './nom035';
