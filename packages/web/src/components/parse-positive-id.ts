/** A positive whole id from a select, route or query value; null for anything else ('' and missing included). */
export function parsePositiveId(value: unknown): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}
