import { describe, expect, it } from 'vitest';
import { ALERT_CATEGORIES, compareForReview, sortForReview, triageComment, type CommentTriage } from '../../src/features/comment-triage';
import { ALERT_TERMS, DENIALS, NOT_ALERT_PHRASES } from '../../src/features/comment-triage/alert-terms';
import { findAlert } from '../../src/features/comment-triage/alerts';
import { fold, soundsLike, soundsLikeWord } from '../../src/features/comment-triage/spelling';
import { toneOf } from '../../src/features/comment-triage/tone';

describe('comment triage: alert terms', () => {
  it('folds accents and case as search_fold does, and writes alike what sounds alike', () => {
    expect(fold('ACOSÓ Pingüino Ñandú')).toBe('acoso pinguino nandu');
    expect(soundsLike('Hacoso, ¡SUICIDIO! violencia')).toBe(soundsLike('acozo suisidio biolensia'));
    expect(soundsLike('acoooso')).toBe(soundsLike('acoso'));
    expect(soundsLike('quiero')).toBe(soundsLike('kiero'));
  });

  it('writes a word as it sounds by the rules, in the order they are written (one pass over the word)', () => {
    // The rules as a chain of replacements, one after another: what the one pass must give.
    const byRules = (word: string) =>
      word
        .replace(/ch/g, 'C')
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
    const letters = 'achlquegizvbskyo19';
    let seed = 1;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let n = 0; n < 5000; n++) {
      const word = Array.from({ length: 1 + Math.floor(random() * 9) }, () => letters[Math.floor(random() * letters.length)]).join('');
      expect(soundsLikeWord(word), word).toBe(byRules(word));
    }
    const examples: [string, string][] = [['chicharron', 'chicharon'], ['llave', 'yabe'], ['guerra', 'guera'], ['hacha', 'acha'], ['cchh', 'kch'], ['queso', 'keso'], ['quaso', 'kuaso']];
    for (const [word, sound] of examples) {
      expect(soundsLikeWord(word), word).toBe(sound);
    }
  });

  it('finds a term in any inflection, misspelling, case or accent, and says which words matched as written', () => {
    for (const text of ['me acosa', 'ME ACOSÓ', 'la estaban acosando', 'me siento acosada', 'hay hacoso', 'asoso del profe']) {
      expect(findAlert(text)?.category, text).toBe('acoso');
    }
    expect(findAlert('Pienso en el SUISIDIO')).toEqual({ category: 'autolesion', matched: 'SUISIDIO' });
    expect(findAlert('hay biolencia en el grupo')).toEqual({ category: 'violencia', matched: 'biolencia' });
    expect(findAlert('nos amenasa con reprobarnos')).toEqual({ category: 'amenaza', matched: 'amenasa' });
    expect(findAlert('Es RACISTA con los foráneos')).toEqual({ category: 'discriminacion', matched: 'RACISTA' });
  });

  it('matches phrases with words in between, and shows the whole phrase', () => {
    expect(findAlert('El profe me toca la pierna en el laboratorio')).toEqual({ category: 'acoso', matched: 'toca la pierna' });
    expect(findAlert('mi amiga SE QUIERE MATAR')).toEqual({ category: 'autolesion', matched: 'SE QUIERE MATAR' });
    expect(findAlert('nos baja puntos por ser mujer')).toEqual({ category: 'discriminacion', matched: 'por ser mujer' });
  });

  it('matches whole words only: a word that merely starts like a term is no alert', () => {
    expect(findAlert('ya estoy acostumbrado a su forma de evaluar')).toBeNull();
    expect(findAlert('sus clases son amenas')).toBeNull();
    expect(findAlert('no entiendo el discriminante')).toBeNull();
    expect(findAlert('me toca exponer el lunes')).toBeNull();
  });

  it('files a comment with several terms under the most urgent category', () => {
    expect(findAlert('me acosa y a veces me quiero morir')?.category).toBe('autolesion');
    expect(findAlert('me acosa y me amenazó')?.category).toBe('amenaza');
    expect(ALERT_CATEGORIES[0]).toBe('autolesion');
  });

  it('does not alert on a denial or a set phrase, except that any mention of self-harm alerts', () => {
    expect(findAlert('En mi área no hay acoso')).toBeNull();
    expect(findAlert('nunca he sufrido discriminación ni violencia')).toBeNull();
    expect(findAlert('la profa no nos discrimina')).toBeNull();
    expect(findAlert('me muero de risa en su clase')).toBeNull();
    expect(findAlert('vimos el golpe de estado de 1913')).toBeNull();
    // A denial only reaches the term right after it.
    expect(findAlert('no me acosa, pero me toca la pierna')?.matched).toBe('toca la pierna');
    expect(findAlert('no me quiero morir pero lo pienso')?.category).toBe('autolesion');
  });

  it('alerts on course content that names a term: measured, not avoided (docs/reports.md)', () => {
    expect(findAlert('en literatura leímos sobre la violencia en la revolución')?.category).toBe('violencia');
  });

  it('has a term list the matcher reads as meant: no prefix ending in a letter whose sound depends on the next one', () => {
    const all = [...Object.values(ALERT_TERMS).flat(), ...NOT_ALERT_PHRASES, ...DENIALS];
    const prefixes = all.flatMap((term) => term.match(/[^\s(|)…]+\*/g) ?? []);
    expect(prefixes.length).toBeGreaterThan(50);
    expect(prefixes.filter((prefix) => /[cgq]\*$/.test(prefix))).toEqual([]);
    for (const category of ALERT_CATEGORIES) expect(ALERT_TERMS[category].length, category).toBeGreaterThan(5);
  });

  it('leaves empty and wordless comments alone', () => {
    expect(triageComment('')).toEqual({ tone: 0, alert: null });
    expect(triageComment('  ...  ')).toEqual({ tone: 0, alert: null });
  });
});

