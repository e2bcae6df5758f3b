/**
 * The institution's name inside a sentence. Apart from branding.ts, which
 * every page loads, so only the pages that write such a sentence carry it.
 */

/** First words that take «la» or «el» before an institution's name; a name starting otherwise gets no article. */
const FEMININE_START = /^(universidad|escuela|facultad|academia|institución|normal)\b/i;
const MASCULINE_START = /^(instituto|colegio|centro|tecnológico|politécnico|conservatorio|seminario|sistema)\b/i;
const ARTICLE_START = /^(la|el|las|los)\s/i;

/**
 * «de» and the institution's name with its article, as a sentence needs it:
 * «de la Universidad Autónoma del Bajío», «del Instituto Tecnológico…»; a
 * name that already starts with its article keeps it («de La Salle», never
 * «de la la…»); an acronym or another name gets none («de UNAM»).
 */
export function ofInstitution(name: string): string {
  const trimmed = name.trim();
  if (ARTICLE_START.test(trimmed)) return `de ${trimmed}`;
  if (FEMININE_START.test(trimmed)) return `de la ${trimmed}`;
  if (MASCULINE_START.test(trimmed)) return `del ${trimmed}`;
  return `de ${trimmed}`;
}
