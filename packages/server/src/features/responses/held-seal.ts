/**
 * Held answers are sealed: a held response keeps in clear only the segments
 * the mover groups anonymity sets by (the same ones its completion and the
 * directory show) and its random id; its answers, scores and submission day
 * are one AES-256-GCM blob under a key that is never in the database nor in
 * the data folder (HELD_ANSWERS_KEY, config.ts).
 *
 * Why: a held row is written in its completion's transaction, so its `xmin`
 * names the person, in the live row, in the dead tuple the mover leaves
 * behind, in the WAL and in every copy of the disk (docs/privacy.md, "A copy
 * of the disk"). Sealed, all those copies hold only ciphertext next to a
 * person.
 *
 * The plaintext is padded to a fixed length per questionnaire, its largest
 * possible answer set, so the blob's length says nothing about the answers
 * (a long comment). The clear columns that the submission knows are the
 * associated data, so a blob cannot be moved to another row.
 */
import { createCipheriv, createDecipheriv, randomBytes, type KeyObject } from 'node:crypto';
import { FREQUENCY_VALUES, RATING_VALUES, YES_NO_VALUES, type Answers, type Catalogs, type Item, type Questionnaire } from '@encuestas/core/survey-engine/types';
import { allItems } from '@encuestas/core/survey-engine/answer-rules';
import type { heldResponses, responses } from '../../db/schema';

type HeldRow = typeof heldResponses.$inferSelect;
type ResponseRow = typeof responses.$inferSelect;

/** What is sealed: everything a published response carries beyond the segments. */
export type HeldContent = Pick<ResponseRow, 'submittedOn' | 'answers' | 'scores'>;
/** The clear columns bound to the blob: those the submission knows before its statement runs. */
export type HeldBinding = Pick<HeldRow, 'id' | 'surveyKind' | 'questionnaireId' | 'questionnaireVersion' | 'activeId' | 'cycleId' | 'classId'>;

const FORMAT = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Capacities are rounded up to this, so a small catalogue change leaves the length as it was. */
const CAPACITY_STEP = 256;

export class HeldAnswersKeyError extends Error {
  constructor() {
    super('A held response does not open with HELD_ANSWERS_KEY: it was sealed with another key (or altered).');
  }
}

// ------------------------------------------------------------ the fixed length

/** JSON of a string of `units` UTF-16 units, in UTF-8: quotes plus 6 bytes a unit at worst (a control character, \u0001). */
const stringBound = (units: number) => 2 + 6 * units;
/** The longest JSON of a finite number (-2.2250738585072014e-308); null and booleans are shorter. */
const NUMBER_BOUND = 24;
/** The answer schema's own caps (core survey-engine/answers.ts), for a catalogue the server does not have. */
const ANY_STRING_UNITS = 5000;
const ANY_ARRAY = { items: 100, units: 500 };
/** Strings in scores are levels ('muyAlto'); counted at this width whatever they hold. */
const SCORE_STRING_UNITS = 32;

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
const widest = (values: readonly string[]) => values.reduce((max, value) => Math.max(max, jsonBytes(value)), 2);

/** The longest JSON an answer to this item can take, given the catalogues the answer schema checks against. */
function answerBound(item: Item, catalogs: Catalogs): number {
  switch (item.type) {
    case 'rating':
      return widest(RATING_VALUES);
    case 'frequency':
      return widest(FREQUENCY_VALUES);
    case 'yesNo':
      return widest(YES_NO_VALUES);
    case 'text':
      return stringBound(item.maxLength);
    case 'number':
      return NUMBER_BOUND;
    case 'single':
    case 'multiple': {
      const entries = item.options ?? (item.catalog ? catalogs[item.catalog] : []);
      if (!entries) return item.type === 'single' ? stringBound(ANY_STRING_UNITS) : 2 + ANY_ARRAY.items * (stringBound(ANY_ARRAY.units) + 1);
      const values = [...entries.map((e) => e.value), ...(item.otherOption ? [item.otherOption.value] : [])];
      if (item.type === 'single') return widest(values);
      const sizes = values.map(jsonBytes).sort((a, b) => b - a);
      const chosen = sizes.slice(0, Math.min(item.maxSelected ?? sizes.length, ANY_ARRAY.items));
      return 2 + chosen.reduce((sum, size) => sum + size + 1, 0);
    }
    default: {
      const unreachable: never = item;
      return unreachable;
    }
  }
}

