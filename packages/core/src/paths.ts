import { SURVEY_KINDS } from './survey-kinds';

/** Where the platform is served (spec §2, §9): the SPA under BASE_PATH, the API under API_PREFIX. */
export const BASE_PATH = '/encuestas';
export const API_PREFIX = `${BASE_PATH}/api`;

/** The respondent pages a sign-in may return to: the list, the suggestion box and every survey's pages. */
const RESPONDENT_PAGE_ROOTS = ['/evaluated-list', '/buzon', ...SURVEY_KINDS.filter((kind) => kind.list !== null).map((kind) => `/${kind.id}`)];
const RETURN_PATH_PATTERN = /^\/[A-Za-z0-9/_-]*(\?[A-Za-z0-9=&_-]*)?$/;
export const RETURN_PATH_MAX_LENGTH = 200;

/**
 * Where a respondent goes once signed in (?next= of the login, and the
 * e-mailed sign-in link): a respondent page of this app, or null. Plain
 * characters only, so nothing can be read as another host (`//`, `\`,
 * encoded slashes) or as the back office.
 */
export function respondentReturnPath(next: string | null | undefined): string | null {
  if (!next || next.length > RETURN_PATH_MAX_LENGTH || !RETURN_PATH_PATTERN.test(next) || next.includes('//')) return null;
  const path = next.split('?')[0]!;
  return RESPONDENT_PAGE_ROOTS.some((root) => path === root || path.startsWith(`${root}/`)) ? next : null;
}
