import { readConfig } from './config';
import { pgliteSettings } from './db/pglite-settings';
import { startPgliteThread } from './db/pglite-thread';

const config = readConfig();

// PGlite starts first, on a thread of its own (issue 21 §5): PostgreSQL's start runs on the other
// core while this thread loads the server.
const pgliteThread = config.databaseUrl
  ? undefined
  : startPgliteThread({ dataDir: config.dataDir, settings: pgliteSettings(config.pgliteSharedBuffers) });

// The rest loads after the thread has started (drizzle alone takes tens of milliseconds).
async function openAndMigrate() {
  const { openDatabase } = await import('./db');
  const database = await openDatabase(
    pgliteThread ? { thread: pgliteThread } : { databaseUrl: config.databaseUrl as string },
  );
  await database.migrate();
  return database;
}

// A timer holds the event loop open until the server listens. When the loop finds nothing to wait
// for between two steps, Node first waits for every background job of the engine, here V8
// optimising code it has compiled (0.1 s or more); with the timer it goes straight on.
const keepAlive = setInterval(() => {}, 60_000);
const [database, { startServer }] = await Promise.all([openAndMigrate(), import('./start-server')]);
await startServer(config, database);
clearInterval(keepAlive);
