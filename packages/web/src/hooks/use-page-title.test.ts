import { describe, expect, it } from 'vitest';
import { documentTitleFor } from './use-page-title';

const config = { platformName: 'Encuestas UX', institutionName: 'Universidad X' };

describe('documentTitleFor', () => {
  it.each([
    ['Iniciar sesión', 'Iniciar sesión - Encuestas UX'],
    [undefined, 'Encuestas UX'],
    ['', 'Encuestas UX'],
    ['   ', 'Encuestas UX'],
  ])('subtitle %j gives %j', (subtitle, expected) => {
    expect(documentTitleFor(subtitle, config)).toBe(expected);
  });
});
