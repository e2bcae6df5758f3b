/**
 * The back office's API as a journey calls it beside the browser: to sign in
 * a user it set up, and to read what the server says a screen should show.
 * Every answer but the expected status fails the step with the path. And the
 * back office's sign-in page, as a journey passes it in the browser.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const json = { 'content-type': 'application/json' };

export class AdminApi {
  constructor(private readonly baseUrl: string) {}

  url(path: string): string {
    return `${this.baseUrl}/api${path}`;
  }

  /** A back-office token for the user. */
  async login(email: string, password: string): Promise<string> {
    const response = await fetch(this.url('/admin/login'), { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
    expect(response.status, `sign-in of ${email}`).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }

  async get<T>(path: string, token: string): Promise<T> {
    const response = await fetch(this.url(path), { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  }

  send(method: 'POST' | 'PUT' | 'DELETE', path: string, token: string, body: object): Promise<Response> {
    return fetch(this.url(path), { method, headers: { ...json, authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  }
}

/** Signs a back-office user in through the /admin-login page; the caller waits for the page it expects next. */
export async function adminPageLogin(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/admin-login`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}
