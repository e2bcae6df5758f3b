/**
 * Text as a search or a key compares it: accents and other combining marks
 * dropped, lower case ('Mérida' → 'merida'). The database's search_fold
 * (migration 0014, server/src/db/search.ts) applies the same rule in SQL.
 */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}
