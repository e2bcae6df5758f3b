import { isIsoDay, mexicoCityDay } from '@encuestas/core/dates';
import type { Answers } from '@encuestas/core/survey-engine/types';

/**
 * Answers in progress, kept in localStorage until the server accepts them,
 * so that a reload, a closed tab or a dropped connection loses nothing. The
 * idempotency key travels with the draft: a retry after a network error
 * sends the same key and the server returns the first result.
 *
 * Campus computers are shared, so a draft does not outlive its use: it goes
 * when the survey application closes (its last day in Mexico City), at
 * logout, and after DRAFT_MAX_AGE_MS at the latest.
 */
export interface SurveyDraft {
  /** The questionnaire the answers belong to; a draft of another version is dropped. */
  questionnaireId: string;
  questionnaireVersion: number;
  answers: Answers;
  /** The section the respondent was on. */
  sectionId: string | null;
  idempotencyKey: string;
  /** ms since epoch, for expiry. */
  savedAt: number;
  /** Last day (YYYY-MM-DD, Mexico City) of the survey application: the draft is dropped after it. */
  closesOn: string;
}

export interface DraftIdentity {
  kind: string;
  activeId: number;
  cicleId: number;
  subject: string;
  respondent: { type: string; id: number };
}

export const DRAFT_KEY_PREFIX = 'encuestas:borrador:';
/** Drafts older than this are dropped: applications last weeks, and a shared device should not keep answers forever. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** One draft per respondent and thing answered: kind, application, cycle and subject (class or guide). */
export function draftKey({ kind, activeId, cicleId, subject, respondent }: DraftIdentity): string {
  return `${DRAFT_KEY_PREFIX}${respondent.type}-${respondent.id}:${kind}:${activeId}:${cicleId}:${subject || '-'}`;
}

function respondentPrefix(respondent: DraftIdentity['respondent']): string {
  return `${DRAFT_KEY_PREFIX}${respondent.type}-${respondent.id}:`;
}

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export function defaultDraftStorage(): DraftStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Whether a stored draft is still of use: not too old and its application still open (readable dates). */
function isLive(draft: Partial<SurveyDraft>, now: number): draft is Partial<SurveyDraft> & Pick<SurveyDraft, 'savedAt' | 'closesOn'> {
  if (typeof draft.savedAt !== 'number' || now - draft.savedAt > DRAFT_MAX_AGE_MS) return false;
  if (typeof draft.closesOn !== 'string' || !isIsoDay(draft.closesOn)) return false;
  return mexicoCityDay(new Date(now)) <= draft.closesOn;
}

function isAnswerValue(value: unknown): boolean {
  return (
    typeof value === 'string' ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    (Array.isArray(value) && value.every((v) => typeof v === 'string'))
  );
}

/** Parses a stored draft; null when missing, malformed, expired or of another questionnaire version. */
export function parseDraft(
  raw: string | null,
  questionnaire: { id: string; version: number },
  now = Date.now(),
): SurveyDraft | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const draft = parsed as Partial<SurveyDraft>;
  if (draft.questionnaireId !== questionnaire.id || draft.questionnaireVersion !== questionnaire.version) return null;
  if (typeof draft.idempotencyKey !== 'string' || draft.idempotencyKey.length < 8) return null;
  if (!isLive(draft, now)) return null;
  if (typeof draft.answers !== 'object' || draft.answers === null || Array.isArray(draft.answers)) return null;
  const answers: Answers = {};
  for (const [key, value] of Object.entries(draft.answers)) {
    if (isAnswerValue(value)) answers[key] = value;
  }
  return {
    questionnaireId: draft.questionnaireId,
    questionnaireVersion: draft.questionnaireVersion,
    answers,
    sectionId: typeof draft.sectionId === 'string' ? draft.sectionId : null,
    idempotencyKey: draft.idempotencyKey,
    savedAt: draft.savedAt,
    closesOn: draft.closesOn,
  };
}

export function loadDraft(
  key: string,
  questionnaire: { id: string; version: number },
  storage: DraftStorage | null = defaultDraftStorage(),
  now = Date.now(),
): SurveyDraft | null {
  try {
    return parseDraft(storage?.getItem(key) ?? null, questionnaire, now);
  } catch {
    return null;
  }
}

/** Saves the draft; false when storage is unavailable or full (the form still works, only without recovery). */
export function saveDraft(key: string, draft: SurveyDraft, storage: DraftStorage | null = defaultDraftStorage()): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

/** Saves the draft stamped with the current time. */
export function saveDraftNow(
  key: string,
  draft: Omit<SurveyDraft, 'savedAt'>,
  storage: DraftStorage | null = defaultDraftStorage(),
): boolean {
  return saveDraft(key, { ...draft, savedAt: Date.now() }, storage);
}

export function clearDraft(key: string, storage: DraftStorage | null = defaultDraftStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing stored.
  }
}

/** Whether there are saved answers under this key (for 'Continuar' on the list), whatever their version. */
export function hasDraft(key: string, storage: DraftStorage | null = defaultDraftStorage(), now = Date.now()): boolean {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return false;
    const parsed = JSON.parse(raw) as Partial<SurveyDraft>;
    return (
      isLive(parsed, now) &&
      typeof parsed.answers === 'object' &&
      parsed.answers !== null &&
      Object.keys(parsed.answers).length > 0
    );
  } catch {
    return false;
  }
}

function draftKeys(storage: DraftStorage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(DRAFT_KEY_PREFIX)) keys.push(key);
  }
  return keys;
}

/** Drops expired or unreadable drafts of anyone (a shared device keeps no old answers). */
export function purgeStaleDrafts(storage: DraftStorage | null = defaultDraftStorage(), now = Date.now()): number {
  if (!storage) return 0;
  let removed = 0;
  try {
    for (const key of draftKeys(storage)) {
      let stored: Partial<SurveyDraft> | null;
      try {
        stored = JSON.parse(storage.getItem(key) ?? '') as Partial<SurveyDraft> | null;
      } catch {
        stored = null;
      }
      if (typeof stored !== 'object' || stored === null || !isLive(stored, now)) {
        storage.removeItem(key);
        removed += 1;
      }
    }
  } catch {
    // Storage unavailable: nothing to purge.
  }
  return removed;
}

/**
 * At logout: every draft of the respondent leaving, and every stale draft of
 * anyone, so the next person on this device finds no answers left behind.
 */
export function clearDraftsAtLogout(
  respondent: DraftIdentity['respondent'] | null,
  storage: DraftStorage | null = defaultDraftStorage(),
  now = Date.now(),
): void {
  if (!storage) return;
  try {
    if (respondent) {
      for (const key of draftKeys(storage)) {
        if (key.startsWith(respondentPrefix(respondent))) storage.removeItem(key);
      }
    }
  } catch {
    // Storage unavailable.
  }
  purgeStaleDrafts(storage, now);
}

/**
 * A random key for one form. crypto.randomUUID exists only on secure pages
 * (https, localhost); getRandomValues everywhere.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof c?.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
