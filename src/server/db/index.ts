import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { schema } from './all-tables';
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

/**
 * Each driver's module loads when it is chosen, so a server on PGlite never loads pg and one on
 * PostgreSQL never loads PGlite's WebAssembly.
 */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if ('databaseUrl' in config) {
    const { openPostgres } = await import('./open-postgres');
    return openPostgres(config.databaseUrl, config.poolSize ?? 10);
  }
  const { openPglite } = await import('./open-pglite');
  return openPglite(config);
}

export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
