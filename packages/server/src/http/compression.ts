import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Smaller API answers are sent as they are: under about one packet,
 * compressing costs CPU and saves no round trip.
 */
export const API_COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's answers (JSON and downloads, streamed ones included)
 * for clients that accept it: brotli, else gzip. Registered inside the API's
 * scope only, so the SPA's assets, already precompressed at build
 * (web-app.ts), are never compressed again. Caching headers (no-store) are
 * left as the routes set them; a compressed answer carries Vary:
 * Accept-Encoding. Partial (206) answers and types that are already
 * compressed (PDF, spreadsheets, images) pass through untouched.
 */
export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    threshold: API_COMPRESSION_THRESHOLD_BYTES,
    // zstd is left out on purpose: the order is fixed whatever the Node version offers.
    encodings: ['br', 'gzip'],
  });
}
