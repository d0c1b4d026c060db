import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { schema } from './all-tables';
import { type Database, type DatabaseHandle, migrationsFolder, pingDatabase } from './index';
import { hasPendingMigrations } from './pending-migrations';
import { withStartupOptions } from './startup-options';

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

export async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  const pool = newPgPool(connectionString, max);
  // An idle connection the server drops (restart, failover) must not crash the process; the pool
  // discards it and opens a new one on the next query.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pg',
    migrate: () => migrateExclusively(pool, db),
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
 * connection, so a pool of one (the tests' template) cannot wait on itself. A database already up
 * to date needs neither lock nor migrator.
 */
async function migrateExclusively(pool: pg.Pool, db: Database) {
  if (!(await hasPendingMigrations(db, migrationsFolder))) return;
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
