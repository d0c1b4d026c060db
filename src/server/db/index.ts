import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { schema } from './all-tables';
import { pgliteStartParams } from './pglite-settings';
import { withStartupOptions } from './startup-options';
import { findUpwards } from '../lib/find-upwards';

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

/** The repository's drizzle/ folder (from src/server/db under tsx and tests, from dist/server compiled). */
export const migrationsFolder = findUpwards(import.meta.url, 'drizzle', 'meta/_journal.json');

export type DatabaseConfig =
  | { databaseUrl: string; poolSize?: number }
  | { dataDir: string; loadDataDir?: Blob; sharedBuffers?: string }
  | { memory: true; loadDataDir?: Blob; sharedBuffers?: string };

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if ('databaseUrl' in config) return openPostgres(config.databaseUrl, config.poolSize ?? 10);
  return openPglite(config);
}

/**
 * A pool whose connections plan every statement for its parameters, named ones included
 * (`plan_cache_mode`): a named statement then saves its parse, never risks a generic plan. One
 * tenant may hold a million leads and the next a few thousand, and after five runs PostgreSQL may
 * switch a named statement to a plan chosen for neither: the list search ("johns") never answered
 * on the bench tenant with one (docs/decisions/046). The setting travels in the connection's
 * start-up packet, so it costs no statement and a server that refuses it refuses the connection.
 */
export function newPgPool(connectionString: string, max: number): pg.Pool {
  return new pg.Pool({
    max,
    ...withStartupOptions(connectionString, '-c plan_cache_mode=force_custom_plan'),
  });
}

async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  const pool = newPgPool(connectionString, max);
  // An idle connection the server drops (restart, failover) must not crash the process; the pool
  // discards it and opens a new one on the next query.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pg',
    migrate: () => migrateExclusively(pool),
    ping: () => pingDatabase(db),
    close: () => pool.end(),
  };
}

/** The advisory lock key servers take to migrate one at a time. */
const migrationLockKey = 21_005;

/**
 * Migrates holding a session advisory lock, on one connection: servers started side by side on
 * one database (docs/decisions/044) would otherwise run the same migration at once, and all but
 * one fail on tables the first created. drizzle's migrator has no lock of its own; the servers
 * that waited find the migrations recorded and apply none. Lock and migrations share the
 * connection, so a pool of one (the tests' template) cannot wait on itself.
 */
async function migrateExclusively(pool: pg.Pool) {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await migratePg(drizzlePg(connection), { migrationsFolder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    connection.release();
  }
}

async function openPglite(
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
