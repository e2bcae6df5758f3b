/**
 * Reminders may link only to the platform (docs/security.md, "Mail only where
 * it belongs"): a sender could otherwise mail every missing student a link to
 * anywhere in the institution's name. A reminder is plain text, so a link is
 * whatever a mail client turns into one: URLs with any scheme, `www.` and bare
 * domains of any real TLD, and e-mail addresses (mailto). linkifyjs finds
 * them as clients do (its TLD list is IANA's); the pattern below adds the
 * schemes it does not report (`whatsapp://…`, `javascript:`…).
 */
import { find } from 'linkifyjs';
import { respondentLoginUrl, reminderOutsideLinksMessage, REMINDER_PLACEHOLDERS } from '@encuestas/core/api/missing';
import { AppError } from '../../http/errors';

const OTHER_SCHEMES = /\b[a-z][a-z0-9+.-]*:\/\/\S+|\b(?:javascript|vbscript|data):\S+/gi;

/** Whether a link found in the text opens a page under the platform's public address. */
function underPlatform(value: string, href: string, platform: URL): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  // Written without a scheme ('encuestas.uni.mx/…'), the client picks one: the host decides.
  const sameSite = href === value ? url.origin === platform.origin : url.host === platform.host;
  const base = platform.pathname.replace(/\/+$/, '');
  return sameSite && (url.pathname === base || url.pathname.startsWith(`${base}/`));
}

/**
 * The links of a reminder text that lead outside the platform, as they would
 * read in the mail: {enlace} is the platform's own login address, and the
 * other placeholders stand for a word, so 'x{nombre}.com' is caught too.
 */
export function linksOutsidePlatform(text: string, publicUrl: string): string[] {
  const platform = new URL(publicUrl);
  let mail = text.replaceAll('{enlace}', respondentLoginUrl(publicUrl));
  for (const placeholder of REMINDER_PLACEHOLDERS) mail = mail.replaceAll(placeholder, placeholder.slice(1, -1));
  const links = find(mail);
  const outside = new Set<string>();
  for (const link of links) {
    if (link.type === 'email' || !underPlatform(link.value, link.href, platform)) outside.add(link.value);
  }
  const foundAt = (index: number) => links.some((link) => link.start <= index && index < link.end);
  for (const { 0: value, index } of mail.matchAll(OTHER_SCHEMES)) {
    if (!foundAt(index) && !underPlatform(value, value, platform)) outside.add(value);
  }
  return [...outside];
}

/** 422 naming, per field, the links a reminder may not carry. */
export function assertReminderLinks(template: { subject: string; text: string }, publicUrl: string): void {
  const fields: Record<string, string[]> = {};
  for (const field of ['subject', 'text'] as const) {
    const outside = linksOutsidePlatform(template[field], publicUrl);
    if (outside.length) fields[field] = [reminderOutsideLinksMessage(publicUrl, outside)];
  }
  const first = Object.values(fields)[0];
  if (first) throw new AppError('VALIDATION_FAILED', first[0], fields);
}
