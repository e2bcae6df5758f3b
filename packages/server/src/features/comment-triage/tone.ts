import { LangEs, SentimentEs } from '@nlpjs/lang-es';
import { SentimentAnalyzer, type SentimentDictionary } from '@nlpjs/sentiment';

/**
 * The tone of a comment: nlp.js's Spanish sentiment analyzer (@nlpjs/sentiment
 * with @nlpjs/lang-es: the ML-Senticon lexicon of stems, in the package), with
 * two documented corrections measured on the labelled set (docs/reports.md,
 * «Comment triage»):
 *   1. scored clause by clause: the analyzer's negation («no», «nunca», «ni»)
 *      flips every word after it to the end of the text, so «no es malo, es
 *      excelente» read as criticism; a clause ends at punctuation and at
 *      «pero», «aunque», «sino»;
 *   2. the negation words stemmed as the text is: the analyzer compares its
 *      stems with «nunca» and «jamás» as written, so only «no» and «ni»
 *      ever negated;
 *   3. a few lexicon entries corrected for how students and staff write
 *      (TONE_CORRECTIONS).
 */

/**
 * Words whose lexicon value is wrong in comments about teaching and work, or
 * missing (Mexican slang), with the value used instead (the lexicon's scale,
 * -1..1). Keys are words; they are stemmed as the analyzer stems the text.
 */
export const TONE_CORRECTIONS: Readonly<Record<string, number>> = {
  // Neutral words the lexicon scores: «es»/«son» (ser: -0.25), the subjects of comments («maestro» +0.28, «curso» +0.5,
  // «tarea» -0.38, «tema» -0.58, «materia» and «matemáticas»: stem «mat», as in matar), «cortar» and «rápido»
  // (explicar rápido is a complaint), «vale» (vale madre), «madre».
  es: 0,
  maestro: 0,
  curso: 0,
  tarea: 0,
  tema: 0,
  materia: 0,
  cortar: 0,
  rapido: 0,
  vale: 0,
  madre: 0,
  // Signs the wrong way round for teaching: «claro», «fácil» (the lexicon: -0.25), «confunde», «pérdida», «soberbio» (+).
  claro: 0.375,
  facil: 0.25,
  confunde: -0.375,
  perdida: -0.375,
  soberbio: -0.5,
  // Missing: Mexican slang and common complaints.
  chido: 0.625,
  padre: 0.5,
  padrisimo: 0.75,
  crack: 0.5,
  buenisimo: 0.75,
  recomendable: 0.5,
  chafa: -0.625,
  chafisimo: -0.75,
  hueva: -0.5,
  flojera: -0.5,
  choro: -0.375,
  nefasto: -0.75,
  porqueria: -0.75,
  impuntual: -0.5,
  desorganizado: -0.5,
  desorden: -0.375,
  prepotente: -0.5,
  burla: -0.5,
  desactualizado: -0.375,
  dificilisimo: -0.625,
};

const analyzer = new SentimentAnalyzer();
analyzer.container.use(LangEs);

const stems = (text: string): string[] => analyzer.prepare('es', text, undefined, true);

const dictionary: SentimentDictionary = {
  type: 'senticon',
  dictionary: {
    ...SentimentEs.senticon,
    ...Object.fromEntries(Object.entries(TONE_CORRECTIONS).map(([word, value]) => [stems(word).join(' '), value])),
  },
  // The analyzer compares stemmed words with these: «nunca» (stem «nunc») and «jamás» never matched as written.
  negations: [...new Set(SentimentEs.negations.words.flatMap((word) => [word, ...stems(word)]))],
  stemmed: SentimentEs.stemmed,
};

/** Where a clause ends: the analyzer's negation reaches no further. */
const CLAUSE_END = /[.,;:!?¡¿()"«»\n]+|\b(?:pero|aunque|sino|sin embargo)\b/i;

/**
 * The tone of `text`: the sum of the lexicon's values of its words (each
 * -1..1, flipped after a negation within its clause), clamped to -1..1:
 * below 0 reads as criticism, above as praise, 0 when no word is in the
 * lexicon. A sort key, not a verdict (see docs/reports.md).
 */
export function toneOf(text: string): number {
  let score = 0;
  for (const clause of text.split(CLAUSE_END)) {
    if (!clause?.trim()) continue;
    score += analyzer.calculate({ sentimentDictionary: dictionary, tokens: stems(clause) }).sentiment.score;
  }
  return Math.max(-1, Math.min(1, Math.round(score * 1000) / 1000));
}
