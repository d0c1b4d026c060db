import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from './config';
import { openDatabase } from './db';
import { installSourceMappedStacks } from './lib/source-mapped-stacks';

// Compiled, the server maps its own stack traces (tsx and --enable-source-maps map them already).
if (!process.sourceMapsEnabled) installSourceMappedStacks(path.dirname(fileURLToPath(import.meta.url)));

const config = readConfig();

async function openAndMigrate() {
  const database = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { dataDir: config.dataDir, sharedBuffers: config.pgliteSharedBuffers },
  );
  await database.migrate();
  return database;
}

// The database opens while the rest of the server loads (issue 21 §5): PGlite reads its files and
// compiles its WebAssembly on other threads meanwhile (PostgreSQL's own start still runs on this one).
//
// A timer holds the event loop open until the server listens. When the loop finds nothing to wait
// for between two steps, Node first waits for every background job of the engine, here V8
// optimising PGlite's WebAssembly (0.1 s or more); with the timer it goes straight on.
const keepAlive = setInterval(() => {}, 60_000);
const [database, { startServer }] = await Promise.all([openAndMigrate(), import('./start-server')]);
await startServer(config, database);
clearInterval(keepAlive);
