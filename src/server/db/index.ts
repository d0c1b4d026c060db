import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { schema } from './all-tables';

export type Schema = typeof schema;
/** One type for both drivers, so services never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'pg';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The embedded instance, when the driver is PGlite (tests snapshot it). */
  pglite?: PGlite;
}

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle',
);

export type DatabaseConfig =
  | { databaseUrl: string; poolSize?: number }
  | { dataDir: string; loadDataDir?: Blob }
  | { memory: true; loadDataDir?: Blob };

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if ('databaseUrl' in config) return openPostgres(config.databaseUrl, config.poolSize ?? 10);
  return openPglite(config);
}

async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection the server drops (restart, failover) must not crash the process; the pool
  // discards it and opens a new one on the next query.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pg',
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    ping: () => pingDatabase(db),
    close: () => pool.end(),
  };
}

async function openPglite(
  config: { dataDir: string; loadDataDir?: Blob } | { memory: true; loadDataDir?: Blob },
) {
  // PGlite does not create the parent folders of its data directory.
  if ('dataDir' in config) mkdirSync(path.dirname(path.resolve(config.dataDir)), { recursive: true });
  const client = await PGlite.create({
    dataDir: 'dataDir' in config ? config.dataDir : undefined,
    loadDataDir: config.loadDataDir,
    extensions: await pgliteExtensions(),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
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

async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
