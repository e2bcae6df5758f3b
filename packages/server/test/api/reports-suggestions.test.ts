/**
 * The suggestion box's counts: suggestions per Mexico City day and per month
 * and their total, at one campus or every campus the user holds, in a range
 * of days; behind 'Ver Buzón de Sugerencias' and the campus grants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_RANGE_MESSAGE } from '@encuestas/core/api/reports';
import type { SuggestionCounts } from '@encuestas/core/survey-kinds/buzon/report-contract';
import { mexicoCityDay } from '@encuestas/core/dates';
import { PERMISSIONS, type PermissionName } from '@encuestas/core/permissions';
import { campuses, commentCategories, suggestionCategories, suggestions, userCampusGrants } from '../../src/db/schema';
import { createSuggestion } from '../../src/features/suggestions/service';
import { createAdminUser } from '../../src/features/users/service';
import { CAMPUS_NOT_GRANTED } from '../../src/http/grants';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { looksSpanish } from '../helpers/api-errors';
import { driverName } from '../helpers/database';

const PASSWORD = 'Buzon-Prueba-2026!';
let t: TestApp;
const campus = { A: 0, B: 0, C: 0 };
const tokens = { admin: '', campusA: '', reportsOnly: '' };

async function user(email: string, permissionNames: PermissionName[], campusIds: number[]): Promise<string> {
  const created = await createAdminUser(t.db, { email, password: PASSWORD, name: 'Prueba', permissionNames });
  if (campusIds.length) await t.db.insert(userCampusGrants).values(campusIds.map((campusId) => ({ userId: created.id, campusId })));
  return t.login(email, PASSWORD);
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  [campus.A, campus.B, campus.C] = (
    await db.insert(campuses).values(['Buzón A', 'Buzón B', 'Buzón C'].map((nombre) => ({ nombre, suggestionBoxOpen: true }))).returning()
  ).map((c) => c.id) as [number, number, number];
  const [category] = await db.select().from(commentCategories).limit(1);
  const [topic] = await db.select().from(suggestionCategories).limit(1);
  const on = (campusId: number, createdOn: string, n: number) =>
    Array.from({ length: n }, () => ({ campusId, comment: 'Comentario', commentCategoryId: category!.id, legalConsent: true, createdOn }));
  await db.insert(suggestions).values([
    ...on(campus.A, '2026-02-27', 2),
    ...on(campus.A, '2026-02-28', 1),
    ...on(campus.A, '2026-03-01', 3),
    ...on(campus.B, '2026-03-01', 4),
    ...on(campus.C, '2026-03-01', 7),
  ]);
  // One sent through the service today: stamped with the Mexico City day.
  await createSuggestion(db, campus.A, {
    comment: 'Más bancas en el patio',
    commentCategoryId: category!.id,
    suggestionCategoryId: topic!.id,
    contact: { checked: false },
    legaChecked: true,
  });
  tokens.admin = await user('buzon-admin@prueba.mx', [PERMISSIONS.viewSuggestions], [campus.A, campus.B]);
  tokens.campusA = await user('buzon-campus@prueba.mx', [PERMISSIONS.viewSuggestions], [campus.A]);
  tokens.reportsOnly = await user('buzon-reportes@prueba.mx', [PERMISSIONS.viewCycleReports, PERMISSIONS.viewCampusReports], [campus.A, campus.B]);
});
afterAll(async () => {
  await t?.close();
});

const get = (params: Record<string, string | number>, token = tokens.admin) =>
  t.request({ method: 'GET', url: `${API}/reports/suggestions?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`, token });
async function counts(params: Record<string, string | number>, token = tokens.admin): Promise<SuggestionCounts> {
  const res = await get(params, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SuggestionCounts>();
}

describe(`suggestion box counts (${driverName})`, () => {
  it('counts one campus per Mexico City day and per month, today’s suggestion on today’s Mexico City day', async () => {
    const today = mexicoCityDay();
    const report = await counts({ campusId: campus.A });
    expect(report.campuses).toEqual([{ id: campus.A, nombre: 'Buzón A' }]);
    expect(report.total).toBe(7);
    expect(report.daily).toEqual([
      { day: '2026-02-27', n: 2 },
      { day: '2026-02-28', n: 1 },
      { day: '2026-03-01', n: 3 },
      { day: today, n: 1 },
    ]);
    expect(report.monthly).toEqual([
      { month: '2026-02', n: 3 },
      { month: '2026-03', n: 3 },
      { month: today.slice(0, 7), n: 1 },
    ]);
  });

  it('adds up every campus the user holds, never one they do not', async () => {
    const report = await counts({});
    expect(report.campuses.map((c) => c.nombre)).toEqual(['Buzón A', 'Buzón B']);
    expect(report.total).toBe(11);
    expect(report.daily.find((d) => d.day === '2026-03-01')).toEqual({ day: '2026-03-01', n: 7 });
  });

  it('keeps to a range of days, both ends included', async () => {
    const report = await counts({ campusId: campus.A, from: '2026-02-28', to: '2026-03-01' });
    expect([report.total, report.from, report.to]).toEqual([4, '2026-02-28', '2026-03-01']);
    expect(report.monthly).toEqual([
      { month: '2026-02', n: 1 },
      { month: '2026-03', n: 3 },
    ]);
  });
});

describe(`who may read the suggestion box counts (${driverName})`, () => {
  it('needs «Ver Buzón de Sugerencias»: report permissions alone are refused (403)', async () => {
    const res = await get({ campusId: campus.A }, tokens.reportsOnly);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toContain(PERMISSIONS.viewSuggestions);
  });

  it('refuses another campus’s id (403) and answers an unknown campus with 403 too (it is not one of the user’s)', async () => {
    expect((await get({ campusId: campus.B }, tokens.campusA)).json().error.message).toBe(CAMPUS_NOT_GRANTED);
    expect((await get({ campusId: 99999999 }, tokens.campusA)).statusCode).toBe(403);
  });

  it('answers bad filters with 422 in Spanish', async () => {
    const badDay = await get({ from: '2026-02-30' });
    expect(badDay.statusCode).toBe(422);
    expect(looksSpanish(badDay.json().error.fields.from[0])).toBe(true);
    const reversed = await get({ from: '2026-03-02', to: '2026-03-01' });
    expect([reversed.statusCode, reversed.json().error.fields.to]).toEqual([422, [REPORT_RANGE_MESSAGE]]);
    expect((await get({ campusId: 'abc' })).statusCode).toBe(422);
  });
});
