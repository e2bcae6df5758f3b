/**
 * RESPONDENT_EMAIL_DOMAINS (docs/directory.md, "E-mail domains"): the domains
 * a respondent's e-mail may have. Imports and the SIS sync refuse other
 * addresses, and the sign-in code is never mailed to one already stored.
 * A domain matches exactly (case aside): `uni.mx` does not admit
 * `alumnos.uni.mx`, which must be listed too, so a new subdomain is a
 * decision, not an accident. Unset: any domain.
 */

/** A host name of two or more labels (letters, digits, hyphens; punycode allowed). */
const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The setting's comma list, lower-cased, a leading @ dropped; null when an entry is not a domain. */
export function parseEmailDomains(value: string): string[] | null {
  const domains = value.split(',').map((entry) => entry.trim().toLowerCase().replace(/^@/, ''));
  return domains.every((domain) => DOMAIN.test(domain)) ? [...new Set(domains)] : null;
}

/** Whether `email` may be a respondent's: its domain is listed, or no list is set. */
export function emailDomainAllowed(email: string, domains: readonly string[] | undefined): boolean {
  if (!domains) return true;
  const at = email.lastIndexOf('@');
  return at > 0 && domains.includes(email.slice(at + 1).toLowerCase());
}

/** The row error of an import: which domains the e-mail may have. */
export function emailDomainsRowMessage(domains: readonly string[]): string {
  const listed = domains.map((domain) => `@${domain}`);
  const choices = listed.length > 1 ? `${listed.slice(0, -1).join(', ')} o ${listed.at(-1)}` : listed[0];
  return `El correo debe ser de un dominio de la institución: ${choices}`;
}
