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
 * (a long comment); it is a compact encoding rather than JSON, so that
 * length counts 2 bytes a character of the text items, not 6. The clear
 * columns the submission knows are the associated data, so a blob opens only
 * in its own row.
 */
import { createCipheriv, createDecipheriv, randomBytes, type KeyObject } from 'node:crypto';
import { questionType } from '@encuestas/core/survey-engine/question-types/registry';
import type { Answers, Catalogs, Item, Questionnaire } from '@encuestas/core/survey-engine/types';
import { allItems } from '@encuestas/core/survey-engine/answer-rules';
import type { SurveyKindId } from '@encuestas/core/survey-kinds';
import { responseScores } from '@encuestas/core/survey-kinds/response-scores';
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

// ------------------------------------------------------------ the plaintext

/*
 * JSON values encoded so that their size is easy to bound: a string takes 2
 * bytes a UTF-16 unit whatever it holds (in JSON an escaped control character
 * takes 6, which would triple the fixed length of every held response).
 * null, false, true: one tag byte; a number: tag and float64; a string: tag,
 * u32 units, UTF-16LE; an array: tag, u32 count, items; an object: tag, u32
 * count, then each key (u32 units, UTF-16LE) and value.
 */
const TAG = { null: 0, false: 1, true: 2, number: 3, string: 4, array: 5, object: 6 } as const;

const stringSize = (units: number) => 5 + 2 * units;
const keySize = (key: string) => 4 + 2 * key.length;
const entriesOf = (value: object) => Object.entries(value).filter(([, v]) => v !== undefined);

function encodedSize(value: unknown): number {
  if (typeof value === 'number') return 9;
  if (typeof value === 'string') return stringSize(value.length);
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + encodedSize(item), 5);
  if (value !== null && typeof value === 'object') return entriesOf(value).reduce((sum, [k, v]) => sum + keySize(k) + encodedSize(v), 5);
  return 1;
}

function encode(value: unknown, out: Buffer, at: number): number {
  const text = (s: string, from: number) => {
    out.writeUInt32LE(s.length, from);
    return from + 4 + out.write(s, from + 4, 'utf16le');
  };
  if (value === null || value === undefined) return out.writeUInt8(TAG.null, at);
  if (typeof value === 'boolean') return out.writeUInt8(value ? TAG.true : TAG.false, at);
  if (typeof value === 'number') return out.writeDoubleLE(value, out.writeUInt8(TAG.number, at));
  if (typeof value === 'string') return text(value, out.writeUInt8(TAG.string, at));
  if (Array.isArray(value)) {
    let next = out.writeUInt32LE(value.length, out.writeUInt8(TAG.array, at));
    for (const item of value) next = encode(item, out, next);
    return next;
  }
  const entries = entriesOf(value as object);
  let next = out.writeUInt32LE(entries.length, out.writeUInt8(TAG.object, at));
  for (const [k, v] of entries) next = encode(v, out, text(k, next));
  return next;
}

function decode(bytes: Buffer, at: number): [unknown, number] {
  const text = (from: number): [string, number] => {
    const end = from + 4 + 2 * bytes.readUInt32LE(from);
    return [bytes.toString('utf16le', from + 4, end), end];
  };
  const tag = bytes[at]!;
  if (tag === TAG.null) return [null, at + 1];
  if (tag === TAG.false || tag === TAG.true) return [tag === TAG.true, at + 1];
  if (tag === TAG.number) return [bytes.readDoubleLE(at + 1), at + 9];
  if (tag === TAG.string) return text(at + 1);
  const count = bytes.readUInt32LE(at + 1);
  let next = at + 5;
  if (tag === TAG.array) {
    const items: unknown[] = [];
    for (let i = 0; i < count; i++) {
      const [item, after] = decode(bytes, next);
      items.push(item);
      next = after;
    }
    return [items, next];
  }
  const object: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const [key, afterKey] = text(next);
    [object[key], next] = decode(bytes, afterKey);
  }
  return [object, next];
}

/** What is sealed, before padding: short keys, the day first. */
const payloadOf = (content: HeldContent) => ({ d: content.submittedOn, a: content.answers, s: content.scores });

// ------------------------------------------------------------ the fixed length

/** The answer schema's own caps (core survey-engine/answers.ts), for a catalogue the server does not have. */
const ANY_STRING_UNITS = 5000;
const ANY_ARRAY = { items: 100, units: 500 };
/** Strings in scores are levels ('muyAlto'); counted at this width whatever they hold. */
const SCORE_STRING_UNITS = 32;

/** The largest encoding of an answer to this item, given the catalogues the answer schema checks against. */
function answerBound(item: Item, catalogs: Catalogs): number {
  const widest = questionType(item).widestAnswer(item, catalogs);
  switch (widest.type) {
    case 'number':
      return 9;
    case 'string':
      return stringSize(widest.units ?? ANY_STRING_UNITS);
    case 'strings':
      if (!widest.units) return 5 + ANY_ARRAY.items * stringSize(ANY_ARRAY.units);
      return widest.units.slice(0, ANY_ARRAY.items).reduce((sum, units) => sum + stringSize(units), 5);
  }
}

