import { suggestionFormErrors, type SuggestionFormValues } from './rules';
import { describe, expect, it } from 'vitest';
import { SUGGESTION_FORM_MESSAGES as m, suggestionFormSchema } from './form';

const valid = {
  comment: 'La cafetería cierra antes de que termine el turno vespertino.',
  commentCategoryId: 1,
  suggestionCategoryId: 4,
  contact: { phone: '', email: '', checked: false },
  legaChecked: true,
};

/** Messages by dotted path, {} when the form is valid. */
function errors(form: unknown): Record<string, string[]> {
  const result = suggestionFormSchema.safeParse(form);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

const withContact = (contact: Record<string, unknown>) => ({ ...valid, contact });

describe('suggestion box form', () => {
  it('accepts an anonymous comment and stores no contact data', () => {
    expect(suggestionFormSchema.parse(valid)).toEqual({ ...valid, contact: { checked: false } });
  });

  it.each<[string, unknown]>([
    ['a phone', { phone: '2221234567', checked: true }],
    ['a phone typed with spaces and dashes', { phone: '222 123-4567', checked: true }],
    ['an e-mail', { email: 'ana.lopez@example.com', checked: true }],
    ['both', { phone: '(222) 123 4567', email: 'ana.lopez@example.com', checked: true }],
    ['consent and an empty phone beside an e-mail', { phone: '   ', email: 'ana@example.mx', checked: true }],
    ['no consent and junk in the hidden fields', { phone: '123', email: 'no-es-correo', checked: false }],
    ['no consent and no fields at all', { checked: false }],
  ])('accepts a contact with %s', (_, contact) => {
    expect(errors(withContact(contact as Record<string, unknown>))).toEqual({});
  });

  it('keeps the phone as 10 digits and the e-mail in lower case, and drops them without consent', () => {
    expect(suggestionFormSchema.parse(withContact({ phone: '(222) 123-4567', email: ' Ana@Example.MX ', checked: true })).contact).toEqual({
      checked: true,
      phone: '2221234567',
      email: 'ana@example.mx',
    });
    expect(suggestionFormSchema.parse(withContact({ phone: '2221234567', email: 'ana@example.mx', checked: false })).contact).toEqual({
      checked: false,
    });
  });

  it('trims the comment', () => {
    expect(suggestionFormSchema.parse({ ...valid, comment: '  Más bancas en el patio  ' }).comment).toBe('Más bancas en el patio');
  });

  it.each<[string, unknown, Record<string, string[]>]>([
    ['no comment', { ...valid, comment: undefined }, { comment: [m.commentRequired] }],
    ['a blank comment', { ...valid, comment: '   ' }, { comment: [m.commentRequired] }],
    ['a comment of 1001 characters', { ...valid, comment: 'a'.repeat(1001) }, { comment: [m.commentTooLong] }],
    ['no comment category', { ...valid, commentCategoryId: undefined }, { commentCategoryId: [m.commentCategory] }],
    ['a comment category as text', { ...valid, commentCategoryId: '1' }, { commentCategoryId: [m.commentCategory] }],
    ['a comment category of 0', { ...valid, commentCategoryId: 0 }, { commentCategoryId: [m.commentCategory] }],
    ['a fractional suggestion category', { ...valid, suggestionCategoryId: 1.5 }, { suggestionCategoryId: [m.suggestionCategory] }],
    ['no suggestion category', { ...valid, suggestionCategoryId: null }, { suggestionCategoryId: [m.suggestionCategory] }],
    ['the privacy notice not accepted', { ...valid, legaChecked: false }, { legaChecked: [m.legal] }],
    ['the privacy notice missing', { ...valid, legaChecked: undefined }, { legaChecked: [m.legal] }],
    ['consent without phone or e-mail', withContact({ phone: '', email: ' ', checked: true }), {
      'contact.phone': [m.contactRequired],
      'contact.email': [m.contactRequired],
    }],
    ['a phone of 9 digits', withContact({ phone: '222123456', checked: true }), { 'contact.phone': [m.phone] }],
    ['a phone of 11 digits', withContact({ phone: '22212345678', checked: true }), { 'contact.phone': [m.phone] }],
    ['a phone with letters', withContact({ phone: '222123456a', checked: true }), { 'contact.phone': [m.phone] }],
    ['a phone with the country code', withContact({ phone: '+52 222 123 4567', checked: true }), { 'contact.phone': [m.phone] }],
    ['an invalid e-mail', withContact({ email: 'ana@', checked: true }), { 'contact.email': [m.email] }],
    ['a valid phone but an invalid e-mail', withContact({ phone: '2221234567', email: 'ana.example.com', checked: true }), {
      'contact.email': [m.email],
    }],
    ['no contact object', { ...valid, contact: undefined }, { contact: [m.checked] }],
    ['no consent answer', withContact({ phone: '2221234567' }), { 'contact.checked': [m.checked] }],
  ])('rejects %s', (_, form, expected) => {
    expect(errors(form)).toEqual(expected);
  });
});

describe('suggestionFormErrors (the page, without zod) against the server schema', () => {
  const valid: SuggestionFormValues = {
    comment: 'La cafetería cierra muy temprano',
    commentCategoryId: 1,
    suggestionCategoryId: 2,
    contact: { checked: false, phone: '', email: '' },
    legaChecked: true,
  };
  const cases: [string, SuggestionFormValues][] = [
    ['a valid anonymous form', valid],
    ['a blank comment', { ...valid, comment: '   ' }],
    ['a comment too long', { ...valid, comment: 'a'.repeat(1001) }],
    ['1000 characters after trimming', { ...valid, comment: ` ${'a'.repeat(1000)} ` }],
    ['NUL in the comment', { ...valid, comment: 'hola\u0000' }],
    ['a lone surrogate in the comment', { ...valid, comment: '\uDC00' }],
    ['no kind chosen', { ...valid, commentCategoryId: undefined }],
    ['no topic chosen', { ...valid, suggestionCategoryId: undefined }],
    ['a fractional topic', { ...valid, suggestionCategoryId: 1.5 }],
    ['a topic beyond int4', { ...valid, suggestionCategoryId: 2_147_483_648 }],
    ['privacy not accepted', { ...valid, legaChecked: false }],
    ['consent without a phone or e-mail', { ...valid, contact: { checked: true, phone: ' ', email: '' } }],
    ['consent with a good phone', { ...valid, contact: { checked: true, phone: '(222) 123-4567', email: '' } }],
    ['consent with a short phone', { ...valid, contact: { checked: true, phone: '12345', email: '' } }],
    ['consent with a bad e-mail', { ...valid, contact: { checked: true, phone: '', email: 'ana@' } }],
    ['consent with both bad', { ...valid, contact: { checked: true, phone: '12', email: 'x' } }],
    ['consent with a good e-mail', { ...valid, contact: { checked: true, phone: '', email: ' Ana@Uni.MX ' } }],
    ['an e-mail of 256 characters', { ...valid, contact: { checked: true, phone: '', email: `${'a'.repeat(249)}@uni.mx` } }],
    ['NUL in the phone', { ...valid, contact: { checked: true, phone: '222\u0000', email: '' } }],
    ['no consent: bad fields ignored', { ...valid, contact: { checked: false, phone: '12', email: 'x' } }],
    ['everything wrong', { comment: '', commentCategoryId: undefined, suggestionCategoryId: undefined, contact: { checked: true, phone: '', email: '' }, legaChecked: false }],
  ];
  it.each(cases)('gives the first message of each field the server gives: %s', (_name, values) => {
    const result = suggestionFormSchema.safeParse(values);
    const server: Record<string, string> = {};
    if (!result.success) for (const issue of result.error.issues) server[issue.path.join('.')] ??= issue.message;
    expect(suggestionFormErrors(values)).toEqual(server);
  });
});
