/**
 * The OpenAPI description is the whole contract (issue 19): every route of the back office's half of the API
 * (sign-in, campuses, periods, survey types, applications, users and groups, institution, audit log, directory,
 * catalogues, health) describes its success answers by status and the API's one error shape for 4xx and 5xx, so a
 * client reads from /api/docs what it can receive, not only what it sends. The other half (reports, files,
 * missing lists, NOM-035, suggestions, surveys, respondents) is checked the same way in a file of its own
 * (openapi-<half>.test.ts): its own OPERATIONS and TAGS, the same checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { startIdentityProvider, type TestIdentityProvider } from '../helpers/identity-provider';

/** Every operation of the back office's features with the statuses it describes besides 4XX and 5XX; 204 and 302 carry no body. */
const OPERATIONS: Record<string, string[]> = {
  'GET /health': ['200', '503'],
  'GET /health/live': ['200'],
  'GET /health/ready': ['200', '503'],
  'POST /admin/login': ['200'],
  'POST /admin/logout': ['200'],
  'GET /admin/me': ['200'],
  'POST /admin/send-reset-email': ['200'],
  'POST /admin/reset-forgot-password': ['200'],
  'PUT /admin/password': ['200'],
  'GET /auth/institution/start': ['302'],
  'GET /auth/institution/callback': ['302'],
  'GET /campus': ['200'],
  'POST /campus': ['201'],
  'GET /campus/permissions': ['200'],
  'GET /campus/{id}': ['200'],
  'PUT /campus/{id}': ['200'],
  'PUT /campus/{id}/avalible': ['200'],
  'GET /campus/{id}/ciclos': ['200'],
  'PUT /campus/{id}/ciclos': ['200'],
  'GET /institution': ['200'],
  'PUT /institution': ['200'],
  'GET /periodos': ['200'],
  'POST /periodos': ['201'],
  'GET /periodos/{id}': ['200'],
  'GET /ciclos': ['200'],
  'GET /ciclos/permissions': ['200'],
  'GET /ciclo/{id}': ['200'],
  'GET /active/cicles': ['200'],
  'GET /actives': ['200'],
  'POST /actives': ['201'],
  'GET /active/{id}': ['200'],
  'POST /actives/batch': ['201'],
  'POST /actives/copy-previous': ['200', '201'],
  'PUT /actives/{id}': ['200'],
  'GET /users': ['200'],
  'POST /users': ['201'],
  'GET /users/permissions/{id}': ['200'],
  'GET /users/plan-options': ['200'],
  'GET /users/{id}': ['200'],
  'PUT /users/{id}': ['200'],
  'PUT /users/{id}/avalible': ['200'],
  'PUT /users/{id}/access': ['200'],
  'GET /permissions': ['200'],
  'GET /permissions-groups': ['200'],
  'POST /permissions-groups': ['201'],
  'PUT /permissions-groups/{id}': ['200'],
  'DELETE /permissions-groups/{id}': ['204'],
  'GET /catalogs': ['200'],
  'POST /directory/import/{entity}': ['200', '422'],
  'GET /directory/import/progress/{progressId}': ['200'],
  'GET /audit-log': ['200'],
  'GET /audit-log/actions': ['200'],
  'GET /audit-log/actors': ['200'],
  'GET /comment-alerts': ['200'],
  'PUT /comment-alerts/{activeId}/{key}': ['200'],
};
/** The OpenAPI tags of those features: an operation added under one of them must be listed above. */
const TAGS = new Set(['health', 'auth', 'campus', 'institution', 'periodos', 'ciclos', 'actives', 'users', 'catalogs', 'directory', 'audit', 'comment-alerts']);
const NO_BODY = new Set(['204', '302']);

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
}
interface OperationDoc {
  tags?: string[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema: JsonSchema }> }>;
}

const PUBLIC_URL = 'http://127.0.0.1:8080';
let idp: TestIdentityProvider;
let t: TestApp;
let operations: Map<string, OperationDoc>;

beforeAll(async () => {
  // With a provider configured, so the institution sign-in's routes are there too.
  idp = await startIdentityProvider(`${PUBLIC_URL}${API}/auth/institution/callback`);
  t = await createTestApp({ env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, PUBLIC_URL } });
  const doc = (await t.request({ method: 'GET', url: `${API}/docs/json` })).json<{ paths: Record<string, Record<string, OperationDoc>> }>();
  operations = new Map(
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => [`${method.toUpperCase()} ${path.slice(API.length)}`, op] as const),
    ),
  );
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** The schema of the API's one error shape: `{ error: { code, message, fields? } }`. */
function isErrorShape(schema: JsonSchema | undefined): boolean {
  const error = schema?.properties?.error;
  return (
    schema?.required?.includes('error') === true &&
    error?.required?.includes('code') === true &&
    error.required.includes('message') &&
    error.properties?.code?.enum?.includes('INTERNAL') === true &&
    error.properties.fields !== undefined
  );
}

describe(`the back office's answers in the OpenAPI description (${driverName})`, () => {
  it('lists every operation of the back office, and none under its tags that is not listed here', () => {
    const missing = Object.keys(OPERATIONS).filter((name) => !operations.has(name));
    const unlisted = [...operations].filter(([name, op]) => op.tags?.some((tag) => TAGS.has(tag)) && !(name in OPERATIONS)).map(([name]) => name);
    expect({ missing, unlisted }).toEqual({ missing: [], unlisted: [] });
  });

  it('describes each operation’s success answers by status and the error shape for every 4xx and 5xx', () => {
    const gaps: string[] = [];
    for (const [name, statuses] of Object.entries(OPERATIONS)) {
      const responses = operations.get(name)?.responses ?? {};
      const documented = Object.keys(responses).filter((status) => status !== '4XX' && status !== '5XX');
      if (documented.sort().join() !== [...statuses].sort().join()) gaps.push(`${name}: statuses ${documented.join(', ') || 'none'}`);
      for (const status of statuses) {
        const answer = responses[status];
        const schema = answer?.content?.['application/json']?.schema;
        if (NO_BODY.has(status) ? answer === undefined || answer.content !== undefined : schema?.type !== 'object' || !schema.properties)
          gaps.push(`${name}: ${status} answer not described`);
        if (status === '503' || status === '422') {
          if (!isErrorShape(schema)) gaps.push(`${name}: ${status} without the error shape`);
        }
      }
      for (const range of ['4XX', '5XX']) {
        if (!isErrorShape(responses[range]?.content?.['application/json']?.schema)) gaps.push(`${name}: ${range} without the error shape`);
      }
    }
    expect(gaps).toEqual([]);
  });

  it('answers a failure in the shape it describes (the tests’ apps check every answer against its route’s schema)', async () => {
    const token = await signedInAdmin(t, { email: 'contrato@encuestas.mx', password: 'Contrato-de-prueba-1', permissionNames: [], campusIds: [], cycleIds: [] });
    const response = await t.request({ method: 'GET', url: `${API}/periodos/999999`, token });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No se encontró el periodo.' } });
  });
});
