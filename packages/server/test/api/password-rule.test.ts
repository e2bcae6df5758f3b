/**
 * The password rule from core (length, zxcvbn score >= 3 with the user's name
 * and e-mail as inputs) on every route that sets a password through the API.
 * Seeds and ADMIN_PASSWORD set passwords directly and are not subject to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../src/db/seed/demo';
import { createAdminUser } from '../../src/features/users/service';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { createAdmin } from '../helpers/factories';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  // Seeded as the demo seeds its administrator (the data layer, not the API), with the demo's password.
  adminToken = (await createAdmin(t, { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password })).token;
});
afterAll(async () => {
  await t?.close();
});

const send = (method: 'POST' | 'PUT', url: string, payload: object, token?: string) =>
  t.request({ method, url: `${API}${url}`, payload, token });

function passwordReason(response: { statusCode: number; json(): { error: { code: string; fields?: Record<string, string[]> } } }): string {
  expect(response.statusCode).toBe(422);
  const { error } = response.json();
  expect(error.code).toBe('VALIDATION_FAILED');
  expect(Object.keys(error.fields ?? {})).toEqual(['password']);
  return error.fields!.password![0]!;
}

describe(`password rule on the API (${driverName})`, () => {
  it('lets the demo passwords sign in: seeds set them directly', async () => {
    expect(await t.login(DEMO_ADMIN.email, 'Encuestas2026!')).toEqual(expect.any(String));
  });

  it('refuses to create a user with a common password or one made of their own name, with a Spanish reason', async () => {
    const base = { name: 'Marisol', last_name: 'Quintero', maternal_sur_name: 'Paz', email: 'marisol.quintero@encuestas.mx' };
    for (const password of ['password123', 'Quintero2026!', 'Marisol1234']) {
      const reason = passwordReason(await send('POST', '/users', { ...base, password, password_confirmation: password }, adminToken));
      expect(reason, password).toMatch(/[a-záéíóúñ]{4}/);
    }
    const created = await send('POST', '/users', { ...base, password: 'Tejón-Azafrán-Brisa', password_confirmation: 'Tejón-Azafrán-Brisa' }, adminToken);
    expect(created.statusCode).toBe(201);
  });

  it('refuses a weak new password when changing one’s own, and keeps the old one', async () => {
    const user = { email: 'cambia@encuestas.mx', password: 'Cambia-Roble-2026', name: 'Cambia' };
    await createAdminUser(t.db, user);
    const token = await t.login(user.email, user.password);
    const weak = await send('PUT', '/admin/password', { current_password: user.password, password: 'qwerty2026', password_confirmation: 'qwerty2026' }, token);
    passwordReason(weak);
    expect(await t.login(user.email, user.password)).toEqual(expect.any(String));
    const strong = await send('PUT', '/admin/password', { current_password: user.password, password: 'Nutria-Cedro-Lluvia', password_confirmation: 'Nutria-Cedro-Lluvia' }, token);
    expect(strong.statusCode).toBe(200);
  });
});
