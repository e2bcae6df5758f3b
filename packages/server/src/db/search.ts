import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Every search ignores accents and case ('mendez' finds 'Méndez', 'SABADOS'
 * finds 'sábados') in the database: the column and the user's words both pass
 * through search_fold (migration 0014), the one place of that rule.
 */
const fold = (value: SQLWrapper | string): SQL => sql`search_fold(${value})`;

/** A LIKE pattern matching `text` anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column` contains `text`, accents and case aside (the user's % and _ literal). */
export function foldedContains(column: SQLWrapper, text: string): SQL {
  return sql`${fold(column)} like ${fold(containsPattern(text))}`;
}

/**
 * `column` holds the words of `search` (Spanish stems, web-search syntax),
 * accents and case aside. Matches the GIN index response_text_search_idx.
 */
export function foldedWordsMatch(column: SQLWrapper, search: string): SQL {
  return sql`to_tsvector('spanish', ${fold(column)}) @@ websearch_to_tsquery('spanish', ${fold(search)})`;
}
