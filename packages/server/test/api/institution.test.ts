/**
 * The institution's and platform's names edited in the back office (issue 18):
 * stored in the database, the environment only their default; a change shows
 * at once in what the platform sends.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INSTITUTION_NAME_MESSAGE, PLATFORM_NAME_MESSAGE } from '@encuestas/core/api/institution';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { auditLog, mailOutbox } from '../../src/db/schema';
import { keepBrandingFresh, loadBranding } from '../../src/features/institution/routes';
import { BACKGROUND_WAIT_MS } from '../helpers/timeouts';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { createAdmin, createCampusWithRespondents } from '../helpers/factories';

let t: TestApp;
let admin: string;
let studentPcId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { INSTITUTION_NAME: 'Universidad del Entorno', PLATFORM_NAME: 'Encuestas Entorno' } });
  admin = (await createAdmin(t)).token;
  studentPcId = (await createCampusWithRespondents(t.db)).student.pcId;
});
afterAll(async () => {
  await t?.close();
});

const get = (token?: string) => t.request({ method: 'GET', url: `${API}/institution`, token });
const put = (payload: object, token?: string) => t.request({ method: 'PUT', url: `${API}/institution`, payload, token });
const codeMail = async () => {
  expect((await t.request({ method: 'POST', url: `${API}/respondents/code`, payload: { identifier: studentPcId } })).statusCode).toBe(201);
  const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
  return mail!;
};

describe(`institution and platform names (${driverName})`, () => {
  it('starts from the environment', async () => {
    expect((await get(admin)).json()).toEqual({ institution: { institutionName: 'Universidad del Entorno', platformName: 'Encuestas Entorno' } });
    expect((await get()).statusCode).toBe(401);
  });

  it('refuses empty names in Spanish, and a user without the permission', async () => {
    const empty = await put({ institutionName: '  ', platformName: '' }, admin);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.fields).toEqual({ institutionName: [INSTITUTION_NAME_MESSAGE], platformName: [PLATFORM_NAME_MESSAGE] });
    const other = await signedInAdmin(t, { email: 'otro@uni.mx', password: 'Clave-muy-segura-2026', permissionNames: [PERMISSIONS.manageCampuses], campusIds: [], cycleIds: [] });
    expect((await put({ institutionName: 'Otra', platformName: 'Otra' }, other)).statusCode).toBe(403);
    expect((await get(admin)).json().institution.institutionName).toBe('Universidad del Entorno');
  });

  it('stores a change, audits it and uses it at once in e-mails; the environment no longer decides', async () => {
    const response = await put({ institutionName: ' Universidad  Mexicana del Sur ', platformName: 'Evalúa UMS' }, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ institution: { institutionName: 'Universidad Mexicana del Sur', platformName: 'Evalúa UMS' } });
    expect((await get(admin)).json().institution.platformName).toBe('Evalúa UMS');

    const mail = await codeMail();
    expect(mail.subject).toContain('Evalúa UMS');
    expect(mail.text).toContain('Universidad Mexicana del Sur');

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'institution'));
    expect(entry!.details).toMatchObject({ institutionName: 'Universidad Mexicana del Sur', before: { institutionName: 'Universidad del Entorno' } });
    // A restart with other environment values keeps the stored names.
    expect(await loadBranding(t.db, { institutionName: 'Otra', platformName: 'Otra' })).toEqual({
      institutionName: 'Universidad Mexicana del Sur',
      platformName: 'Evalúa UMS',
    });
  });

  it('reaches another API process of the same database without a restart', async () => {
    // What a second process started before the change holds, kept fresh as buildApp does (every 50 ms here).
    const defaults = { institutionName: 'Universidad del Entorno', platformName: 'Encuestas Entorno' };
    const otherProcess = await loadBranding(t.db, defaults);
    const stop = keepBrandingFresh(t.db, otherProcess, defaults, 50, t.app.log);
    try {
      expect(otherProcess.platformName).toBe('Evalúa UMS');
      expect((await put({ institutionName: 'Universidad Mexicana del Sur', platformName: 'Evalúa Sur' }, admin)).statusCode).toBe(200);
      await vi.waitFor(() => expect(otherProcess.platformName).toBe('Evalúa Sur'), { timeout: BACKGROUND_WAIT_MS, interval: 50 });
    } finally {
      stop();
    }
  });
});
