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
import {
  commentIssue,
  CONTACT_FIELD_MAX_LENGTH,
  contactIssues,
  contactFieldValue,
  storedContact,
  SUGGESTION_FORM_MESSAGES as m,
} from './rules';

// The rules live in ./rules (no zod), which /buzon applies in the browser.
export { SUGGESTION_COMMENT_MAX_LENGTH, SUGGESTION_FORM_MESSAGES } from './rules';

/** A trimmed optional string; blank counts as not given. */
const optionalField = (message: string) =>
  textSchema({ error: message }).max(CONTACT_FIELD_MAX_LENGTH, { error: message }).optional().transform(contactFieldValue);

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
    for (const issue of contactIssues(contact)) ctx.addIssue({ code: 'custom', ...issue });
  })
  .transform(storedContact);

export const suggestionFormSchema = z.object({
  comment: z.string({ error: m.commentRequired }).transform((comment, ctx) => {
    const message = commentIssue(comment);
    if (message === null) return comment.trim();
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }),
  commentCategoryId: idSchema(m.commentCategory),
  suggestionCategoryId: idSchema(m.suggestionCategory),
  contact: contactSchema,
  legaChecked: z.literal(true, { error: m.legal }),
});

/** What the form sends. */
export type SuggestionFormInput = z.input<typeof suggestionFormSchema>;
/** What the server stores: comment trimmed, phone as 10 digits, no contact data without consent. */
export type SuggestionForm = z.output<typeof suggestionFormSchema>;