/** The longest JSON of scores shaped like these, whatever numbers and levels they hold (the shape is the kind's). */
function scoresBound(value: unknown): number {
  if (value === null || typeof value === 'number') return NUMBER_BOUND;
  if (typeof value === 'boolean') return 5;
  if (typeof value === 'string') return stringBound(Math.max(value.length, SCORE_STRING_UNITS));
  if (Array.isArray(value)) return 2 + value.reduce((sum: number, v) => sum + scoresBound(v) + 1, 0);
  if (typeof value === 'object') return 2 + Object.entries(value).reduce((sum, [k, v]) => sum + jsonBytes(k) + 1 + scoresBound(v) + 1, 0);
  return NUMBER_BOUND;
}

/** Per catalogue refresh and questionnaire: a catalogue of 2,500 municipios is not walked per submission. */
const answerBounds = new WeakMap<Catalogs, Map<string, number>>();

function answersBound(questionnaire: Questionnaire, catalogs: Catalogs): number {
  let byQuestionnaire = answerBounds.get(catalogs);
  if (!byQuestionnaire) answerBounds.set(catalogs, (byQuestionnaire = new Map()));
  const key = `${questionnaire.id}@${questionnaire.version}`;
  let bound = byQuestionnaire.get(key);
  if (bound === undefined) {
    bound = allItems(questionnaire).reduce((sum, item) => sum + jsonBytes(item.id) + 1 + answerBound(item, catalogs) + 1, 2);
    byQuestionnaire.set(key, bound);
  }
  return bound;
}

/** The plaintext as sealed, before padding: short keys, the day first. */
const plaintextOf = (content: HeldContent) => JSON.stringify({ d: content.submittedOn, a: content.answers, s: content.scores });

/**
 * Bytes of plaintext every held response of this questionnaire is padded to:
 * its largest answer set (every item answered at its widest) plus scores
 * shaped like `scores` at their widest, rounded up.
 */
export function heldCapacity(questionnaire: Questionnaire, catalogs: Catalogs, scores: unknown): number {
  const answers = answersBound(questionnaire, catalogs);
  const envelope = plaintextOf({ submittedOn: '0000-00-00', answers: {}, scores: null }).length - 2 - 4;
  const bound = envelope + answers + scoresBound(scores);
  return Math.ceil(bound / CAPACITY_STEP) * CAPACITY_STEP;
}

/** Sealed bytes of a held response of this capacity: what its row's `sealed` column holds, for every answer set. */
export const sealedLength = (capacity: number) => 1 + NONCE_BYTES + capacity + TAG_BYTES;

// ------------------------------------------------------------ sealing and opening

/** The associated data: the blob opens only beside the clear columns it was sealed with. */
function associatedData(row: HeldBinding): Buffer {
  return Buffer.from(
    JSON.stringify(['held_response', row.id, row.surveyKind, row.questionnaireId, row.questionnaireVersion, row.activeId, row.cycleId, row.classId ?? null]),
  );
}

/**
 * Seals a held response's content, padded with spaces (JSON ignores them) to
 * `capacity` bytes (heldCapacity). An answer set larger than the capacity
 * cannot pass the answer schema; were it to happen, it is padded to a
 * multiple of the capacity rather than refused, so nothing is lost.
 */
export function sealHeldResponse(key: KeyObject, row: HeldBinding, content: HeldContent, capacity: number): Buffer {
  const json = Buffer.from(plaintextOf(content));
  const plaintext = Buffer.alloc(Math.max(1, Math.ceil(json.length / capacity)) * capacity, ' ');
  json.copy(plaintext);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(associatedData(row));
  return Buffer.concat([Buffer.of(FORMAT), nonce, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

/** The content of a held row; throws HeldAnswersKeyError when the key (or the row) is not the one it was sealed with. */
export function openHeldContent(key: KeyObject, row: HeldRow): HeldContent {
  const sealed = row.sealed;
  if (sealed.length < 1 + NONCE_BYTES + TAG_BYTES || sealed[0] !== FORMAT) throw new HeldAnswersKeyError();
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 1 + NONCE_BYTES));
  decipher.setAAD(associatedData(row));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  let plaintext: Buffer;
  try {
    plaintext = Buffer.concat([decipher.update(sealed.subarray(1 + NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new HeldAnswersKeyError();
  }
  const { d, a, s } = JSON.parse(plaintext.toString('utf8')) as { d: string; a: Answers; s: Record<string, unknown> | null };
  return { submittedOn: d, answers: a, scores: s };
}

/** A held row as the response it will be published as (the mover gives it a fresh id). */
export function openHeldResponse(key: KeyObject, row: HeldRow): ResponseRow {
  const { sealed: _sealed, ...clear } = row;
  return { ...clear, ...openHeldContent(key, row) };
}
