import { ALERT_CATEGORIES, ALERT_TERMS, DENIALS, NOT_ALERT_PHRASES, type AlertCategory } from './alert-terms';
import { fold, soundsLikeWord, soundWords } from './spelling';

export interface CommentAlert {
  category: AlertCategory;
  /** The words of the comment that matched, as written. */
  matched: string;
}

/** Any word: words are letters and digits, separated by single spaces in the sounds-like form. */
const WORD = '[a-z0-9]+';
/** `…` in a term: up to three words in between. */
const GAP = `(?: ${WORD}){0,3}`;

/** One word of a term (`prefix*` or exact) as a regular expression over the sounds-like form. */
function wordPattern(word: string): string {
  const prefix = word.endsWith('*');
  const sound = soundsLikeWord(fold(prefix ? word.slice(0, -1) : word).replace(/[^a-z0-9]/g, ''));
  if (!sound) throw new Error(`Alert term word without letters: «${word}»`);
  return prefix ? `${sound}[a-z0-9]*` : sound;
}

/** Several words of a term, in order and separated by single spaces. */
function wordsPattern(words: string): string {
  return words.trim().split(/\s+/).map(wordPattern).join(' ');
}

/** A term (syntax in alert-terms.ts) as the source of a regular expression over the sounds-like form. */
function termSource(term: string): string {
  const parts = term.match(/\([^)]*\)|…|[^\s()…]+/g) ?? [];
  let source = '';
  for (const part of parts) {
    if (part === '…') {
      source += GAP;
      continue;
    }
    const piece = part.startsWith('(') ? `(?:${part.slice(1, -1).split('|').map(wordsPattern).join('|')})` : wordPattern(part);
    source += source ? ` ${piece}` : piece;
  }
  return source;
}

/** A term's pattern, matching whole words only (every match: a denied one may be followed by one that counts). */
function wholeWords(source: string): RegExp {
  return new RegExp(`(?<=^| )${source}(?= |$)`, 'g');
}

const PATTERNS: readonly { category: AlertCategory; pattern: RegExp }[] = ALERT_CATEGORIES.flatMap((category) =>
  ALERT_TERMS[category].map((term) => ({ category, pattern: wholeWords(termSource(term)) })),
);
/** Every term at once: most comments hold none, and one scan says so (a comment that holds one is read term by term). */
const ANY_TERM = new RegExp(`(?<=^| )(?:${ALERT_CATEGORIES.flatMap((category) => ALERT_TERMS[category].map(termSource)).join('|')})(?= |$)`);
const NOT_ALERT = NOT_ALERT_PHRASES.map((phrase) => wholeWords(termSource(phrase)));
/** A denial ending right before a term (followed by the space before it). */
const DENIAL = new RegExp(`(?:^| )(?:${DENIALS.map(termSource).join('|')}) $`);

/** Whether [start, end) of `sounds` lies inside one of the set phrases that are not alerts. */
function insideNotAlertPhrase(sounds: string, start: number, end: number): boolean {
  return NOT_ALERT.some((phrase) => [...sounds.matchAll(phrase)].some((m) => m.index <= start && m.index + m[0].length >= end));
}

/**
 * The first alert term `text` holds, in the order of ALERT_CATEGORIES (the
 * most urgent category first), with the words that matched as the author
 * wrote them; null when it holds none. A term inside a set phrase that is
 * no alert («me muero de risa», «golpe de estado») or right after a denial
 * («no hay acoso»; not for self-harm) does not count.
 */
export function findAlert(text: string): CommentAlert | null {
  const words = soundWords(text);
  const sounds = words.map((word) => word.sound).join(' ');
  if (!ANY_TERM.test(sounds)) return null;
  for (const { category, pattern } of PATTERNS) {
    for (const match of sounds.matchAll(pattern)) {
      const end = match.index + match[0].length;
      if (insideNotAlertPhrase(sounds, match.index, end)) continue;
      if (category !== 'autolesion' && DENIAL.test(sounds.slice(0, match.index))) continue;
      const first = sounds.slice(0, match.index).split(' ').length - 1;
      const last = first + match[0].split(' ').length - 1;
      return { category, matched: text.slice(words[first]!.start, words[last]!.end) };
    }
  }
  return null;
}
