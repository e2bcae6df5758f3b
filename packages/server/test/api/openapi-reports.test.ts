/**
 * The OpenAPI description (GET /api/docs/json) is the whole contract of the
 * respondent and report routes: each declares its success answer (a JSON
 * schema, or a file's content types with its Content-Disposition) and the
 * error shape of its 4xx and 5xx, so a client reads what it can receive, not
 * only what it sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../helpers/app';

interface MediaType {
  schema?: Record<string, unknown>;
}
interface Answer {
  description?: string;
  headers?: Record<string, { schema?: Record<string, unknown> }>;
  content?: Record<string, MediaType>;
}
interface Operation {
  tags?: string[];
  responses?: Record<string, Answer>;
}
type Paths = Record<string, Record<string, Operation>>;

/** The features this description covers (their routes' tags). */
const TAGS = ['reports', 'missing', 'nom035', 'suggestions', 'surveys', 'respondents', 'comment-review', 'teacher-results', 'teacher-reflections'];

const JSON_ROUTES = [
  'get /reports/freshness',
  'get /reports/overview',
  'get /reports/summary',
  'get /dashboard',
  'get /reports/breakdown',
  'get /reports/breakdown/items',
  'get /reports/texts',
  'get /reports/teachers',
  'get /reports/teachers/{teacherId}',
  'get /reports/teachers/{teacherId}/comments',
  'get /reports/teacher-comments',
  'get /reports/nom035/applications',
  'get /reports/nom035/applications/{id}',
  'get /reports/suggestions',
  'get /reports/new-intake/institutes',
  'get /ciclo/{id}/missing/students',
  'get /ciclo/{id}/missing/academic',
  'get /ciclo/{id}/missing/students/reminders/recipients',
  'get /ciclo/{id}/missing/students/values',
  'get /ciclo/{id}/missing/academic/values',
  'get /ciclo/{id}/missing/academic/reminders/recipients',
  'post /ciclo/{id}/missing/students/reminders',
  'post /ciclo/{id}/missing/academic/reminders',
  'get /periodos/{id}/missing/students',
  'get /periodos/{id}/missing/academic',
  'get /periodos/{id}/missing/students/values',
  'get /periodos/{id}/missing/academic/values',
  'get /periodos/{id}/missing/students/reminders/recipients',
  'get /periodos/{id}/missing/academic/reminders/recipients',
  'post /periodos/{id}/missing/students/reminders',
  'post /periodos/{id}/missing/academic/reminders',
  'get /reminders/{id}',
  'get /nom035/referrals',
  'put /nom035/referrals/{id}',
  'get /nom035/campus/{campusId}/file',
  'put /nom035/campus/{campusId}/policy',
  'post /nom035/campus/{campusId}/notices',
  'put /nom035/campus/{campusId}/notices/{id}',
  'put /nom035/campus/{campusId}/applications/{activeId}/report',
  'post /nom035/campus/{campusId}/applications/{activeId}/actions',
  'put /nom035/campus/{campusId}/actions/{id}',
  'post /nom035/campus/{campusId}/actions/{id}/notes',
  'put /nom035/campus/{campusId}/applications/{activeId}/publication',
  'delete /nom035/campus/{campusId}/applications/{activeId}/publication',
  'get /nom035/next-evaluations',
  'get /respondents/nom035/results',
  'get /respondents/nom035/results/{activeId}',
  'get /comment-categories',
  'get /suggestion-categories',
  'get /suggestion-resolutions',
  'get /suggestions/avalible',
  'post /suggestions',
  'get /suggestions',
  'get /suggestions/{id}',
  'put /suggestions/{id}',
  'put /suggestions/{id}/close',
  'put /suggestions/{id}/contact',
  'get /campus/{id}/suggestion-box',
  'put /campus/{id}/suggestion-box',
  'get /respondents/availability',
  'get /respondents/availability/{list}',
  'post /respondents/responses',
  'post /respondents/code',
  'post /respondents/code/validate',
  'post /respondents/link/validate',
  'get /respondents/me',
  'post /respondents/logout',
  'get /comment-review',
  'get /comment-review/{activeId}',
  'put /comment-review/{activeId}/comments/{key}',
  'get /respondents/teachers/{teacherId}/classes',
  'get /respondents/teachers/{teacherId}/results',
  'get /respondents/teachers/{teacherId}/results/{activeId}',
  'get /respondents/teachers/{teacherId}/results/{activeId}/reflections',
  'put /respondents/teachers/{teacherId}/classes/{classId}/reflection',
];

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FILE_ROUTES: Record<string, string[]> = {
  'get /ciclo/{id}/pdf/students': ['application/pdf'],
  'get /reports/teachers/{teacherId}/pdf': ['application/pdf'],
  'get /respondents/teachers/{teacherId}/results/{activeId}/pdf': ['application/pdf'],
  'get /reports/nom035/applications/{id}/pdf': ['application/pdf'],
  'get /nom035/campus/{campusId}/file/pdf': ['application/pdf'],
  'get /nom035/campus/{campusId}/program/xlsx': [XLSX],
  'get /reports/export': [XLSX, 'text/csv'],
};

