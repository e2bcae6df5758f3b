/**
 * Random helpers of the synthetic answers (../synthetic-answers.ts), shared
 * by the question types: deterministic for a given random source.
 */

/** A number in [0, 1), e.g. Math.random or a seeded generator. */
export type RandomSource = () => number;

export interface SyntheticOptions {
  /** 0 = unhappy, 1 = delighted; drawn per respondent when absent. */
  mood?: number;
  /** Chance that an optional text item is written. */
  commentRate?: number;
  /** Chance of a 'Sí' (NOM-035's Guía I gates open on it). */
  yesRate?: number;
  /** Chance of the 'Otro' option where an item offers one. */
  otherRate?: number;
}

/** Spanish texts a respondent might write; short ones first, for 100-character items. */
export const COMMENTS = [
  'Todo bien.',
  'Muy buen servicio.',
  'Falta mejorar la atención en ventanilla.',
  'Los horarios no siempre se respetan.',
  'Me gustaría que hubiera más opciones en la cafetería.',
  'El profesor explica con claridad y resuelve dudas.',
  'La biblioteca necesita más computadoras y mejor internet.',
  'Excelente disposición del personal administrativo, siempre amables.',
  'Las instalaciones deportivas están descuidadas y faltan vestidores.',
  'Sugiero publicar con más anticipación las fechas de exámenes y trámites.',
] as const;
export const OTHER_TEXTS = [
  'Recomendación de un familiar',
  'Feria vocacional',
  'Bicicleta',
  'Voluntariado',
  'Otro estado',
  'Bogotá, Colombia',
  'Preparatoria Federal por Cooperación, Tehuacán',
] as const;

export function pick<T>(values: readonly T[], random: RandomSource): T {
  return values[Math.floor(random() * values.length)]!;
}

/** An index in [0, n) with weights n, n-1, …, 1: the first options of a list are chosen more often. */
export function leaningToFirst(n: number, random: RandomSource): number {
  const total = (n * (n + 1)) / 2;
  let r = random() * total;
  for (let i = 0; i < n; i++) {
    r -= n - i;
    if (r < 0) return i;
  }
  return n - 1;
}

/** One of five ordered grades (best first), centred on the mood with some spread. */
export function grade(mood: number, random: RandomSource): number {
  const centre = (1 - mood) * 4;
  const spread = (random() + random() + random()) / 3 - 0.5; // bell-shaped in [-0.5, 0.5)
  return Math.min(4, Math.max(0, Math.round(centre + spread * 3)));
}

export function text(limit: number, random: RandomSource, bank: readonly string[] = COMMENTS): string {
  const fitting = bank.filter((t) => t.length <= limit);
  return pick(fitting.length ? fitting : [bank[0]!.slice(0, limit)], random);
}
