/**
 * Migrations folders cut short, for databases as they stood before a
 * migration (helpers/migrations.ts, and global-setup.ts's PGlite snapshots of
 * them). No vitest import: global-setup uses it too.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** A copy of the migrations folder in `dir` holding only the migrations numbered below `number`. */
export function migrationsBefore(number: number, dir: string): string {
  const folder = path.join(dir, `drizzle-before-${number}`);
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => Number(entry.tag.slice(0, 4)) < number);
  for (const entry of journal.entries) copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
}

/** The migrations the API tests start before (`databaseBeforeMigration(n)` in test/api), in order. */
export function migrationsUnderTest(): number[] {
  const apiDir = fileURLToPath(new URL('../api', import.meta.url));
  const numbers = new Set<number>();
  for (const file of readdirSync(apiDir).filter((name) => name.endsWith('.test.ts'))) {
    for (const match of readFileSync(path.join(apiDir, file), 'utf8').matchAll(/databaseBeforeMigration\((\d+)\)/g)) numbers.add(Number(match[1]));
  }
  return [...numbers].sort((a, b) => a - b);
}
