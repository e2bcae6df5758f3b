/**
 * The one password rule: at least MIN_PASSWORD_LENGTH characters and a
 * zxcvbn score of at least MIN_PASSWORD_SCORE, checked against common and
 * breached-password lists, Spanish words and names, and the user's own name
 * and e-mail. The server enforces it; the web imports this module lazily
 * (its dictionaries weigh about a megabyte) to show it as the user types.
 */
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as spanish from '@zxcvbn-ts/language-es-es';
import { MIN_PASSWORD_LENGTH } from './api/auth';

/** zxcvbn's 0–4 scale; 3 means "safely unguessable: moderate protection from offline slow-hash attacks". */
export const MIN_PASSWORD_SCORE = 3;

export interface PasswordStrength {
  /** 0 (very weak) to 4 (very strong). */
  score: number;
  acceptable: boolean;
  /** Why it is not acceptable, in Spanish; null when it is. */
  problem: string | null;
  /** Spanish hints to make it stronger. */
  suggestions: string[];
}

// Built on first use: building it indexes every dictionary.
let zxcvbn: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  zxcvbn ??= new ZxcvbnFactory({
    translations: spanish.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...spanish.dictionary },
  });
  return zxcvbn;
}

/** Whose password it is: what they might put in it. */
export interface PasswordPerson {
  name?: string;
  lastName?: string;
  maternalSurName?: string;
  email?: string;
}

/** Name parts and the e-mail's local part and domain, as zxcvbn user inputs. */
export function passwordUserInputs(person: PasswordPerson): string[] {
  const email = person.email?.toLowerCase() ?? '';
  const parts = [person.name, person.lastName, person.maternalSurName, email, ...email.split(/[@.]/)];
  return [...new Set(parts.flatMap((part) => (part ?? '').split(/\s+/)).filter((part) => part.length >= 3))];
}

export function passwordStrength(password: string, userInputs: string[] = []): PasswordStrength {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return {
      score: 0,
      acceptable: false,
      problem: `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`,
      suggestions: [],
    };
  }
  // zxcvbn's cost grows with length; past 100 characters the score is already maximal.
  const result: ZxcvbnResult = estimator().check(password.slice(0, 100), userInputs);
  const acceptable = result.score >= MIN_PASSWORD_SCORE;
  return {
    score: result.score,
    acceptable,
    problem: acceptable ? null : (result.feedback.warning ?? 'La contraseña es fácil de adivinar'),
    suggestions: result.feedback.suggestions,
  };
}
