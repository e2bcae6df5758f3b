import { describe, expect, it } from 'vitest';
import { parsePositiveId } from './parse-positive-id';

describe('parsePositiveId', () => {
  it.each([
    ['7', 7],
    [12, 12],
    ['', null],
    [null, null],
    [undefined, null],
    ['0', null],
    ['-3', null],
    ['2.5', null],
    ['abc', null],
  ])('%j → %j', (value, id) => {
    expect(parsePositiveId(value)).toBe(id);
  });
});
