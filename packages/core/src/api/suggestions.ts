import { z } from 'zod';
import { idSchema, textSchema } from '../validation';
import { optionalIdSchema, pageQuerySchema } from './common';

const flag = z.enum(['true', 'false']).transform((v) => v === 'true').optional();

/** Back-office list filters (spec §3 comment filter). */
export const listSuggestionsQuerySchema = pageQuerySchema.extend({
  campusId: optionalIdSchema,
  filter: textSchema().trim().max(100).optional(),
  commentsCategoryId: optionalIdSchema,
  suggestionResolutionId: optionalIdSchema,
  suggestionCategoryId: optionalIdSchema,
  isClosed: flag,
  hasContact: flag,
  isContacted: flag,
});
export type ListSuggestionsQuery = z.input<typeof listSuggestionsQuerySchema>;

/** Suggestions have random ids (uuid), so their order and count reveal nothing about their authors. */
export const suggestionIdParamSchema = z.object({
  id: z.uuid({ error: 'Identificador no válido' }),
});

export const updateSuggestionSchema = z
  .object({
    commentCategoryId: idSchema().optional(),
    suggestionCategoryId: idSchema().optional(),
    suggestionResolutionId: idSchema().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Indica qué quieres cambiar' });
export type UpdateSuggestionRequest = z.input<typeof updateSuggestionSchema>;

export type ChipColor = 'default' | 'info' | 'warning' | 'success' | 'error';

export interface Suggestion {
  id: string;
  campus: { id: number; nombre: string };
  comment: string;
  commentCategory: { id: number; name: string; color: ChipColor };
  suggestionCategory: { id: number; name: string; scope: 'general' | 'person' } | null;
  suggestionResolution: { id: number; name: string; color: ChipColor } | null;
  contact: { checked: boolean; phone: string | null; email: string | null };
  isClosed: boolean;
  isContacted: boolean;
  created_on: string;
}

// In the form's zod-free rules: /buzon shows it without loading schema code.
export { SUGGESTION_BOX_CLOSED_MESSAGE } from '../survey-kinds/buzon/rules';
export const SUGGESTION_CLOSED_MESSAGE = 'Este comentario ya está cerrado: no se puede modificar.';
