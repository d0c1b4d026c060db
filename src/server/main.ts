import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db';
import { adoptLegacyFiles } from './features/files/adopt-legacy-files';
import { startAuditPurge } from './jobs/audit-purge';
import { startFileSweep } from './jobs/file-sweep';
import { createDiskFileStore } from './lib/disk-file-store';
import { loggerOptions } from './logger';

const config = readConfig();
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
await database.migrate();

const files = createDiskFileStore(config.filesDir);
const adopted = await adoptLegacyFiles(database.db, config.filesDir);
const app = await buildApp({ database, files, config, logger: loggerOptions(config.logLevel) });
if (adopted > 0) app.log.info({ adopted }, 'recorded files uploaded before the files table');
const stopFileSweep = startFileSweep({
  db: database.db,
  store: files,
  intervalMs: config.fileSweepIntervalMs,
  graceMs: config.fileSweepGraceMs,
  log: app.log,
});
const stopAuditPurge = startAuditPurge({
  db: database.db,
  intervalMs: config.auditPurgeIntervalMs,
  log: app.log,
});
// Closing the app waits for in-flight requests and a sweep or purge under way; the database
// closes last so PGlite flushes cleanly.
app.addHook('onClose', stopFileSweep);
app.addHook('onClose', stopAuditPurge);
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
