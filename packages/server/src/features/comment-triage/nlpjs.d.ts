// The parts of nlp.js 4 this feature uses (the packages ship no types).
declare module '@nlpjs/sentiment' {
  export interface SentimentResult {
    score: number;
    numWords: number;
    numHits: number;
    average: number;
    type: string;
    locale: string;
    vote: 'positive' | 'negative' | 'neutral';
  }
  export interface SentimentDictionary {
    type: string;
    dictionary: Record<string, number>;
    negations: string[];
    stemmed: boolean;
  }
  export class SentimentAnalyzer {
    container: { use(plugin: unknown): void; register(name: string, value: unknown): void; get(name: string): unknown };
    prepare(locale: string, text: string, settings: undefined, stemmed: boolean): string[];
    calculate(input: { sentimentDictionary: SentimentDictionary; tokens: string[] }): { sentiment: SentimentResult };
  }
}

declare module '@nlpjs/lang-es' {
  export const LangEs: unknown;
  export const SentimentEs: {
    senticon: Record<string, number>;
    negations: { words: string[] };
    stemmed: boolean;
  };
}