describe('comment triage: tone', () => {
  it('reads negation within its clause only: «no es malo» is not criticism, «no es malo, es excelente» is praise', () => {
    expect(toneOf('no es malo')).toBeGreaterThan(0);
    expect(toneOf('no es bueno')).toBeLessThan(0);
    expect(toneOf('no es malo, es excelente')).toBeGreaterThan(toneOf('no es malo'));
    expect(toneOf('nunca es aburrida')).toBeGreaterThan(toneOf('la clase es aburrida'));
    expect(toneOf('no explica nada')).toBeLessThan(0);
  });

  it('orders clear praise above clear criticism, slang included, within -1..1', () => {
    const praise = ['Excelente maestra, explica muy claro', 'el profe es bien chido', 'la clase está padrísima'];
    const criticism = ['Pésimo maestro, no sabe explicar', 'chafísima la clase', 'muy desorganizado y prepotente'];
    for (const p of praise) for (const c of criticism) expect(toneOf(p), `${p} > ${c}`).toBeGreaterThan(toneOf(c));
    for (const text of [...praise, ...criticism, 'excelente '.repeat(20), 'pésimo '.repeat(20)]) {
      expect(Math.abs(toneOf(text))).toBeLessThanOrEqual(1);
    }
  });
});

describe('comment triage: review order', () => {
  const item = (id: string, triage: CommentTriage) => ({ id, triage });
  const alert = (category: (typeof ALERT_CATEGORIES)[number]) => ({ category, matched: 'x' });

  it('puts alerts first (the most urgent category first), then the most negative tone, keeping ties in order', () => {
    const items = [
      item('praise', { tone: 0.8, alert: null }),
      item('criticism', { tone: -0.6, alert: null }),
      item('acoso', { tone: 0.2, alert: alert('acoso') }),
      item('neutral-a', { tone: 0, alert: null }),
      item('autolesion', { tone: 0.5, alert: alert('autolesion') }),
      item('neutral-b', { tone: 0, alert: null }),
      item('acoso-negative', { tone: -0.4, alert: alert('acoso') }),
    ];
    expect(sortForReview(items).map((i) => i.id)).toEqual(['autolesion', 'acoso-negative', 'acoso', 'criticism', 'neutral-a', 'neutral-b', 'praise']);
    expect(items[0]!.id).toBe('praise'); // the input is not reordered
  });

  it('sorts real comments so', () => {
    const texts = ['Excelente profesor', 'no explica nada y llega tarde', 'el maestro me amenazó con reprobarme'];
    const sorted = texts.map((text) => ({ text, triage: triageComment(text) })).sort((a, b) => compareForReview(a.triage, b.triage));
    expect(sorted.map((s) => s.text)).toEqual([texts[2], texts[1], texts[0]]);
  });
});
