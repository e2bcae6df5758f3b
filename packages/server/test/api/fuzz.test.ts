/**
 * Generated hostile input over every operation of the OpenAPI description:
 * path parameters, query strings and JSON bodies shaped by each schema with
 * hostile leaves (int4 overflows, NUL, lone surrogates, long strings, bad
 * percent-encoding, wrong types, extra keys), sent with the demo
 * administrator's token, a respondent's, or none. No answer may be a 5xx,
 * and every 4xx must be the project's `{ error: { code, message } }` in
 * Spanish. The seed is printed on failure: FUZZ_SEED=<seed> replays a run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_KIND_DEFINITIONS } from '@encuestas/core/survey-kinds/registry';
import { allItems } from '@encuestas/core/survey-engine/answers';
import { DEMO_ADMIN, DEMO_STAFF_PC_ID, DEMO_STUDENT_PC_ID, DEMO_TEACHER_PC_ID } from '../../src/db/seed/demo';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName, usingPostgres } from '../helpers/database';
import { looksSpanish } from '../helpers/api-errors';
import { respondentToken } from '../helpers/respondents';
import { HEAVY_TIMEOUT_MS } from '../helpers/timeouts';

/**
 * Requests per operation: each run draws a new seed, so the runs add up. The
 * default keeps `npm test` within its time on 2 cores: PGlite answers a
 * request 3 times slower than PostgreSQL and runs the same handlers, so
 * `npm test` sends most of its requests to PostgreSQL (50 an operation,
 * about 7,000) and a sample to PGlite (15), for what only the embedded
 * database does (its errors, its limits); FUZZ_REQUESTS_PER_OPERATION=180
 * sends the 20,000+ of a full round.
 */
const REQUESTS_PER_OPERATION = Number(process.env.FUZZ_REQUESTS_PER_OPERATION ?? (usingPostgres ? 50 : 15));
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  maxItems?: number;
}
interface Operation {
  method: string;
  path: string;
  parameters: { in: 'path' | 'query'; name: string; schema: JsonSchema }[];
  body?: JsonSchema;
}
interface HostileRequest {
  method: string;
  url: string;
  token: 'admin' | 'respondent' | 'none';
  respondent: number;
  contentType?: string;
  payload?: string;
}

const MAX_INT4 = 2_147_483_647;
const hostileIntegers = [0, -1, 1, 2, 3, 5, 10, MAX_INT4, MAX_INT4 + 1, -MAX_INT4 - 2, 2 ** 53 - 1, 2 ** 53 + 2, 1e308, 1.5, -0.5];
const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDFFF',
  '😀ñ',
  'x'.repeat(300),
  'y'.repeat(6000),
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '2147483648',
  '-1',
  'true',
  'null',
  '2026-02-30',
  '9999-12-31',
  '2026-01-01',
  'admin@encuestas.mx',
  '100000001',
];
const hostileKeys = ['__proto__', 'constructor', 'prototype', 'a\u0000b', '\uD800', 'x'.repeat(200), 'extra', 'id', 'toString'];

/** Answer-set keys worth trying: every item id of every questionnaire, so validation goes deep. */
const itemIds = [...new Set(Object.values(SURVEY_KIND_DEFINITIONS).flatMap((d) => d.questionnaires.flatMap((q) => allItems(q).map((i) => i.id))))];

