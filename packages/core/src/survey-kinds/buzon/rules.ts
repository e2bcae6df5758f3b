/**
 * The rules of the suggestion-box form (./form), without zod: /buzon checks
 * them in the browser with these functions and the server's
 * suggestionFormSchema applies the same ones, so each rule and message is
 * written once.
 */
import { regexes } from 'zod/v4/core';
import { hasUnsafeCharacters, isId, unsafeTextMessage } from '../../input-rules';

export const SUGGESTION_BOX_CLOSED_MESSAGE = 'El buzón de sugerencias no está abierto en tu campus por ahora.';
export const SUGGESTION_COMMENT_MAX_LENGTH = 1000;
/** Longest phone or e-mail field, as typed. */
export const CONTACT_FIELD_MAX_LENGTH = 255;

export const SUGGESTION_FORM_MESSAGES = {
  commentRequired: 'Falta el comentario',
  commentTooLong: `El comentario puede tener como máximo ${SUGGESTION_COMMENT_MAX_LENGTH} caracteres`,
  commentCategory: 'Falta indicar si es una sugerencia o una queja',
  suggestionCategory: 'Falta el tema del comentario',
  phone: 'El teléfono debe tener 10 dígitos',
  email: 'El correo electrónico no es válido',
  contactRequired: 'Para el contacto hace falta un teléfono o un correo electrónico',
  checked: 'Falta indicar si se acepta el contacto',
  legal: 'Para enviar el comentario hay que aceptar el aviso de privacidad',
} as const;

const m = SUGGESTION_FORM_MESSAGES;

/** Spaces, dashes, dots and parentheses people type in a phone number. */
const PHONE_SEPARATORS = /[\s\-.()]/g;
const TEN_DIGITS = /^\d{10}$/;

export interface SuggestionIssue {
  path: string[];
  message: string;
}

/** The comment's message, or null when it may be sent (trimmed). */
export function commentIssue(comment: string): string | null {
  if (hasUnsafeCharacters(comment)) return unsafeTextMessage(['comment']);
  const trimmed = comment.trim();
  if (trimmed.length === 0) return m.commentRequired;
  return trimmed.length > SUGGESTION_COMMENT_MAX_LENGTH ? m.commentTooLong : null;
}

/** A phone or e-mail field as typed: its message, or null (blank counts as not given). */
export function contactFieldIssue(field: 'phone' | 'email', value: string | undefined): string | null {
  if (value === undefined) return null;
  if (hasUnsafeCharacters(value)) return unsafeTextMessage(['contact', field]);
  return value.length > CONTACT_FIELD_MAX_LENGTH ? m[field] : null;
}

/** A contact field trimmed; blank is not given. */
export function contactFieldValue(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}

export interface ContactFields {
  checked: boolean;
  /** Trimmed; undefined when blank. */
  phone?: string;
  email?: string;
}

/**
 * With consent, a phone of 10 digits or an e-mail (zod's e-mail pattern),
 * at least one; without it, nothing is checked (and nothing kept).
 */
export function contactIssues(contact: ContactFields): SuggestionIssue[] {
  if (!contact.checked) return [];
  const issues: SuggestionIssue[] = [];
  const phone = contact.phone?.replace(PHONE_SEPARATORS, '');
  if (phone !== undefined && !TEN_DIGITS.test(phone)) issues.push({ path: ['phone'], message: m.phone });
  if (contact.email !== undefined && !regexes.email.test(contact.email)) issues.push({ path: ['email'], message: m.email });
  if (phone === undefined && contact.email === undefined) {
    issues.push({ path: ['phone'], message: m.contactRequired }, { path: ['email'], message: m.contactRequired });
  }
  return issues;
}

/** What is stored: the phone as 10 digits, the e-mail lower-cased, nothing without consent. */
export function storedContact(contact: ContactFields): { checked: boolean; phone?: string; email?: string } {
  if (!contact.checked) return { checked: false };
  return {
    checked: true,
    ...(contact.phone !== undefined ? { phone: contact.phone.replace(PHONE_SEPARATORS, '') } : {}),
    ...(contact.email !== undefined ? { email: contact.email.toLowerCase() } : {}),
  };
}

/** The form as the page holds it (the select and the cards may still be empty). */
export interface SuggestionFormValues {
  comment: string;
  commentCategoryId: number | undefined;
  suggestionCategoryId: number | undefined;
  contact: { checked: boolean; phone: string; email: string };
  legaChecked: boolean;
}

/**
 * The page's check before sending: the first message of each field, by its
 * path as the server's 422 names it ('contact.phone'); empty when the server
 * will accept the form.
 */
export function suggestionFormErrors(values: SuggestionFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const comment = commentIssue(values.comment);
  if (comment) errors.comment = comment;
  if (!isId(values.commentCategoryId)) errors.commentCategoryId = m.commentCategory;
  if (!isId(values.suggestionCategoryId)) errors.suggestionCategoryId = m.suggestionCategory;
  const phone = contactFieldIssue('phone', values.contact.phone);
  const email = contactFieldIssue('email', values.contact.email);
  if (phone) errors['contact.phone'] = phone;
  if (email) errors['contact.email'] = email;
  if (!phone && !email) {
    const contact = { checked: values.contact.checked, phone: contactFieldValue(values.contact.phone), email: contactFieldValue(values.contact.email) };
    for (const issue of contactIssues(contact)) errors[`contact.${issue.path[0]}`] ??= issue.message;
  }
  if (values.legaChecked !== true) errors.legaChecked = m.legal;
  return errors;
}