/** The largest encoding of scores shaped like these, whatever numbers and levels they hold (the shape is the kind's). */
function scoresBound(value: unknown): number {
  if (typeof value === 'string') return stringSize(Math.max(value.length, SCORE_STRING_UNITS));
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + scoresBound(item), 5);
  if (value !== null && typeof value === 'object') return entriesOf(value).reduce((sum, [k, v]) => sum + keySize(k) + scoresBound(v), 5);
  return 9;
}

/** Per catalogue refresh and questionnaire: a catalogue of 2,500 municipios is not walked per submission. */
const answerBounds = new WeakMap<Catalogs, Map<string, number>>();

function answersBound(questionnaire: Questionnaire, catalogs: Catalogs): number {
  let byQuestionnaire = answerBounds.get(catalogs);
  if (!byQuestionnaire) answerBounds.set(catalogs, (byQuestionnaire = new Map()));
  const key = `${questionnaire.id}@${questionnaire.version}`;
  let bound = byQuestionnaire.get(key);
  if (bound === undefined) {
    bound = allItems(questionnaire).reduce((sum, item) => sum + keySize(item.id) + answerBound(item, catalogs), 5);
    byQuestionnaire.set(key, bound);
  }
  return bound;
}

/**
 * Bytes of plaintext every held response of this questionnaire is padded to:
 * its largest answer set (every item answered at its widest) plus scores
 * shaped like `scores` at their widest, rounded up.
 */
export function heldCapacity(questionnaire: Questionnaire, catalogs: Catalogs, scores: unknown): number {
  const envelope = encodedSize(payloadOf({ submittedOn: '0000-00-00', answers: {}, scores: null })) - encodedSize({}) - encodedSize(null);
  const bound = envelope + answersBound(questionnaire, catalogs) + scoresBound(scores);
  return Math.ceil(bound / CAPACITY_STEP) * CAPACITY_STEP;
}

/** Sealed bytes of a held response of this capacity: what its row's `sealed` column holds, for every answer set. */
export const sealedLength = (capacity: number) => 1 + NONCE_BYTES + capacity + TAG_BYTES;

// ------------------------------------------------------------ sealing and opening

/**
 * Nonces come from a pool of random bytes refilled 4 KiB at a time, each 12 bytes handed out once (as
 * node's randomUUID does with its own pool): a randomBytes call for each seal cost 30 µs under the
 * submission load, a third of sealing (issue 23).
 */
const NONCE_POOL_BYTES = NONCE_BYTES * 341;
let noncePool = Buffer.alloc(0);
let nonceAt = 0;

function freshNonce(): Buffer {
  if (nonceAt + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_POOL_BYTES);
    nonceAt = 0;
  }
  nonceAt += NONCE_BYTES;
  return noncePool.subarray(nonceAt - NONCE_BYTES, nonceAt);
}

/** The associated data: the blob opens only beside the clear columns it was sealed with. */
function associatedData(row: HeldBinding): Buffer {
  return Buffer.from(
    JSON.stringify(['held_response', row.id, row.surveyKind, row.questionnaireId, row.questionnaireVersion, row.activeId, row.cycleId, row.classId ?? null]),
  );
}

/**
 * Seals a held response's content, padded with zeros to `capacity` bytes
 * (heldCapacity). An answer set larger than the capacity cannot pass the
 * answer schema; were it to happen, it is padded to a multiple of the
 * capacity rather than refused, so nothing is lost.
 */
export function sealHeldResponse(key: KeyObject, row: HeldBinding, content: HeldContent, capacity: number): Buffer {
  const payload = payloadOf(content);
  const plaintext = Buffer.alloc(Math.max(1, Math.ceil(encodedSize(payload) / capacity)) * capacity);
  encode(payload, plaintext, 0);
  const nonce = freshNonce();
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(associatedData(row));
  return Buffer.concat([Buffer.of(FORMAT), nonce, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

/**
 * A submitted answer set as its held row keeps it: scored by its kind and sealed at its questionnaire's
 * capacity (a submission and the demo's answers alike).
 */
export function sealSubmittedAnswers(
  key: KeyObject,
  binding: HeldBinding,
  questionnaire: Questionnaire,
  catalogs: Catalogs,
  submitted: { kind: SurveyKindId; subjectKey: string; answers: Answers; submittedOn: string },
): Buffer {
  const scores = responseScores(submitted.kind, submitted.subjectKey, submitted.answers);
  const content = { submittedOn: submitted.submittedOn, answers: submitted.answers, scores };
  return sealHeldResponse(key, binding, content, heldCapacity(questionnaire, catalogs, scores));
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
  const [{ d, a, s }] = decode(plaintext, 0) as [{ d: string; a: Answers; s: Record<string, unknown> | null }, number];
  return { submittedOn: d, answers: a, scores: s };
}

/** A held row as the response it will be published as (the mover gives it a fresh id). */
export function openHeldResponse(key: KeyObject, row: HeldRow): ResponseRow {
  const { sealed: _sealed, ...clear } = row;
  return { ...clear, ...openHeldContent(key, row) };
}
