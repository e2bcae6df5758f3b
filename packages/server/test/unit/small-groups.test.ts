import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { isReportable, suppressSmallGroups, suppressWithComplement } from '../../src/features/aggregates/small-groups';

const env = { DATA_DIR: '/tmp/encuestas-unused', JWT_SECRET: 'x'.repeat(40) };

describe('the small-group rule', () => {
  it('shows a group of exactly the minimum and hides one below it', () => {
    expect(isReportable(5, 5)).toBe(true);
    expect(isReportable(4, 5)).toBe(false);
    expect(isReportable(0, 5)).toBe(false);
  });

  it('is off at 0: even an empty group is shown', () => {
    expect(isReportable(0, 0)).toBe(true);
    expect(isReportable(1, 0)).toBe(true);
  });

  it('hides small cells by their response count, keeps order, and counts what it hid', () => {
    const cells = [
      { group: 'A', responses: 12, value: 'excelente', n: 1 },
      { group: 'B', responses: 3, value: 'excelente', n: 3 },
      { group: 'C', responses: 5, value: 'mala', n: 2 },
      { group: 'D', responses: 1, value: 'buena', n: 1 },
    ];
    const result = suppressSmallGroups(cells, 5, (cell) => cell.responses);
    expect(result.shown.map((cell) => cell.group)).toEqual(['A', 'C']);
    expect(result.hidden).toBe(2);
    expect(suppressSmallGroups(cells, 0, (cell) => cell.responses)).toEqual({ shown: cells, hidden: 0 });
  });

  it('MIN_GROUP_SIZE defaults to 5, accepts 0 and refuses a negative or fractional value', () => {
    expect(loadConfig(env).MIN_GROUP_SIZE).toBe(5);
    expect(loadConfig({ ...env, MIN_GROUP_SIZE: '0' }).MIN_GROUP_SIZE).toBe(0);
    expect(loadConfig({ ...env, MIN_GROUP_SIZE: '10', ANONYMITY_BATCH: '10' }).MIN_GROUP_SIZE).toBe(10);
    expect(() => loadConfig({ ...env, MIN_GROUP_SIZE: '-1' })).toThrow(/MIN_GROUP_SIZE/);
    expect(() => loadConfig({ ...env, MIN_GROUP_SIZE: '2.5' })).toThrow(/MIN_GROUP_SIZE/);
    expect(() => loadConfig({ ...env, MIN_GROUP_SIZE: 'cinco' })).toThrow(/MIN_GROUP_SIZE/);
  });
});

describe('the small-group rule beside a shown total', () => {
  const classes = (...sizes: number[]) => sizes.map((responses, i) => ({ name: String.fromCharCode(65 + i), responses }));
  const shownNames = (sizes: number[]) => suppressWithComplement(classes(...sizes), 5, (c) => c.responses).shown.map((c) => c.name);

  it('hides the smallest other cell with a lone small one, so the total minus the rest does not give it away', () => {
    expect(shownNames([10, 2, 7])).toEqual(['A']); // B (2) + C (7) hidden together: 9
  });

  it('hides more cells until the hidden ones hold the minimum together', () => {
    expect(shownNames([1, 2, 6, 20])).toEqual(['D']); // 1 + 2 = 3 < 5, so C (6) goes too: 9
    expect(shownNames([1, 1, 2, 20, 30])).toEqual(['E']); // 1 + 1 + 2 = 4 < 5, so D (20) goes too
  });

  it('hides nothing more when every cell reaches the minimum, or the hidden ones already do together', () => {
    expect(shownNames([5, 6, 7])).toEqual(['A', 'B', 'C']);
    expect(shownNames([3, 3, 9])).toEqual(['C']);
  });

  it('is off at 0', () => {
    expect(suppressWithComplement(classes(1, 2), 0, (c) => c.responses).shown).toHaveLength(2);
  });

  it('counts responses in the total but in no cell (classes the mover cleared) as hidden already', () => {
    const shown = (unlisted: number, ...sizes: number[]) =>
      suppressWithComplement(classes(...sizes), 5, (c) => c.responses, unlisted).shown.map((c) => c.name);
    expect(shown(5, 2, 9)).toEqual(['B']); // A (2) hides with the 5 unlisted: 7
    expect(shown(6, 8, 9)).toEqual(['A', 'B']); // the unlisted 6 alone reach the minimum
    expect(shown(3, 8, 9)).toEqual(['B']); // 3 unlisted (older data) would be the total minus A and B: A goes too
  });
});

