import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '@encuestas/core/api/common';

/** The bytes of a download, as OpenAPI describes a file (never serialized: a Buffer or stream is sent as it is). */
const fileBytesSchema = z.string().meta({ format: 'binary' });

/** The header every download carries: an ASCII name and the UTF-8 one (RFC 6266, files/routes.ts attachment()). */
const DOWNLOAD_HEADERS = {
  'content-disposition': {
    type: 'string',
    description: "attachment; filename=\"<ASCII name>\"; filename*=UTF-8''<name, percent-encoded>",
  },
} as const;

/**
 * A file route's `response`: its 200 as a download of one of `contentTypes` (the OpenAPI description lists each
 * with its Content-Disposition), and the JSON error shapes, since every check runs before the first byte.
 */
export function fileAnswers(description: string, contentTypes: readonly string[]) {
  return answers({
    200: {
      description,
      headers: DOWNLOAD_HEADERS,
      content: Object.fromEntries(contentTypes.map((type) => [type, { schema: fileBytesSchema }])),
    },
  } as unknown as Record<200, z.ZodType>);
}

type Transform = typeof jsonSchemaTransform;

/**
 * jsonSchemaTransform keeps a content-typed answer's description and content only: this puts back the answer's
 * headers (a download's Content-Disposition) so /api/docs shows them.
 */
export const openApiTransform: Transform = (document) => {
  const transformed = jsonSchemaTransform(document);
  const response = (document.schema as { response?: Record<string, { headers?: unknown; content?: unknown }> } | undefined)?.response;
  const out = (transformed.schema as { response?: Record<string, Record<string, unknown>> } | undefined)?.response;
  if (response && out) {
    for (const [status, answer] of Object.entries(response)) {
      if (answer && typeof answer === 'object' && 'content' in answer && answer.headers && out[status]) out[status].headers = answer.headers;
    }
  }
  return transformed;
};
