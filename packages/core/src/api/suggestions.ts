import { z } from 'zod';
import { idSchema, textSchema } from '../validation';
import { optionalIdSchema, pageQuerySchema, type QueryInput } from './common';

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
/** The filter as a client sends it (flags as 'true'/'false'); the route reads ListSuggestionsFilter. */
export type ListSuggestionsQuery = QueryInput<typeof listSuggestionsQuerySchema>;
export type ListSuggestionsFilter = z.output<typeof listSuggestionsQuerySchema>;

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

export const CHIP_COLORS = ['default', 'info', 'warning', 'success', 'error'] as const;
export type ChipColor = (typeof CHIP_COLORS)[number];

export const commentCategorySchema = z.object({ id: z.number(), name: z.string(), color: z.enum(CHIP_COLORS) });
export type CommentCategory = z.infer<typeof commentCategorySchema>;

export const suggestionCategorySchema = z.object({ id: z.number(), name: z.string(), scope: z.enum(['general', 'person']) });
export type SuggestionCategory = z.infer<typeof suggestionCategorySchema>;

export const suggestionResolutionSchema = z.object({ id: z.number(), name: z.string(), color: z.enum(CHIP_COLORS) });
export type SuggestionResolution = z.infer<typeof suggestionResolutionSchema>;

/** GET /comment-categories: Sugerencia and Queja. */
export const commentCategoriesAnswerSchema = z.object({ commentCategories: z.array(commentCategorySchema) });
export type CommentCategoriesAnswer = z.infer<typeof commentCategoriesAnswerSchema>;
/** GET /suggestion-categories: the general topics and those about a person. */
export const suggestionCategoriesAnswerSchema = z.object({
  allSuggestionCategories: z.array(suggestionCategorySchema),
  allPersonSuggestionCategories: z.array(suggestionCategorySchema),
});
export type SuggestionCategoriesAnswer = z.infer<typeof suggestionCategoriesAnswerSchema>;
/** The topics as the web's forms group them (from suggestionCategoriesAnswerSchema). */
export interface SuggestionCategoryGroups {
  /** General topics. */
  general: SuggestionCategory[];
  /** Topics about a person. */
  person: SuggestionCategory[];
}
/** GET /suggestion-resolutions: Procedente, No procedente, Sin categorizar. */
export const suggestionResolutionsAnswerSchema = z.object({ suggestionResolutions: z.array(suggestionResolutionSchema) });
export type SuggestionResolutionsAnswer = z.infer<typeof suggestionResolutionsAnswerSchema>;

/** GET /suggestions/avalible: whether the box of the respondent's campus is open (the spec's spelling). */
export const suggestionBoxAvailableAnswerSchema = z.object({ avalible: z.boolean() });
export type SuggestionBoxAvailableAnswer = z.infer<typeof suggestionBoxAvailableAnswerSchema>;

/** POST /suggestions (201): no more than the id and the day, so the author can quote it. */
export const suggestionCreatedAnswerSchema = z.object({ suggestion: z.object({ id: z.string(), created_on: z.string() }) });
export type SuggestionCreatedAnswer = z.infer<typeof suggestionCreatedAnswerSchema>;

export const suggestionSchema = z.object({
  id: z.string(),
  campus: z.object({ id: z.number(), nombre: z.string() }),
  comment: z.string(),
  commentCategory: commentCategorySchema,
  suggestionCategory: suggestionCategorySchema.nullable(),
  suggestionResolution: suggestionResolutionSchema.nullable(),
  contact: z.object({ checked: z.boolean(), phone: z.string().nullable(), email: z.string().nullable() }),
  isClosed: z.boolean(),
  isContacted: z.boolean(),
  created_on: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** GET, PUT /suggestions/{id} (and its close and contact). */
export const suggestionAnswerSchema = z.object({ suggestion: suggestionSchema });
export type SuggestionAnswer = z.infer<typeof suggestionAnswerSchema>;

/** GET /suggestions: one page (only the user's campuses). */
export const suggestionsPageSchema = z.object({ suggestions: z.array(suggestionSchema), total: z.number() });
export type SuggestionsPage = z.infer<typeof suggestionsPageSchema>;

/** PUT /campus/{id}/suggestion-box: opening or closing a campus's box. */
export const campusSuggestionBoxBodySchema = z.object({ avalible: z.boolean() });
export const campusSuggestionBoxSchema = z.object({ id: z.number(), nombre: z.string(), avalible: z.boolean() });
export type CampusSuggestionBox = z.infer<typeof campusSuggestionBoxSchema>;
/** GET and PUT /campus/{id}/suggestion-box */
export const campusSuggestionBoxAnswerSchema = z.object({ campus: campusSuggestionBoxSchema });
export type CampusSuggestionBoxAnswer = z.infer<typeof campusSuggestionBoxAnswerSchema>;

// In the form's zod-free rules: /buzon shows it without loading schema code.
export { SUGGESTION_BOX_CLOSED_MESSAGE } from '../survey-kinds/buzon/rules';
export const SUGGESTION_CLOSED_MESSAGE = 'Este comentario ya está cerrado: no se puede modificar.';
