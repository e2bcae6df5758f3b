import { describe, expect, it } from 'vitest';
import {
  buildAnswersSchema,
  checkAnswers,
  INVALID_OPTION_MESSAGE,
  NOT_APPLICABLE_MESSAGE,
  pruneHiddenAnswers,
  REQUIRED_ANSWER_MESSAGE,
  sectionErrors,
  UNKNOWN_ITEM_MESSAGE,
  visibleItems,
} from './answers';
import type { Answers, Questionnaire } from './types';

const questionnaire: Questionnaire = {
  id: 'test',
  version: 1,
  title: 'Prueba',
  instructions: [],
  sections: [
    {
      id: 's1',
      title: 'Servicios',
      items: [
        { id: 'library', type: 'rating', text: 'Biblioteca' },
        { id: 'usesLab', type: 'yesNo', text: '¿Usas laboratorios?' },
        { id: 'lab', type: 'rating', text: 'Laboratorios', gate: { anyOf: [{ item: 'usesLab', in: ['yes'] }] }, allowNa: false },
        {
          id: 'channel',
          type: 'single',
          text: 'Medio',
          options: [
            { value: 'web', label: 'Página web' },
            { value: 'other', label: 'Otro' },
          ],
        },
        { id: 'channelOther', type: 'text', maxLength: 100, text: '¿Cuál?', gate: { anyOf: [{ item: 'channel', in: ['other'] }] } },
        { id: 'comment', type: 'text', maxLength: 1000, text: 'Comentarios', required: false },
      ],
    },
    {
      id: 's2',
      title: 'Trabajo',
      gate: { anyOf: [{ item: 'usesLab', in: ['yes'] }] },
      items: [
        { id: 'hours', type: 'number', text: 'Horas', min: 0, max: 60, integer: true },
        { id: 'stress', type: 'frequency', text: 'Estrés' },
        { id: 'state', type: 'single', text: 'Estado', catalog: 'states' },
        { id: 'municipio', type: 'single', text: 'Municipio', catalog: 'municipios', catalogParentItem: 'state' },
        { id: 'activities', type: 'multiple', text: 'Actividades', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }], maxSelected: 1 },
      ],
    },
  ],
};

const catalogs = {
  states: [{ value: '21', label: 'Puebla' }, { value: '20', label: 'Oaxaca' }],
  municipios: [
    { value: '21114', label: 'Puebla', parent: '21' },
    { value: '20067', label: 'Oaxaca de Juárez', parent: '20' },
  ],
};

const schema = buildAnswersSchema(questionnaire, catalogs);

const isAnswerValue = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));

/**
 * The server schema's messages by item. Every well-shaped answer set (what
 * the web can build) is also checked with the web's zod-free checkAnswers,
 * which must give the same verdict, messages and cleaned answers.
 */
function errors(answers: Record<string, unknown>): Record<string, string[]> {
  const result = schema.safeParse(answers);
  if (Object.values(answers).every(isAnswerValue)) {
    const web = checkAnswers(questionnaire, answers as Answers, catalogs);
    expect(web.success).toBe(result.success);
    if (web.success && result.success) expect(web.data).toEqual(result.data);
    if (!web.success && !result.success) {
      expect(web.issues).toEqual(result.error.issues.map(({ path, message }) => ({ path: path.map(String), message })));
    }
  }
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[String(issue.path[0])] ??= []).push(issue.message);
  return out;
}

const minimal = { library: 'buena', usesLab: 'no', channel: 'web' };
const full = {
  library: 'excelente',
  usesLab: 'yes',
  lab: 'regular',
  channel: 'other',
  channelOther: 'Radio',
  hours: 10,
  stress: 'sometimes',
  state: '21',
  municipio: '21114',
  activities: ['a'],
};

