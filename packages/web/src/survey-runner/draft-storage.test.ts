import { describe, expect, it } from 'vitest';
import {
  DRAFT_MAX_AGE_MS,
  clearDraft,
  clearDraftsAtLogout,
  draftKey,
  hasDraft,
  loadDraft,
  newIdempotencyKey,
  purgeStaleDrafts,
  saveDraft,
  type DraftStorage,
  type SurveyDraft,
} from './draft-storage';

function memoryStorage(): DraftStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

const questionnaire = { id: 'alumnos-servicios-a', version: 1 };
const identity = { kind: 'alumnos/serviciosA', activeId: 3, cicleId: 1, subject: '', respondent: { type: 'student', id: 7 } };
/** 2026-05-10 09:00 in Mexico City (UTC−6). */
const NOW = Date.UTC(2026, 4, 10, 15);
const TODAY = '2026-05-10';

const draft = (overrides: Partial<SurveyDraft> = {}): SurveyDraft => ({
  questionnaireId: 'alumnos-servicios-a',
  questionnaireVersion: 1,
  answers: { libraryCollection: 'excelente', priorityService: 'labs' },
  sectionId: 'labs',
  idempotencyKey: '2f1d3c4b-0000-4000-8000-000000000001',
  savedAt: NOW - 1000,
  closesOn: TODAY,
  ...overrides,
});

describe('draftKey', () => {
  it.each([
    [identity, 'encuestas:borrador:student-7:alumnos/serviciosA:3:1:-'],
    [
      { ...identity, kind: 'alumnos/evaluacionDocente', cicleId: 3, subject: '13' },
      'encuestas:borrador:student-7:alumnos/evaluacionDocente:3:3:13',
    ],
    [
      { ...identity, kind: 'administrativos/norma', cicleId: 8, subject: 'II', respondent: { type: 'staff', id: 7 } },
      'encuestas:borrador:staff-7:administrativos/norma:3:8:II',
    ],
  ])('keys %j as %s', (input, expected) => {
    expect(draftKey(input)).toBe(expected);
  });

  it('gives each class of a teacher evaluation its own draft', () => {
    const a = draftKey({ ...identity, subject: '13' });
    const b = draftKey({ ...identity, subject: '14' });
    expect(a).not.toBe(b);
  });
});

describe('saving and restoring a draft', () => {
  it('restores what was saved, idempotency key included', () => {
    const storage = memoryStorage();
    const key = draftKey(identity);
    expect(saveDraft(key, draft(), storage)).toBe(true);
    expect(loadDraft(key, questionnaire, storage, NOW)).toEqual(draft());
    expect(hasDraft(key, storage, NOW)).toBe(true);
  });

  it.each([
    ['another questionnaire version', draft({ questionnaireVersion: 2 })],
    ['another questionnaire', draft({ questionnaireId: 'alumnos-servicios-b' })],
    ['an expired draft', draft({ savedAt: NOW - DRAFT_MAX_AGE_MS - 1 })],
    ['a draft without idempotency key', draft({ idempotencyKey: '' })],
    ['a draft of an application that closed yesterday', draft({ closesOn: '2026-05-09' })],
    ['a draft that does not say when its application closes', draft({ closesOn: undefined })],
    ['a draft with an unreadable closing day', draft({ closesOn: '2026-02-30' })],
  ])('ignores %s', (_label, stored) => {
    const storage = memoryStorage();
    saveDraft('k', stored, storage);
    expect(loadDraft('k', questionnaire, storage, NOW)).toBeNull();
  });

  it('ignores unreadable JSON and drops answers of the wrong shape', () => {
    const storage = memoryStorage();
    storage.setItem('bad', '{nope');
    expect(loadDraft('bad', questionnaire, storage, NOW)).toBeNull();
    storage.setItem('mixed', JSON.stringify({ ...draft(), answers: { a: 'x', b: { nested: true }, c: 3, d: ['x'], e: [1] } }));
    expect(loadDraft('mixed', questionnaire, storage, NOW)?.answers).toEqual({ a: 'x', c: 3, d: ['x'] });
  });

  it('works without storage (private mode): nothing saved, nothing restored', () => {
    expect(saveDraft('k', draft(), null)).toBe(false);
    expect(loadDraft('k', questionnaire, null, NOW)).toBeNull();
  });

  it('clears one draft', () => {
    const storage = memoryStorage();
    saveDraft('k', draft(), storage);
    clearDraft('k', storage);
    expect(storage.items.size).toBe(0);
  });
});

