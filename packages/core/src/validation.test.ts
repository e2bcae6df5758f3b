import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-locale';
import { idParamSchema, optionalIdSchema } from './api/common';
import { createActiveSchema } from './api/actives';
import { listSuggestionsQuerySchema, updateSuggestionSchema } from './api/suggestions';
import { submitResponseSchema } from './api/surveys';
import { createUserSchema, listUsersQuerySchema, setUserAccessSchema } from './api/users';
import { buildAnswersSchema, tooManyAnswersMessage } from './survey-engine/answers';
import { suggestionFormSchema } from './survey-kinds/buzon/form';
import { NEW_INTAKE_QUESTIONNAIRE } from './survey-kinds/alumnos-nuevo-ingreso/questionnaire';
import { hasUnsafeCharacters, idFromTextSchema, idSchema, MAX_ID, textSchema, unsafeTextMessage } from './validation';

describe('ids', () => {
  it.each([
    [1, true],
    [MAX_ID, true],
    [MAX_ID + 1, false],
    [2 ** 53 - 1, false],
    [0, false],
    [-1, false],
    [1.5, false],
    [Number.NaN, false],
    [Infinity, false],
    ['1', false],
  ])('a body id %j is accepted: %s', (value, ok) => {
    expect(idSchema().safeParse(value).success).toBe(ok);
  });

  it.each([
    ['1', 1],
    ['2147483647', MAX_ID],
    ['2147483648', null],
    ['9007199254740993', null],
    ['-5', null],
    ['0', null],
    ['', null],
    ['abc', null],
    ['1.5', null],
    ['\u0000', null],
  ])('a path or query id %j reads as %j', (value, expected) => {
    const result = idFromTextSchema().safeParse(value);
    expect(result.success ? result.data : null).toBe(expected);
  });

  it.each([
    ['path id', idParamSchema, { id: '2147483648' }],
    ['query id', z.object({ campusId: optionalIdSchema }), { campusId: '2147483648' }],
    ['active campus', createActiveSchema, { campusId: MAX_ID + 1, periodoId: 1, startDate: '2026-01-01', endDate: '2026-01-02', cicles: [1] }],
    ['active cycles', createActiveSchema, { campusId: 1, periodoId: 1, startDate: '2026-01-01', endDate: '2026-01-02', cicles: [MAX_ID + 1] }],
    ['submission activeId', submitResponseSchema, { activeId: MAX_ID + 1, cicleId: 1, idempotencyKey: 'k'.repeat(8), answers: {} }],
    ['submission cicleId', submitResponseSchema, { activeId: 1, cicleId: MAX_ID + 1, idempotencyKey: 'k'.repeat(8), answers: {} }],
    ['access campusIds', setUserAccessSchema, { permissions: [], groups: [], campusIds: [MAX_ID + 1], cicleIds: [] }],
    ['suggestion category', updateSuggestionSchema, { commentCategoryId: MAX_ID + 1 }],
    ['suggestion form category', suggestionFormSchema, { comment: 'x', commentCategoryId: 1, suggestionCategoryId: MAX_ID + 1, contact: { checked: false }, legaChecked: true }],
  ])('the %s refuses an id above int4', (_name, schema, input) => {
    expect((schema as z.ZodType).safeParse(input).success).toBe(false);
  });
});

describe('text', () => {
  it.each([
    ['plain', false],
    ['ñandú 😀', false],
    ['a\u0000b', true],
    ['\uD800', true],
    ['a\uDC00', true],
    ['\uDBFF\uDFFF', false],
    ['\uDC00\uD800', true],
  ])('%j has unsafe characters: %s', (value, unsafe) => {
    expect(hasUnsafeCharacters(value)).toBe(unsafe);
  });

  it('names the field in its Spanish message', () => {
    const result = z.object({ search: textSchema().trim() }).safeParse({ search: 'a\u0000' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([unsafeTextMessage(['search'])]);
    expect(unsafeTextMessage(['search'])).toContain('«search»');
  });

  const nul = 'a\u0000b';
  const lone = 'a\uD800b';
  it.each([
    ['user search', listUsersQuerySchema, { search: nul }, 'search'],
    ['suggestion filter', listSuggestionsQuerySchema, { filter: lone }, 'filter'],
    ['user name', createUserSchema, { name: nul, email: 'a@b.mx', password: 'Clave12345', password_confirmation: 'Clave12345' }, 'name'],
    ['submission key', submitResponseSchema, { activeId: 1, cicleId: 1, idempotencyKey: `${lone}xxxxxxxx`, answers: {} }, 'idempotencyKey'],
    ['suggestion comment', suggestionFormSchema, { comment: nul, commentCategoryId: 1, suggestionCategoryId: 1, contact: { checked: false }, legaChecked: true }, 'comment'],
  ])('the %s refuses NUL and lone surrogates with the field named', (_name, schema, input, field) => {
    const result = (schema as z.ZodType).safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path.join('.') === field)?.message).toBe(unsafeTextMessage([field]));
  });

  it('refuses a free-text survey answer with NUL', () => {
    const textItem = NEW_INTAKE_QUESTIONNAIRE.sections.flatMap((s) => s.items).find((i) => i.type === 'text' && i.id === 'comments')!; // always asked (the school's name is asked only after 'Otro')
    const result = buildAnswersSchema(NEW_INTAKE_QUESTIONNAIRE).safeParse({ [textItem.id]: nul });
    expect(result.error?.issues.some((i) => i.message === unsafeTextMessage([textItem.id]))).toBe(true);
  });
});

describe('answer sets', () => {
  it('refuses more keys than the questionnaire has items with one issue, before looking at each key', () => {
    const flood = Object.fromEntries(Array.from({ length: 45_000 }, (_, i) => [`x${i}`, 'a']));
    const result = buildAnswersSchema(NEW_INTAKE_QUESTIONNAIRE).safeParse(flood);
    const items = NEW_INTAKE_QUESTIONNAIRE.sections.flatMap((s) => s.items).length;
    expect(result.error?.issues.map((i) => i.message)).toEqual([tooManyAnswersMessage(items)]);
  });
});
