import { respondentReturnPath } from '@encuestas/core/return-path';

/**
 * Where to go after signing in: the respondent page asked for as ?next=, else
 * the list. Apart from respondent-session.ts so the login page, which only
 * passes ?next= on, does not load the check.
 */
export function safeNextPath(next: string | null | undefined): string {
  return respondentReturnPath(next) ?? '/evaluated-list';
}
