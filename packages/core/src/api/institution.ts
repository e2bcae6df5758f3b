import { z } from 'zod';
import { textSchema } from '../validation';

export const INSTITUTION_NAME_MESSAGE = 'Escribe el nombre de la institución';
export const PLATFORM_NAME_MESSAGE = 'Escribe el nombre de la plataforma';
export const BRANDING_NAME_MAX = 120;

const nameSchema = (message: string) =>
  textSchema({ error: message })
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, message).max(BRANDING_NAME_MAX, `Admite hasta ${BRANDING_NAME_MAX} caracteres`));

/** PUT /institution: the names shown on every page, e-mail and PDF. */
export const institutionBodySchema = z.object({
  institutionName: nameSchema(INSTITUTION_NAME_MESSAGE),
  platformName: nameSchema(PLATFORM_NAME_MESSAGE),
});
export type InstitutionRequest = z.input<typeof institutionBodySchema>;

export const institutionSchema = z.object({ institutionName: z.string(), platformName: z.string() });
export type Institution = z.infer<typeof institutionSchema>;

/** GET and PUT /institution. */
export const institutionAnswerSchema = z.object({ institution: institutionSchema });
export type InstitutionAnswer = z.infer<typeof institutionAnswerSchema>;
