/**
 * The institution's and the platform's names: stored in the database once
 * edited in the back office; until then the environment's INSTITUTION_NAME and
 * PLATFORM_NAME. One Branding object lives for the app (loaded at start by
 * preparePlatform), and every e-mail, PDF and page reads it when it is made,
 * so a change shows at once in the process that saved it, and in the other
 * processes of a cluster within BRANDING_REFRESH_MS (keepBrandingFresh).
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '@encuestas/core/api/common';
import { institutionAnswerSchema, institutionBodySchema, type Institution } from '@encuestas/core/api/institution';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';
import { requireAdmin } from '../../http/auth';
import { audit } from '../audit/service';

export type Branding = Institution;

const KEYS = { institutionName: 'institution_name', platformName: 'platform_name' } as const;

/** The environment's names: the defaults until names are saved in the back office. */
export function brandingDefaults(config: Pick<Config, 'INSTITUTION_NAME' | 'PLATFORM_NAME'>): Branding {
  return { institutionName: config.INSTITUTION_NAME, platformName: config.PLATFORM_NAME };
}

/** The names as stored, each falling back to its default (the environment's). */
export async function loadBranding(db: Database, defaults: Branding): Promise<Branding> {
  const rows = await db.select().from(settings).where(inArray(settings.key, Object.values(KEYS)));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return {
    institutionName: stored.get(KEYS.institutionName) ?? defaults.institutionName,
    platformName: stored.get(KEYS.platformName) ?? defaults.platformName,
  };
}

/** How soon a name saved through one API process reaches the others (a read of two settings rows). */
export const BRANDING_REFRESH_MS = 30_000;

/** Re-reads the names into `branding` every `intervalMs`; returns the stop. */
export function keepBrandingFresh(db: Database, branding: Branding, defaults: Branding, intervalMs: number, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    loadBranding(db, defaults).then(
      (fresh) => Object.assign(branding, fresh),
      (error: unknown) => log.warn({ err: error }, 'could not re-read the institution names; keeping the last ones'),
    );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

export function institutionRoutes(db: Database, branding: Branding, defaults: Branding): FastifyPluginAsyncZod {
  return async (app) => {
    // The back office's form shows what is stored, even when another process saved it a moment ago.
    app.get('/institution', { config: { auth: 'admin' }, schema: { tags: ['institution'], response: answers({ 200: institutionAnswerSchema }) } }, async () => {
      Object.assign(branding, await loadBranding(db, defaults));
      return { institution: { institutionName: branding.institutionName, platformName: branding.platformName } };
    });

    app.put(
      '/institution',
      { config: { auth: 'admin', permission: PERMISSIONS.manageInstitution }, schema: { tags: ['institution'], body: institutionBodySchema, response: answers({ 200: institutionAnswerSchema }) } },
      async (request) => {
        const principal = requireAdmin(request);
        const wanted = request.body;
        await db.transaction(async (tx) => {
          for (const field of ['institutionName', 'platformName'] as const) {
            await tx
              .insert(settings)
              .values({ key: KEYS[field], value: wanted[field] })
              .onConflictDoUpdate({ target: settings.key, set: { value: wanted[field], updatedAt: sql`now()` } });
          }
          await audit(tx, { actorUserId: principal.user.id, action: 'update', entity: 'institution', details: { ...wanted, before: { ...branding } } });
        });
        Object.assign(branding, wanted);
        return { institution: { ...branding } };
      },
    );
  };
}

/** The deps with the names as getters over the branding (a spread would copy today's values). */
export function withNames<T extends object>(deps: T, branding: Branding): T & Branding {
  return Object.defineProperties(deps, {
    platformName: { get: () => branding.platformName, enumerable: true },
    institutionName: { get: () => branding.institutionName, enumerable: true },
  }) as T & Branding;
}
