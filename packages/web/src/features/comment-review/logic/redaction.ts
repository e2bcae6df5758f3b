/**
 * Hiding parts of a comment by whole words: the reviewer toggles words (each a
 * button, usable by keyboard and screen reader); neighbouring hidden words
 * become one span, the space between them included, and the preview reads each
 * span as REDACTION_MARK, exactly as the server publishes it (redact()).
 */
import { REDACTION_MARK } from '@encuestas/core/api/comment-review';

export interface Word {
  text: string;
  /** UTF-16 offsets into the comment, as the API's spans. */
  start: number;
  end: number;
}

/** The comment's words (runs of non-space characters), in order. */
export function wordsOf(text: string): Word[] {
  return [...text.matchAll(/\S+/g)].map((match) => ({ text: match[0], start: match.index, end: match.index + match[0].length }));
}

/** The spans to hide for the chosen word indexes: neighbouring words merged into one. */
export function spansOf(words: readonly Word[], hidden: ReadonlySet<number>): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let previous = -2;
  for (const [index, word] of words.entries()) {
    if (!hidden.has(index)) continue;
    const last = spans.at(-1);
    if (last && previous === index - 1) last.end = word.end;
    else spans.push({ start: word.start, end: word.end });
    previous = index;
  }
  return spans;
}

/** The comment as the teacher will read it. */
export function redactedPreview(text: string, spans: readonly { start: number; end: number }[]): string {
  let result = '';
  let at = 0;
  for (const span of spans) {
    result += text.slice(at, span.start) + REDACTION_MARK;
    at = span.end;
  }
  return result + text.slice(at);
}
