import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db';
import { loggerOptions } from './logger';

const config = readConfig();
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
await database.migrate();

const app = await buildApp({ database, config, logger: loggerOptions(config.logLevel) });
// Closing the app waits for in-flight requests; the database closes last so PGlite flushes cleanly.
app.addHook('onClose', () => database.close());

let shuttingDown = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out after 10 s');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { driver: database.driver, dataDir: config.databaseUrl ? undefined : config.dataDir },
  `Locus is listening on http://localhost:${config.port}`,
);
