/**
 * The suggestion-box (buzón) form of spec §3: comment, commentCategoryId,
 * suggestionCategoryId, contact (phone, email, checked) and legaChecked (the
 * spec's spelling, kept on the wire). Written for this product; limits from
 * spec §5 (text up to 1000, e-mail, phone of exactly 10 digits).
 *
 * Contact details are only wanted from someone who agrees to be contacted:
 * with `checked` true a phone or an e-mail is required and validated; with
 * `checked` false whatever the fields hold is ignored and dropped, so
 * nothing that identifies the person is stored without their consent.
 */
import { z } from 'zod';
import { idSchema, textSchema } from '../../validation';

export const SUGGESTION_COMMENT_MAX_LENGTH = 1000;

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
const emailSchema = z.email({ error: m.email });

/** A trimmed optional string; blank counts as not given. */
const optionalField = (message: string) =>
  textSchema({ error: message })
    .max(255, { error: message })
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined));

const contactSchema = z
  .object(
    {
      phone: optionalField(m.phone),
      email: optionalField(m.email),
      checked: z.boolean({ error: m.checked }),
    },
    { error: m.checked },
  )
  .superRefine((contact, ctx) => {
    if (!contact.checked) return;
    const phone = contact.phone?.replace(PHONE_SEPARATORS, '');
    if (phone !== undefined && !TEN_DIGITS.test(phone)) ctx.addIssue({ code: 'custom', path: ['phone'], message: m.phone });
    if (contact.email !== undefined && !emailSchema.safeParse(contact.email).success) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: m.email });
    }
    if (phone === undefined && contact.email === undefined) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: m.contactRequired });
      ctx.addIssue({ code: 'custom', path: ['email'], message: m.contactRequired });
    }
  })
  .transform((contact): { checked: boolean; phone?: string; email?: string } => {
    if (!contact.checked) return { checked: false };
    return {
      checked: true,
      ...(contact.phone !== undefined ? { phone: contact.phone.replace(PHONE_SEPARATORS, '') } : {}),
      ...(contact.email !== undefined ? { email: contact.email.toLowerCase() } : {}),
    };
  });

export const suggestionFormSchema = z.object({
  comment: textSchema({ error: m.commentRequired })
    .trim()
    .min(1, { error: m.commentRequired })
    .max(SUGGESTION_COMMENT_MAX_LENGTH, { error: m.commentTooLong }),
  commentCategoryId: idSchema(m.commentCategory),
  suggestionCategoryId: idSchema(m.suggestionCategory),
  contact: contactSchema,
  legaChecked: z.literal(true, { error: m.legal }),
});

/** What the form sends. */
export type SuggestionFormInput = z.input<typeof suggestionFormSchema>;
/** What the server stores: comment trimmed, phone as 10 digits, no contact data without consent. */
export type SuggestionForm = z.output<typeof suggestionFormSchema>;
