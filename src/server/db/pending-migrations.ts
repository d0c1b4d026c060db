import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './index';

interface Journal {
  entries: { when: number }[];
}

/**
 * Whether the database lacks a migration of this build, in one query. drizzle's migrator reads and
 * hashes every migration file and runs three statements to find out, about 20 ms of each start
 * (issue 21 §5). Its own test is the same: it applies the migrations whose journal time is later
 * than the last created_at it recorded. Any failure (a new database has no such table) answers yes,
 * and the migrator then does its work or reports the real error.
 */
export async function hasPendingMigrations(db: Database, migrationsFolder: string): Promise<boolean> {
  const journal: Journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  );
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const result = (await db.execute(
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { last: string | null }[] };
    const last = result.rows[0]?.last;
    return last == null || Number(last) < newest;
  } catch {
    return true;
  }
}
