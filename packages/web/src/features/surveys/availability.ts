import {
  AVAILABILITY_FLAGS,
  AVAILABILITY_LISTS,
  type Availability,
  type AvailableSurvey,
} from '@encuestas/core/api/availability';
import { estimatedTimeText } from '@encuestas/core/survey-engine/estimate-text';
import { surveyKindInfo, type SurveyKindId } from '@encuestas/core/survey-kinds';

/** The flags of spec §3: a list with entries marks its kind active, an empty one inactive. */
export interface AvailabilityFlags {
  active: boolean;
  targetActive: boolean;
  teacherActive: boolean;
  administratorsActive: boolean;
}

export const NO_AVAILABILITY: Availability = {
  encuestas: [],
  encuestasDocente: [],
  encuestasTarget: [],
  encuestasComunicacionDocente: [],
  encuestasAdministrators: [],
};

/** Missing or malformed lists count as empty (a 204 for one list means the same). */
export function normalizeAvailability(raw: unknown): Availability {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const result = { ...NO_AVAILABILITY };
  for (const list of AVAILABILITY_LISTS) {
    const value = source[list];
    result[list] = Array.isArray(value) ? (value as AvailableSurvey[]) : [];
  }
  return result;
}

export function availabilityFlags(availability: Availability): AvailabilityFlags {
  const flags: AvailabilityFlags = { active: false, targetActive: false, teacherActive: false, administratorsActive: false };
  for (const list of AVAILABILITY_LISTS) {
    if (availability[list].length > 0) flags[AVAILABILITY_FLAGS[list]] = true;
  }
  return flags;
}

export function allEntries(availability: Availability): AvailableSurvey[] {
  return AVAILABILITY_LISTS.flatMap((list) => availability[list]);
}

/** One card of the list: a kind within one application (teacher evaluation: with one row per class). */
export interface SurveyCardModel {
  kind: SurveyKindId;
  activeId: number;
  cicleId: number;
  cicleName: string;
  endActive: string;
  /** Every entry of the card (several only for teacher evaluation). */
  entries: AvailableSurvey[];
  done: boolean;
  /** Whether another application offers the same kind (links then name the application). */
  ambiguous: boolean;
}

/**
 * The cards of the list page, in the order of the lists: one per kind and
 * application; pending ones first so the next thing to answer is on top.
 */
export function surveyCards(availability: Availability): SurveyCardModel[] {
  const cards = new Map<string, SurveyCardModel>();
  for (const entry of allEntries(availability)) {
    if (surveyKindInfo(entry.kind).list === null) continue;
    const key = `${entry.kind}:${entry.activeId}:${entry.cicleId}`;
    const card = cards.get(key);
    if (card) {
      card.entries.push(entry);
      card.done = card.done && entry.done;
    } else {
      cards.set(key, {
        kind: entry.kind,
        activeId: entry.activeId,
        cicleId: entry.cicleId,
        cicleName: entry.cicleName,
        endActive: entry.endActive,
        entries: [entry],
        done: entry.done,
        ambiguous: false,
      });
    }
  }
  const list = [...cards.values()];
  const perKind = new Map<SurveyKindId, number>();
  for (const card of list) perKind.set(card.kind, (perKind.get(card.kind) ?? 0) + 1);
  for (const card of list) card.ambiguous = (perKind.get(card.kind) ?? 0) > 1;
  return list.sort((a, b) => Number(a.done) - Number(b.done));
}

export interface EntryQuery {
  kind: SurveyKindId;
  /** Teacher evaluation: the entry's index (the route's {index}). */
  index?: number;
  /** When several applications offer the kind: which one (?activeId= on the route). */
  activeId?: number;
}

/**
 * The availability entry a survey page answers: for teacher evaluation the
 * one with that index; otherwise the first pending one of the kind (or the
 * first one, done, so the page can say it was answered).
 */
export function findEntry(availability: Availability, query: EntryQuery): AvailableSurvey | undefined {
  const candidates = allEntries(availability).filter(
    (e) =>
      e.kind === query.kind &&
      (query.activeId === undefined || e.activeId === query.activeId) &&
      (query.index === undefined || e.index === query.index),
  );
  return candidates.find((e) => !e.done) ?? candidates[0];
}

/** The next class to evaluate after `current` (wrapping around), or undefined when all are done. */
export function nextPendingTeacherEvaluation(
  availability: Availability,
  current?: Pick<AvailableSurvey, 'activeId' | 'cicleId' | 'subject'>,
): AvailableSurvey | undefined {
  const entries = availability.encuestasDocente.filter(
    (e) =>
      surveyKindInfo(e.kind).subjects === 'perClass' &&
      (current === undefined || e.activeId === current.activeId) &&
      !(current && e.cicleId === current.cicleId && e.subject === current.subject),
  );
  if (!current) return entries.find((e) => !e.done);
  const currentIndex = availability.encuestasDocente.find(
    (e) => e.activeId === current.activeId && e.cicleId === current.cicleId && e.subject === current.subject,
  )?.index;
  const pending = entries.filter((e) => !e.done);
  if (currentIndex === undefined) return pending[0];
  return pending.find((e) => (e.index ?? 0) > currentIndex) ?? pending[0];
}

/** 'Unos 4 minutos' (teacher evaluation: per class), from the server's estimate (core estimatedMinutes). */
export function timeToAnswer(entry: Pick<AvailableSurvey, 'kind' | 'estimatedMinutes'>): string {
  const text = estimatedTimeText(entry.estimatedMinutes);
  return surveyKindInfo(entry.kind).subjects === 'perClass' ? `${text} por materia` : text;
}

/** History state of a link from a page that showed the survey's instructions. */
export const INSTRUCTIONS_SHOWN = { instructionsShown: true } as const;

export function instructionsShown(state: unknown): boolean {
  return (state as Partial<typeof INSTRUCTIONS_SHOWN> | null)?.instructionsShown === true;
}