let t: TestApp;
let paths: Paths;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.request({ method: 'GET', url: `${API}/docs/json` });
  expect(response.statusCode).toBe(200);
  paths = response.json<{ paths: Paths }>().paths;
});

afterAll(async () => {
  await t?.close();
});

function operation(route: string): Operation {
  const [method, path] = route.split(' ') as [string, string];
  const found = paths[`${API}${path}`]?.[method];
  expect(found, `${route} is in the description`).toBeDefined();
  return found!;
}

function successes(op: Operation): [string, Answer][] {
  return Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
}

/** The error answer every route declares: `{ error: { code, message, fields? } }` as JSON. */
function expectErrorShapes(route: string, op: Operation) {
  for (const status of ['4XX', '5XX']) {
    const schema = op.responses?.[status]?.content?.['application/json']?.schema as
      | { properties?: { error?: { properties?: Record<string, { enum?: string[] }>; required?: string[] } } }
      | undefined;
    expect(schema?.properties?.error?.properties, `${route} declares its ${status} error shape`).toMatchObject({
      code: expect.objectContaining({ enum: expect.arrayContaining(['BAD_REQUEST', 'FORBIDDEN', 'NOT_FOUND', 'INTERNAL']) }),
      message: { type: 'string' },
    });
    expect(schema?.properties?.error?.required).toEqual(expect.arrayContaining(['code', 'message']));
  }
}

describe('the OpenAPI description of the respondent and report routes', () => {
  it.each(JSON_ROUTES)('%s declares its JSON answer and its errors', (route) => {
    const op = operation(route);
    const ok = successes(op);
    expect(ok.length, `${route} declares a 2xx answer`).toBeGreaterThan(0);
    for (const [status, answer] of ok) {
      if (status === '204') continue;
      const schema = answer.content?.['application/json']?.schema;
      expect(schema, `${route} ${status} has a JSON schema`).toBeDefined();
      // An object with its fields named, not an empty "anything".
      expect(schema).toMatchObject({ type: 'object', properties: expect.any(Object) });
    }
    expectErrorShapes(route, op);
  });

  it('names the fields of a report answer as the wire has them', () => {
    const answer = successes(operation('get /reports/overview'))[0]![1];
    const schema = answer.content!['application/json']!.schema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['scope', 'kind', 'minGroupSize', 'totals', 'daily', 'monthly', 'questionnaires', 'texts', 'trend', 'extraReports']),
    );
    expect(schema.required).toContain('totals');
  });

  it.each(Object.entries(FILE_ROUTES))('%s declares a file download with its content types and Content-Disposition', (route, types) => {
    const op = operation(route);
    const answer = op.responses?.['200'];
    expect(Object.keys(answer?.content ?? {}).sort()).toEqual([...types].sort());
    for (const type of types) expect(answer!.content![type]!.schema).toMatchObject({ type: 'string', format: 'binary' });
    expect(answer?.headers?.['content-disposition']?.schema).toMatchObject({ type: 'string' });
    expectErrorShapes(route, op);
  });

  it('leaves no route of these features without its answers described', () => {
    const listed = new Set([...JSON_ROUTES, ...Object.keys(FILE_ROUTES)]);
    const tagged = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.tags?.some((tag) => TAGS.includes(tag)))
        .map(([method]) => `${method} ${path.slice(API.length)}`),
    );
    expect(tagged.filter((route) => !listed.has(route))).toEqual([]);
    expect(tagged.length).toBe(listed.size);
  });
});
