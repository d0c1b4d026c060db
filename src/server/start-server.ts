import { buildApp } from './app';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db';
import { adoptLegacyFiles } from './features/files/adopt-legacy-files';
import { seedMissingSurplusLeadFields } from './features/organizations/seed-organization-defaults';
import { startAuditPurge } from './jobs/audit-purge';
import { startFileSweep } from './jobs/file-sweep';
import { startMailboxPoll } from './jobs/mailbox-poll';
import { startOutboxWorker } from './jobs/outbox-worker';
import { startImportPollScheduler } from './jobs/import-poll-scheduler';
import { createJobLock } from './jobs/job-lock';
import { startSealIntegrityCheck } from './jobs/seal-integrity-check';
import { startSigningReminders } from './jobs/signing-reminders';
import { openFileStore } from './lib/open-file-store';
import { createSecretBox, loadSecretKey } from './lib/secret-box';
import { loggerOptions } from './logger';

/** Everything after the database opens: the app, its scheduled jobs, shutdown, and listening. */
export async function startServer(config: ServerConfig, database: DatabaseHandle) {
  // Industry fields added since an organization was made (run-time data, never a migration).
  await seedMissingSurplusLeadFields(database.db);

  const files = await openFileStore(config);
  // Sidecars of files uploaded before the files table exist only in a FILES_DIR.
  const adopted = config.fileStore.kind === 'disk' ? await adoptLegacyFiles(database.db, config.filesDir) : 0;
  const secrets = createSecretBox(loadSecretKey(config.secretKey, config.dataDir));
  const app = await buildApp({ database, files, secrets, config, logger: loggerOptions(config.logLevel) });
  if (adopted > 0) app.log.info({ adopted }, 'recorded files uploaded before the files table');
  // Several servers may share the database: each scheduled job runs on one of them at a time.
  const lock = createJobLock(database, app.log);
  const stopFileSweep = startFileSweep({
    lock,
    db: database.db,
    store: files,
    intervalMs: config.fileSweepIntervalMs,
    graceMs: config.fileSweepGraceMs,
    log: app.log,
  });
  const stopAuditPurge = startAuditPurge({
    lock,
    db: database.db,
    intervalMs: config.auditPurgeIntervalMs,
    log: app.log,
  });
  const stopSigningReminders = startSigningReminders({
    lock,
    db: database.db,
    deps: { secrets, appUrl: config.appUrl },
    intervalMs: config.signingReminderIntervalMs,
    log: app.log,
  });
  const stopSealIntegrityCheck = startSealIntegrityCheck({
    lock,
    db: database.db,
    store: files,
    secrets,
    superAdminEmails: config.superAdminEmails,
    sampleSize: config.sealCheckSampleSize,
    intervalMs: config.sealCheckIntervalMs,
    log: app.log,
  });
  const stopMailboxPoll = startMailboxPoll({
    db: database.db,
    intervalMs: config.mailboxPollMs,
    log: app.log,
    lock,
  });
  const stopImportPolls = startImportPollScheduler({
    lock,
    db: database.db,
    intervalMs: config.importPollMs,
    log: app.log,
  });
  const stopOutboxWorker = startOutboxWorker(app.outboxContext, {
    pollMs: config.outboxPollMs,
    retryBaseMs: config.outboxRetryBaseMs,
  });
  // Closing the app waits for in-flight requests, then for a sweep, purge or job under way; the
  // database closes last so PGlite flushes cleanly. One hook, in this order: Fastify runs separate
  // onClose hooks last-registered first, which would close the database before the jobs stop.
  const stopJobs = [
    stopFileSweep,
    stopAuditPurge,
    stopSigningReminders,
    stopSealIntegrityCheck,
    stopMailboxPoll,
    stopImportPolls,
    stopOutboxWorker,
  ];
  app.addHook('onClose', async () => {
    for (const stop of stopJobs) await stop();
    await database.close();
  });

  let shuttingDown = false;
  // Closing waits for every connection to end. Fastify ends the idle keep-alive ones when closing
  // starts; a request answered after that would leave its connection open and idle until the
  // keep-alive timeout (72 s), so its answer says `Connection: close`, and connections that fall
  // idle during shutdown are closed as they do.
  app.addHook('onSend', async (_request, reply) => {
    if (shuttingDown) reply.header('connection', 'close');
  });
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
      const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
      closeIdle.unref();
      await app.close();
      process.exit(0);
    });
  }

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { driver: database.driver, dataDir: config.databaseUrl ? undefined : config.dataDir },
    `Locus is listening on http://localhost:${config.port}`,
  );
}