const anyHostileString = fc.oneof(fc.constantFrom(...hostileStrings), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 20 }));
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...hostileIntegers),
  anyHostileString,
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Values shaped like the schema most of the time, with hostile leaves and now and then the wrong type. */
function valueFor(schema: JsonSchema | boolean | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || schema === true || depth > 4) return wrongType;
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((o) => valueFor(o, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const shaped = ((): fc.Arbitrary<unknown> => {
    if (schema.enum?.length) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: anyHostileString });
    switch (type) {
      case 'integer':
      case 'number':
        return fc.oneof(fc.constantFrom(...hostileIntegers), fc.integer({ min: 1, max: 12 }), fc.double());
      case 'string':
        return anyHostileString;
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.oneof(
          { weight: 4, arbitrary: fc.array(valueFor(schema.items, depth + 1), { maxLength: 6 }) },
          { weight: 1, arbitrary: fc.array(valueFor(schema.items, depth + 1), { minLength: (schema.maxItems ?? 100) + 1, maxLength: (schema.maxItems ?? 100) + 5 }) },
        );
      case 'object':
        return objectFor(schema, depth);
      default:
        return wrongType;
    }
  })();
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: wrongType });
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const known = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, valueFor(s, depth + 1)])),
    { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
  );
  // A free-form map (the answers of a survey): real item ids and hostile keys.
  const extraKeys = schema.additionalProperties ? fc.oneof(fc.constantFrom(...itemIds), fc.constantFrom(...hostileKeys)) : fc.constantFrom(...hostileKeys);
  const extras = fc.dictionary(extraKeys, valueFor(typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined, depth + 1), {
    maxKeys: schema.additionalProperties ? 30 : 3,
  });
  return fc.tuple(known, extras, fc.nat(9)).map(([k, e, roll]) => (roll < 7 ? { ...k, ...e } : roll < 9 ? k : { ...e, ...k }));
}

/** encodeURIComponent, except that a lone surrogate goes out as its WTF-8 bytes (as a hostile client would send it). */
function encodeHostile(value: string): string {
  return value.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g, (char) => {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      const hex = (byte: number) => `%${byte.toString(16).toUpperCase()}`;
      return `${hex(0xed)}${hex(0xa0 | ((unit >> 6) & 0x1f))}${hex(0x80 | (unit & 0x3f))}`;
    }
    return encodeURIComponent(char);
  });
}

const asText = (value: unknown) => encodeHostile(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** A path parameter, already as it appears in the URL (some deliberately badly encoded). */
function pathValue(schema: JsonSchema): fc.Arbitrary<string> {
  const raw = ['%', '%zz', '%E0%A4%A', '%ED%A0%80', '%00', '%C0%AF', 'x'.repeat(150), '1'.repeat(101)];
  return fc.oneof(
    { weight: 4, arbitrary: valueFor(schema).map(asText) },
    { weight: 2, arbitrary: fc.constantFrom(...hostileIntegers.map(String), '99999999999999999999', '1e3', '0x10', 'abc') },
    { weight: 1, arbitrary: fc.constantFrom(...raw) },
  );
}

function queryValue(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: valueFor(schema).map(asText) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%00', '%ED%A0%80', '2147483648', '-1', 'x'.repeat(500)) },
  );
}

const RESPONDENT_ROUTES = /^\/respondents\/(availability|responses|me|logout|teachers|nom035)|^\/suggestions\/avalible$|^POST \/suggestions$/;

