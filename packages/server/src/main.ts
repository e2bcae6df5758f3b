import { ConfigError, loadConfig } from './config';
import { preparePlatform } from './platform';
import { warmConnections } from './db/client';
import { FolderBusyError } from './db/folder-lock';
import { DEMO_ADMIN } from './db/seed/demo';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, admin, seeded, database } = await preparePlatform(config);
  const address = `http://localhost:${config.PORT}/encuestas`;
  await app.listen({ port: config.PORT, host: config.HOST });
  // In the background: requests meanwhile open what they need, as before.
  void warmConnections(database.db).catch((error: unknown) => app.log.warn({ err: error }, 'could not open the database connections ahead'));

  const lines = [
    '',
    `  ${config.PLATFORM_NAME} is running at ${address}`,
    `  Database: ${database.driver === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ', demo data loaded' : ''}`,
  ];
  const shown = admin ?? (config.SEED_DEMO ? { email: DEMO_ADMIN.email, password: `${DEMO_ADMIN.password} (demo; unless changed)` } : undefined);
  if (shown) lines.push(`  Administrator: ${shown.email} / ${shown.password}`);
  lines.push('');
  console.log(lines.join('\n'));

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(
    error instanceof FolderBusyError
      ? error.explain({ es: 'El servidor no arranca: detén ese proceso primero.', en: 'The server does not start: stop that process first.' })
      : error,
  );
  process.exit(1);
});
