import { asc, eq } from 'drizzle-orm';
import { MX_GEO_CATALOGS } from '@encuestas/core/catalogs/mx-geo';
import type { Catalogs } from '@encuestas/core/survey-engine/types';
import type { Database } from '../../db/client';
import { catalogItems } from '../../db/schema';

/**
 * The catalogues survey questions use: the database's enabled entries (values are their
 * stable codes, which answers store) plus INEGI's states and municipios (values are claves).
 */
export async function loadCatalogs(db: Database): Promise<Catalogs> {
  const rows = await db
    .select({ code: catalogItems.code, catalog: catalogItems.catalog, name: catalogItems.name })
    .from(catalogItems)
    .where(eq(catalogItems.enabled, true))
    .orderBy(asc(catalogItems.catalog), asc(catalogItems.position), asc(catalogItems.name));
  const catalogs: Record<string, { value: string; label: string }[]> = {};
  for (const row of rows) (catalogs[row.catalog] ??= []).push({ value: row.code, label: row.name });
  return { ...catalogs, ...MX_GEO_CATALOGS };
}

/** Catalogues change rarely; submissions read them from memory, refreshed every minute. */
export function cachedCatalogs(db: Database, ttlMs = 60_000): () => Promise<Catalogs> {
  let cached: { at: number; value: Promise<Catalogs> } | undefined;
  return () => {
    if (!cached || Date.now() - cached.at > ttlMs) {
      const value = loadCatalogs(db);
      cached = { at: Date.now(), value };
      value.catch(() => (cached = undefined));
    }
    return cached.value;
  };
}