function requestFor(op: Operation): fc.Arbitrary<HostileRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const respondentRoute = RESPONDENT_ROUTES.test(op.path) || RESPONDENT_ROUTES.test(`${op.method} ${op.path}`);
  const body = op.body
    ? fc.oneof(
        { weight: 12, arbitrary: valueFor(op.body).map((v) => ({ contentType: 'application/json', payload: JSON.stringify(v) ?? 'null' })) },
        { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', 'nul', '[1,2', '"\\ud800"', '{"__proto__":{"x":1}}').map((payload) => ({ contentType: 'application/json', payload })) },
        { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16').map((contentType) => ({ contentType, payload: '{}' })) },
      )
    : fc.oneof({ weight: 8, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', payload: '{' }) });
  return fc
    .record({
      path: fc.tuple(...pathParams.map((p) => pathValue(p.schema))),
      query: fc.tuple(...queryParams.map((p) => fc.option(queryValue(p.schema), { nil: undefined }))),
      body,
      token: respondentRoute
        ? fc.constantFrom('respondent', 'respondent', 'respondent', 'respondent', 'admin', 'none')
        : fc.constantFrom('admin', 'admin', 'admin', 'admin', 'respondent', 'none'),
      respondent: fc.nat(2),
    })
    .map(({ path, query, body, token, respondent }) => {
      let i = 0;
      const url = `${API}${op.path.replace(/\{[^}]+\}/g, () => path[i++] ?? '')}`;
      const search = queryParams.flatMap((p, j) => (query[j] === undefined ? [] : [`${p.name}=${query[j]}`])).join('&');
      return { method: op.method, url: search ? `${url}?${search}` : url, token: token as HostileRequest['token'], respondent, ...body };
    });
}

let t: TestApp;
let adminToken: string;
let adminId: number;
const respondentTokens: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  adminToken = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  adminId = (await t.request({ method: 'GET', url: `${API}/admin/me`, token: adminToken })).json<{ user: { id: number } }>().user.id;
  for (const pcId of [DEMO_STUDENT_PC_ID, DEMO_TEACHER_PC_ID, DEMO_STAFF_PC_ID]) respondentTokens.push(await respondentToken(t, pcId));
});
afterAll(async () => {
  await t?.close();
});

/** Operations that end or weaken the sessions the run relies on: sent last. */
const SESSION_ENDING = /^(POST \/admin\/logout|POST \/respondents\/logout|PUT \/admin\/password)$/;

describe(`generated hostile input over every OpenAPI operation (${driverName})`, () => {
  it(
    'answers every generated hostile request without a 5xx, every rejection in the Spanish error shape',
    async () => {
      const doc = (await t.request({ method: 'GET', url: `${API}/docs/json` })).json<{
        paths: Record<string, Record<string, { parameters?: Operation['parameters']; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
      }>();
      const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({
          method: method.toUpperCase(),
          path: path.startsWith(API) ? path.slice(API.length) : path,
          parameters: op.parameters ?? [],
          body: op.requestBody?.content['application/json']?.schema,
        })),
      );
      expect(operations.length).toBeGreaterThan(50);
      const ordered = [...operations.filter((op) => !SESSION_ENDING.test(`${op.method} ${op.path}`)), ...operations.filter((op) => SESSION_ENDING.test(`${op.method} ${op.path}`))];

      const failures: string[] = [];
      let sent = 0;
      for (const [index, op] of ordered.entries()) {
        const requests = fc.sample(requestFor(op), { seed: SEED + index, numRuns: REQUESTS_PER_OPERATION });
        for (const request of requests) {
          // The administrator must not lock itself out mid-run: its own account is never the target.
          const url = /^\/users\/\{id\}/.test(op.path) ? request.url.replace(`${API}/users/${adminId}`, `${API}/users/${adminId + 1}`) : request.url;
          const token = request.token === 'admin' ? adminToken : request.token === 'respondent' ? respondentTokens[request.respondent] : undefined;
          const response = await t.request({
            method: request.method as 'GET',
            url,
            token,
            headers: request.contentType ? { 'content-type': request.contentType } : {},
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          sent++;
          const where = `${request.method} ${url} [${request.token}] ${request.payload?.slice(0, 300) ?? ''} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          if (response.statusCode >= 500) {
            failures.push(where);
            continue;
          }
          if (response.statusCode >= 400) {
            const body = (() => {
              try {
                return response.json<{ error?: { code?: unknown; message?: unknown } }>();
              } catch {
                return undefined;
              }
            })();
            const { code, message } = body?.error ?? {};
            if (typeof code !== 'string' || typeof message !== 'string' || !looksSpanish(message)) failures.push(`shape: ${where}`);
          }
        }
      }
      const serverErrors = failures.filter((f) => !f.startsWith('shape: ')).length;
      console.info(
        `fuzz (${driverName}): ${sent} requests over ${operations.length} operations, seed ${SEED}: ` +
          `${serverErrors} answered 5xx, ${failures.length - serverErrors} rejections outside the error shape`,
      );
      expect(sent).toBe(operations.length * REQUESTS_PER_OPERATION);
      expect(failures, `FUZZ_SEED=${SEED} reproduces this run; first failures:\n${failures.slice(0, 20).join('\n')}`).toEqual([]);
    },
    HEAVY_TIMEOUT_MS,
  );
});
