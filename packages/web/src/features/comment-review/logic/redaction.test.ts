import { describe, expect, it } from 'vitest';
import { redactedPreview, spansOf, wordsOf } from './redaction';

const text = 'Explica bien pero el ayudante Pedro Gómez es un idiota';

describe('hiding words of a comment', () => {
  it('finds each word with its offsets', () => {
    const words = wordsOf('  Hola,  mundo ');
    expect(words).toEqual([
      { text: 'Hola,', start: 2, end: 7 },
      { text: 'mundo', start: 9, end: 14 },
    ]);
  });

  it('merges neighbouring words into one span and previews it as the server publishes it', () => {
    const words = wordsOf(text);
    const spans = spansOf(words, new Set([5, 6, 9]));
    expect(spans).toEqual([
      { start: text.indexOf('Pedro'), end: text.indexOf(' es') },
      { start: text.indexOf('idiota'), end: text.length },
    ]);
    expect(redactedPreview(text, spans)).toBe('Explica bien pero el ayudante […] es un […]');
  });

  it('hides nothing without a chosen word', () => {
    expect(spansOf(wordsOf(text), new Set())).toEqual([]);
    expect(redactedPreview(text, [])).toBe(text);
  });
});
