/** The PostgreSQL server named by TEST_DATABASE_URL, reached through its admin connection. No vitest import: global-setup uses it too. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { BACKGROUND_WAIT_MS } from './timeouts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const usingPostgres = TEST_DATABASE_URL !== undefined;
export const driverName = usingPostgres ? 'PostgreSQL' : 'PGlite';

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** URL of another database on the TEST_DATABASE_URL server. */
export function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty (or template-copied) PostgreSQL database; returns its name and URL. */
export async function createPostgresDatabase(template?: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `encuestas_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(async (client) => {
    const sql = `CREATE DATABASE ${quoteIdent(name)}${template ? ` TEMPLATE ${quoteIdent(template)}` : ''}`;
    // Copying a template fails while another session is connected to it (another copy); that is brief, so retry.
    const deadline = Date.now() + BACKGROUND_WAIT_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(sql);
        return;
      } catch (error) {
        const busy = (error as { code?: string }).code === '55006';
        if (!busy || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * attempt, 1000)));
      }
    }
  });
  return {
    name,
    url: databaseUrl(name),
    drop: () => withAdminClient(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`))),
  };
}

