import { loadConfig, startupWarnings } from './config';
import { startInstance } from './instance';
import { transportOf } from './http/transport';

/**
 * `npm start` / `npm run serve`: listen, migrate and seed a demo league when the database is empty (under the boot
 * lock, server/instance.ts), serve; SIGTERM or SIGINT shut down cleanly (drain, then release the database).
 */
async function main() {
  const config = loadConfig();
  const instance = await startInstance(config);
  const { app } = instance;
  for (const warning of startupWarnings(config)) app.log.warn(warning);
  app.log.info(
    { url: config.publicUrl, listening: instance.url, protocol: transportOf(config), metrics: instance.metricsUrl, database: instance.database.kind, signIn: config.discord ? 'discord' : 'local' },
    'Clutch is up',
  );

  const shutdown = (signal: string) => {
    // A shutdown that cannot finish (a stuck database) still ends the process.
    setTimeout(() => {
      app.log.error('shutdown did not finish in time: exiting');
      process.exit(1);
    }, config.shutdownDelayMs + config.shutdownTimeoutMs + 5_000).unref();
    instance.stop(signal).then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
