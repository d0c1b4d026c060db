import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { schema } from './all-tables';
import { type Database, type DatabaseHandle, migrationsFolder, pingDatabase } from './index';
import { hasPendingMigrations } from './pending-migrations';
import { pgliteStartParams } from './pglite-settings';

export async function openPglite(
  config:
    | { dataDir: string; loadDataDir?: Blob; sharedBuffers?: string }
    | { memory: true; loadDataDir?: Blob; sharedBuffers?: string },
) {
  // PGlite does not create the parent folders of its data directory.
  if ('dataDir' in config) mkdirSync(path.dirname(path.resolve(config.dataDir)), { recursive: true });
  const client = await PGlite.create({
    dataDir: 'dataDir' in config ? config.dataDir : undefined,
    loadDataDir: config.loadDataDir,
    extensions: await pgliteExtensions(),
    startParams: pgliteStartParams(config.sharedBuffers),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      if (!(await hasPendingMigrations(db, migrationsFolder))) return;
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(drizzlePglite(client), { migrationsFolder });
    },
    ping: () => pingDatabase(db),
    close: () => client.close(),
    pglite: client,
  } satisfies DatabaseHandle;
}

/** pg_trgm backs the list search indexes; PGlite ships it as a loadable extension. */
async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}
