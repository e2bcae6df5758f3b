/**
 * The respondent pages a sign-in may return to: the list, the suggestion box
 * and the three respondent areas every survey's pages live in (spelt out, not
 * read from SURVEY_KINDS, which the sign-in pages do not load; return-path.test.ts
 * keeps the two in step). Plain segments and query only, so nothing can be
 * read as another host (`//`, `\`, encoded slashes), climb (`..`) or reach the
 * back office.
 */
const RESPONDENT_RETURN_PATH = /^\/(evaluated-list|buzon|alumnos|docentes|administrativos)(\/[\w-]+)*(\?[\w=&-]*)?$/;
/** The server keeps no longer `next` for the e-mailed link (the page itself needs no cap). */
export const RETURN_PATH_MAX_LENGTH = 200;

/** Where a respondent goes once signed in (?next= of the login, and the e-mailed sign-in link), or null. */
export function respondentReturnPath(next: string | null | undefined): string | null {
  return next && RESPONDENT_RETURN_PATH.test(next) ? next : null;
}
