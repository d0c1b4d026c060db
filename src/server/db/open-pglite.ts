import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { schema } from './all-tables';
import { type Database, type DatabaseHandle, migrationsFolder, pingDatabase } from './index';
import { pgliteSettings } from './pglite-settings';
import type { PgliteThread } from './pglite-thread';

export async function openPglite(
  config:
    | { dataDir: string; loadDataDir?: Blob; sharedBuffers?: string }
    | { thread: PgliteThread }
    | { memory: true; loadDataDir?: Blob; sharedBuffers?: string },
) {
  if ('thread' in config) return openPgliteThread(config.thread);
  // PGlite does not create the parent folders of its data directory.
  if ('dataDir' in config) mkdirSync(path.dirname(path.resolve(config.dataDir)), { recursive: true });
  const client = await PGlite.create({
    dataDir: 'dataDir' in config ? config.dataDir : undefined,
    loadDataDir: config.loadDataDir,
    extensions: await pgliteExtensions(),
    startParams: pgliteStartParams(config.sharedBuffers),
  });
  return { ...pgliteHandle(client), pglite: client } satisfies DatabaseHandle;
}

/** PGlite's own start parameters, then ours. */
export function pgliteStartParams(sharedBuffers?: string): string[] {
  return [...PGlite.defaultStartParams, ...pgliteSettings(sharedBuffers)];
}

/**
 * The server's PGlite, on a thread of its own (`pglite-thread.ts`, started by main.ts before the
 * rest of the server loads). Tests and benches keep PGlite in their own thread, where they
 * snapshot it and time its SQL directly.
 */
async function openPgliteThread(client: PgliteThread) {
  await client.ready;
  // drizzle calls query and transaction, and we call close: the thread's client answers them as
  // PGlite does.
  return pgliteHandle(client as unknown as PGlite) satisfies DatabaseHandle;
}

function pgliteHandle(client: PGlite) {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite' as const,
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    ping: () => pingDatabase(db),
    close: () => client.close(),
  };
}

/** pg_trgm backs the list search indexes; PGlite ships it as a loadable extension. */
async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}
