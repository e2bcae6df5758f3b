import { describe, expect, it } from 'vitest';
import type { ReportQuestionnaire } from '@encuestas/core/api/reports';
import { axisPosition, differenceText, meanAxis, meanTicks, normText, overallAverage, signedDifference } from './logic/means';

describe('a mean against its norm', () => {
  it('is a difference between the means as shown, with the norm named and its n', () => {
    expect(normText(3.68, { mean: 3.61, n: 412 }, 'el campus')).toBe('+0.07 sobre el campus (n = 412)');
    expect(normText(3.68, { mean: 3.59, n: 3210 }, 'la institución')).toBe('+0.09 sobre la institución (n = 3,210)');
    // 3.676 shows 3.68 and 3.614 shows 3.61: the reader's subtraction, not 0.062.
    expect(differenceText(3.676, 3.614, 'el campus')).toBe('+0.07 sobre el campus');
    expect(differenceText(3.53, 3.73, 'todos los campus')).toBe('−0.20 bajo todos los campus');
    expect(differenceText(3.611, 3.609, 'el campus')).toBe('igual que el campus');
    expect(signedDifference(3.5, 3.5)).toBe('0.00');
  });

  it('leaves out a norm that is withheld or has no answers', () => {
    expect(normText(3.68, { mean: null, n: null }, 'el campus')).toBeNull();
  });
});

describe('the axis of means', () => {
  it('starts near the data, so 3.53 and 3.73 lie far apart', () => {
    const axis = meanAxis([3.53, 3.73, null, 3.61]);
    expect(axis).toEqual([3.4, 3.9]);
    expect(axisPosition(3.73, axis) - axisPosition(3.53, axis)).toBeCloseTo(40);
    expect(meanTicks(axis)).toEqual([3.4, 3.5, 3.6, 3.7, 3.8, 3.9]);
  });

  it('stays inside the scale of 1 to 5 and falls back to it with nothing to show', () => {
    expect(meanAxis([4.95, 4.99])).toEqual([4.8, 5]);
    expect(meanAxis([null])).toEqual([1, 5]);
    expect(meanTicks([1, 5])).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('the mean of every campus', () => {
  it('weighs each section by its scored answers, skipping withheld ones', () => {
    const q = (sections: [number | null, number][]): ReportQuestionnaire => ({
      id: 'q',
      version: 1,
      title: 'Q',
      sections: sections.map(([average, scored], i) => ({ id: `s${i}`, title: `S${i}`, average, scored, items: [] })),
    });
    expect(overallAverage([q([[4, 300], [3, 100], [null, 0]])])).toBe(3.75);
    expect(overallAverage([q([[null, 0]])])).toBeNull();
  });
});