describe('cleaning up drafts', () => {
  it('purges expired drafts of anyone and keeps other keys', () => {
    const storage = memoryStorage();
    saveDraft(draftKey(identity), draft(), storage);
    saveDraft(draftKey({ ...identity, subject: 'x' }), draft({ savedAt: NOW - DRAFT_MAX_AGE_MS - 5 }), storage);
    storage.setItem('encuestas:borrador:junk', 'not json');
    storage.setItem('other-app', 'keep');
    expect(purgeStaleDrafts(storage, NOW)).toBe(2);
    expect([...storage.items.keys()].sort()).toEqual([draftKey(identity), 'other-app'].sort());
  });

  it('keeps a draft through the last day of its application, Mexico City time, and drops it at midnight there', () => {
    const storage = memoryStorage();
    const key = draftKey(identity);
    saveDraft(key, draft(), storage);
    const lastMinute = Date.UTC(2026, 4, 11, 5, 59); // 2026-05-10 23:59 in Mexico City
    const midnight = Date.UTC(2026, 4, 11, 6, 0); // 2026-05-11 00:00 in Mexico City
    expect(loadDraft(key, questionnaire, storage, lastMinute)).not.toBeNull();
    expect(hasDraft(key, storage, lastMinute)).toBe(true);
    expect(loadDraft(key, questionnaire, storage, midnight)).toBeNull();
    expect(hasDraft(key, storage, midnight)).toBe(false);
    expect(purgeStaleDrafts(storage, lastMinute)).toBe(0);
    expect(purgeStaleDrafts(storage, midnight)).toBe(1);
    expect(storage.items.size).toBe(0);
  });

  it('purges drafts of anyone whose application has closed', () => {
    const storage = memoryStorage();
    const someoneElse = draftKey({ ...identity, respondent: { type: 'teacher', id: 9 } });
    saveDraft(draftKey(identity), draft(), storage);
    saveDraft(someoneElse, draft({ closesOn: '2026-05-01' }), storage);
    expect(purgeStaleDrafts(storage, NOW)).toBe(1);
    expect([...storage.items.keys()]).toEqual([draftKey(identity)]);
  });

  it('at logout clears every draft of who leaves and the stale drafts of others, keeping others’ live drafts', () => {
    const storage = memoryStorage();
    const other = (id: number) => draftKey({ ...identity, respondent: { type: 'student', id } });
    saveDraft(draftKey(identity), draft(), storage);
    saveDraft(draftKey({ ...identity, subject: '13' }), draft({ closesOn: '2026-06-30' }), storage);
    saveDraft(other(70), draft(), storage);
    saveDraft(other(71), draft({ closesOn: '2026-05-09' }), storage);
    storage.setItem('other-app', 'keep');
    clearDraftsAtLogout({ type: 'student', id: 7 }, storage, NOW);
    expect([...storage.items.keys()].sort()).toEqual([other(70), 'other-app'].sort());
  });

  it('at logout without a known respondent still purges stale drafts', () => {
    const storage = memoryStorage();
    saveDraft(draftKey(identity), draft({ closesOn: '2026-05-09' }), storage);
    clearDraftsAtLogout(null, storage, NOW);
    expect(storage.items.size).toBe(0);
  });
});

describe('newIdempotencyKey', () => {
  it('is a fresh UUID each time', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });
});
