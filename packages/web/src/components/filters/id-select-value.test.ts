import { describe, expect, it } from 'vitest';
import { idSelectValue } from './id-select-value';

const options = [{ id: 1 }, { id: 4 }];

describe('idSelectValue', () => {
  it('is the id when it is an option', () => {
    expect(idSelectValue(4, options)).toBe('4');
  });

  it("is '' for no id or an id outside the options", () => {
    expect(idSelectValue(null, options)).toBe('');
    expect(idSelectValue(9, options)).toBe('');
    expect(idSelectValue(1, [])).toBe('');
  });
});
