import { loadConfig, startupWarnings } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { seedIfEmpty } from './db/seed';

/** `npm start` / `npm run serve`: migrate, seed a demo league when the database is empty, listen, shut down cleanly. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp({ config, database });
  if (config.seedDemo) {
    const seeded = await seedIfEmpty(database.db);
    app.log.info(seeded ? 'seeded the demo league' : 'database already has data: not seeding');
  }
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: database.kind, signIn: config.discord ? 'discord' : 'local' },
    'Clutch is up',
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
