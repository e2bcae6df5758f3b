import { z } from 'zod';

/** GET /catalogs: the reference lists of spec §3 by name (INEGI's states and municipios are in core, not here). */
export const catalogsAnswerSchema = z.object({
  catalogs: z.record(z.string(), z.array(z.object({ value: z.string(), label: z.string(), parent: z.string().optional() })).readonly()),
});
