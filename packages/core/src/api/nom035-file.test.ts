import { describe, expect, it } from 'vitest';
import { actionBodySchema, guideIIISampleSize, headcountBand } from './nom035-file';

describe('NOM-035 file rules', () => {
  it('bands the headcount as numeral 2 does: up to 15, 16 to 50, more than 50', () => {
    expect([0, 15, 16, 50, 51].map(headcountBand)).toEqual(['upTo15', 'upTo15', 'from16To50', 'from16To50', 'over50']);
  });

  it('sizes Guía III’s sample by numeral III.1 (0.9604 N / (0.0025 (N − 1) + 0.9604)), rounded up', () => {
    expect(guideIIISampleSize(51)).toBe(46);
    expect(guideIIISampleSize(100)).toBe(80);
    expect(guideIIISampleSize(1000)).toBe(278);
    expect(guideIIISampleSize(0)).toBe(0);
  });

  it('asks an action its area, measure, level, date and responsible person, in Spanish', () => {
    const result = actionBodySchema.safeParse({ guide: 'II', scope: 'domain', key: 'workload' });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['area', 'measure', 'level', 'dueOn', 'responsible']));
  });
});
