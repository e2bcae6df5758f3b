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

/**
 * The same rule for cells whose sum is shown too (a teacher's classes beside
 * the teacher's total): hiding one small class alone would leave its figures
 * as the total minus the others, so the smallest shown cells are hidden with
 * it until the hidden cells hold at least `minGroupSize` responses together.
 * `unlisted` responses are in the total but in no cell (a teacher's
 * evaluations whose class the mover cleared): they count as hidden already.
 */
export function suppressWithComplement<T>(
  cells: readonly T[],
  minGroupSize: number,
  responsesOf: (cell: T) => number,
  unlisted = 0,
): Suppressed<T> {
  const hidden = new Set(cells.filter((cell) => !isReportable(responsesOf(cell), minGroupSize)));
  const hiddenResponses = () => [...hidden].reduce((sum, cell) => sum + responsesOf(cell), unlisted);
  const smallestFirst = cells.filter((cell) => !hidden.has(cell)).sort((a, b) => responsesOf(a) - responsesOf(b));
  for (const cell of smallestFirst) {
    if (hiddenResponses() === 0 || isReportable(hiddenResponses(), minGroupSize)) break;
    hidden.add(cell);
  }
  return { shown: cells.filter((cell) => !hidden.has(cell)), hidden: hidden.size };
}
