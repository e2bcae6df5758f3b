import { foldAccents } from '@encuestas/core/fold';

/**
 * The two forms comments are matched in. `fold` is search_fold's rule
 * (core/fold.ts): combining marks dropped, lower case. `soundsLike` goes further for the alert terms,
 * so one spelling in the list also finds the common misspellings of Mexican
 * Spanish: what sounds alike is written alike (seseo c/z/s, b/v, silent h,
 * ll/y, qu/k/c, ge/je) and doubled letters are one ("acoooso").
 */
export const fold = foldAccents;

const code = (letter: string) => letter.charCodeAt(0);
const [A_C, A_E, A_G, A_H, A_I, A_L, A_Q, A_U, A_V, A_Z] = [code('c'), code('e'), code('g'), code('h'), code('i'), code('l'), code('q'), code('u'), code('v'), code('z')];
const [TO_B, TO_J, TO_K, TO_S, TO_Y] = [code('b'), code('j'), code('k'), code('s'), code('y')];
const isEOrI = (code: number) => code === A_E || code === A_I;

/**
 * One word (letters and digits only, already folded) written as it sounds:
 * ch stays, ll → y, qu before e/i → k, c before e/i → s, g before e/i → j,
 * other c and q → k, z → s, v → b, h (not of ch) silent, then a run of one
 * letter is one. One pass over the word's character codes (a chain of
 * regular expressions took ten times as long): every word of every comment
 * goes through it when its response is published.
 */
export function soundsLikeWord(word: string): string {
  let sound = '';
  let last = 0;
  for (let i = 0; i < word.length; i++) {
    let code = word.charCodeAt(i);
    const next = word.charCodeAt(i + 1);
    switch (code) {
      case A_C:
        if (next === A_H) {
          sound += 'ch'; // nothing before it sounds "c": a lone c became k or s
          last = A_H;
          i++;
          continue;
        }
        code = isEOrI(next) ? TO_S : TO_K;
        break;
      case A_L:
        if (next === A_L) {
          code = TO_Y;
          i++;
        }
        break;
      case A_Q:
        if (next === A_U && isEOrI(word.charCodeAt(i + 2))) i++;
        code = TO_K;
        break;
      case A_G:
        if (isEOrI(next)) code = TO_J;
        break;
      case A_Z:
        code = TO_S;
        break;
      case A_V:
        code = TO_B;
        break;
      case A_H:
        continue;
    }
    if (code !== last) sound += String.fromCharCode(code);
    last = code;
  }
  return sound;
}

export interface SoundWord {
  /** The word as it sounds (see soundsLike). */
  sound: string;
  /** Where the word is in the original text, for showing what matched. */
  start: number;
  end: number;
}

/** A word (letters and digits) folded to a–z and 0–9; most words are plain ASCII, which only lower case folds. */
function foldedWord(word: string): string {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) > 127) return fold(word).replace(/[^a-z0-9]/g, '');
  return word.toLowerCase();
}

/** The words of `text` (runs of letters and digits) in their sounds-like form, with their places in `text`. */
export function soundWords(text: string): SoundWord[] {
  const words: SoundWord[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const sound = soundsLikeWord(foldedWord(match[0]));
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
