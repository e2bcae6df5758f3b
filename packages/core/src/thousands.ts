/**
 * Digits grouped by thousands with commas, as es-MX writes them (12,345).
 * Apart from format.ts so a table's row count (web app/mui-locale.ts, in every
 * page's first file) writes it without bringing every report format.
 */
export const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ',');