describe('answer sets', () => {
  it('accepts the minimal answers when the gates are closed', () => {
    expect(errors(minimal)).toEqual({});
  });

  it('accepts every item answered when the gates are open', () => {
    expect(errors(full)).toEqual({});
  });

  it('asks the gated items once their gate opens', () => {
    expect(visibleItems(questionnaire, minimal).map((i) => i.id)).toEqual(['library', 'usesLab', 'channel', 'comment']);
    expect(errors({ ...minimal, usesLab: 'yes' })).toEqual({
      lab: [REQUIRED_ANSWER_MESSAGE],
      hours: [REQUIRED_ANSWER_MESSAGE],
      stress: [REQUIRED_ANSWER_MESSAGE],
      state: [REQUIRED_ANSWER_MESSAGE],
      municipio: [REQUIRED_ANSWER_MESSAGE],
      activities: [REQUIRED_ANSWER_MESSAGE],
    });
  });

  it('rejects answers to items the gates hide, and unknown items', () => {
    expect(errors({ ...minimal, lab: 'buena', hacked: 'x' })).toEqual({
      lab: [NOT_APPLICABLE_MESSAGE],
      hacked: [UNKNOWN_ITEM_MESSAGE],
    });
  });

  it.each([
    ['library', 'fantastica', INVALID_OPTION_MESSAGE],
    ['lab', 'na', INVALID_OPTION_MESSAGE],
    ['stress', 'Siempre', INVALID_OPTION_MESSAGE],
    ['hours', 10.5, 'La respuesta debe ser un número entero'],
    ['hours', 61, 'El valor máximo es 60'],
    ['municipio', '20067', INVALID_OPTION_MESSAGE],
    ['activities', ['a', 'b'], 'El máximo de opciones es 1'],
    ['channelOther', 'x'.repeat(101), 'Máximo 100 caracteres'],
  ])('rejects %s = %j with %j', (item, value, message) => {
    expect(errors({ ...full, [item]: value })).toEqual({ [item]: [message] });
  });

  it('trims text and drops blank optional answers', () => {
    const parsed = schema.parse({ ...minimal, comment: '   ' });
    expect(parsed).toEqual(minimal);
    expect(schema.parse({ ...minimal, comment: '  Bien  ' }).comment).toBe('Bien');
  });

  it('prunes answers that a later change of a gate hides', () => {
    expect(pruneHiddenAnswers(questionnaire, { ...full, usesLab: 'no', channel: 'web' })).toEqual({
      library: 'excelente',
      usesLab: 'no',
      channel: 'web',
    });
  });

  it('reports the errors of one step only', () => {
    const [first, second] = questionnaire.sections;
    expect(sectionErrors(questionnaire, first!, { usesLab: 'yes' }, catalogs)).toEqual({
      library: [REQUIRED_ANSWER_MESSAGE],
      lab: [REQUIRED_ANSWER_MESSAGE],
      channel: [REQUIRED_ANSWER_MESSAGE],
    });
    expect(Object.keys(sectionErrors(questionnaire, second!, { usesLab: 'yes' }, catalogs))).toHaveLength(5);
  });
});

describe('chained gates', () => {
  const chained: Questionnaire = {
    id: 'chain',
    version: 1,
    title: 'Cadena',
    instructions: [],
    sections: [
      {
        id: 'only',
        title: 'Única',
        items: [
          { id: 'a', type: 'yesNo', text: 'A' },
          { id: 'b', type: 'yesNo', text: 'B', gate: { anyOf: [{ item: 'a', in: ['yes'] }] } },
          { id: 'c', type: 'yesNo', text: 'C', gate: { anyOf: [{ item: 'b', in: ['yes'] }] } },
        ],
      },
    ],
  };

  it('a hidden answer never opens a later gate, in one pass', () => {
    const answers = { a: 'no', b: 'yes', c: 'yes' };
    expect(visibleItems(chained, answers).map((i) => i.id)).toEqual(['a']);
    expect(pruneHiddenAnswers(chained, answers)).toEqual({ a: 'no' });
  });
});

describe('an «Otro» option', () => {
  const withOther: Questionnaire = {
    id: 'other',
    version: 1,
    title: 'Otro',
    instructions: [],
    sections: [
      {
        id: 'only',
        title: 'Única',
        items: [
          { id: 'mode', type: 'single', text: 'Medio', catalog: 'modes', otherOption: { value: 'otro', label: 'Otro' } },
          { id: 'modeOther', type: 'text', maxLength: 255, text: '¿Cuál?', gate: { anyOf: [{ item: 'mode', in: ['otro'] }] } },
        ],
      },
    ],
  };
  const check = buildAnswersSchema(withOther, { modes: [{ value: '1', label: 'Camión' }] });

  it('is accepted besides the catalogue’s entries, and opens its text', () => {
    expect(check.safeParse({ mode: '1' }).success).toBe(true);
    expect(check.safeParse({ mode: 'otro', modeOther: 'Tren' }).success).toBe(true);
    expect(check.safeParse({ mode: 'otro' }).success).toBe(false);
    expect(check.safeParse({ mode: 'otra cosa' }).success).toBe(false);
  });
});

describe('checkAnswers (the web, without zod) against the server schema', () => {
  it.each<[string, Record<string, unknown>]>([
    ['NUL in a text answer', { ...minimal, comment: 'hola\u0000' }],
    ['a lone surrogate', { ...minimal, comment: '\uD800' }],
    ['blank answers dropped', { ...minimal, comment: '   ' }],
    ['an unknown item', { ...minimal, hacker: 'x' }],
    ['more answers than items', Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'x']))],
    ['an empty set', {}],
  ])('gives the same verdict and messages: %s', (_name, answers) => {
    errors(answers);
  });
});
