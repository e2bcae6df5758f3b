/** The names report files are saved under, without zod (./report-files.ts re-exports them with its schemas): the screens' downloads load no schema library. */
import { foldAccents } from '../fold';

/** The file name when a report gives none (spec §7). */
export const DEFAULT_PDF_NAME = 'reporte.pdf';

/** A file name from report words: ASCII letters, digits and dashes ('Evaluación Docente 2026A' → 'evaluacion-docente-2026a'). */
export function fileNamePart(text: string): string {
  return foldAccents(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** The name a download is saved under, from its content-disposition (RFC 6266: filename* first); `fallback` when none. */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}
