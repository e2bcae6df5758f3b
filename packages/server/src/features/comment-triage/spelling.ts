import { foldAccents } from '@encuestas/core/fold';

/**
 * The two forms comments are matched in. `fold` is search_fold's rule
 * (core/fold.ts): combining marks dropped, lower case. `soundsLike` goes further for the alert terms,
 * so one spelling in the list also finds the common misspellings of Mexican
 * Spanish: what sounds alike is written alike (seseo c/z/s, b/v, silent h,
 * ll/y, qu/k/c, ge/je) and doubled letters are one ("acoooso").
 */
export const fold = foldAccents;

/** One word (letters and digits only, already folded) written as it sounds. */
export function soundsLikeWord(word: string): string {
  return word
    .replace(/ch/g, 'C') // keeps "ch" apart from the silent h and the hard c
    .replace(/ll/g, 'y')
    .replace(/qu(?=[ei])/g, 'k')
    .replace(/c(?=[ei])/g, 's')
    .replace(/g(?=[ei])/g, 'j')
    .replace(/[cq]/g, 'k')
    .replace(/z/g, 's')
    .replace(/v/g, 'b')
    .replace(/h/g, '')
    .replace(/C/g, 'ch')
    .replace(/(.)\1+/g, '$1');
}

export interface SoundWord {
  /** The word as it sounds (see soundsLike). */
  sound: string;
  /** Where the word is in the original text, for showing what matched. */
  start: number;
  end: number;
}

/** The words of `text` (runs of letters and digits) in their sounds-like form, with their places in `text`. */
export function soundWords(text: string): SoundWord[] {
  const words: SoundWord[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const sound = soundsLikeWord(fold(match[0]).replace(/[^a-z0-9]/g, ''));
    if (sound) words.push({ sound, start: match.index, end: match.index + match[0].length });
  }
  return words;
}

/** `text` in its sounds-like form: words separated by single spaces. */
export function soundsLike(text: string): string {
  return soundWords(text)
    .map((word) => word.sound)
    .join(' ');
}
