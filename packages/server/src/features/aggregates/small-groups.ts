/**
 * The small-group rule, the one place reports decide it: a breakdown cell, a
 * teacher's result or a comment list resting on fewer than MIN_GROUP_SIZE
 * responses is not shown, so a group of two cannot tell who said what. The
 * size is the number of responses behind the cell (a group's responses, a
 * teacher's evaluations), never the count of one answer value within it.
 * 0 turns the rule off.
 */

export function isReportable(responses: number, minGroupSize: number): boolean {
  return minGroupSize <= 0 || responses >= minGroupSize;
}

export interface Suppressed<T> {
  /** The cells with enough responses, in their order. */
  shown: T[];
  /** How many cells were hidden, so a report can say that some were. */
  hidden: number;
}

export function suppressSmallGroups<T>(cells: readonly T[], minGroupSize: number, responsesOf: (cell: T) => number): Suppressed<T> {
  const shown = cells.filter((cell) => isReportable(responsesOf(cell), minGroupSize));
  return { shown, hidden: cells.length - shown.length };
}
