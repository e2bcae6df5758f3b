/** A select's value for an id: the id as text when it is among the options, else '' (all, or a list still loading). */
export function idSelectValue(id: number | null, options: readonly { id: number }[]): string {
  return id != null && options.some((o) => o.id === id) ? String(id) : '';
}
