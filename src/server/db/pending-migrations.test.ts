import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrationsFolder, openDatabase } from './index';
import { hasPendingMigrations } from './pending-migrations';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ memory: true });
});

afterAll(async () => {
  await database.close();
});

/** A copy of the journal with one more migration, dated after every real one. */
function journalWithOneMore() {
  const folder = mkdtempSync(path.join(tmpdir(), 'locus-journal-'));
  mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  const last = journal.entries.at(-1);
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_next' });
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
}

describe('hasPendingMigrations', () => {
  it('answers yes on a new database, no once migrated, yes again when the build brings a newer one', async () => {
    expect(await hasPendingMigrations(database.db, migrationsFolder)).toBe(true);
    await database.migrate();
    expect(await hasPendingMigrations(database.db, migrationsFolder)).toBe(false);
    expect(await hasPendingMigrations(database.db, journalWithOneMore())).toBe(true);
  });

  it('answers yes when the database lacks the last migration of the journal', async () => {
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    expect(await hasPendingMigrations(database.db, migrationsFolder)).toBe(true);
  });
});
