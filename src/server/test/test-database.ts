import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db';

export const snapshotPath = path.resolve('.tmp/pglite-migrated.tar');

/**
 * A fresh, migrated database for one test file.
 * - default: in-memory PGlite loaded from the snapshot the global setup made (fast).
 * - TEST_DB_DRIVER=pg: a new database on the server at TEST_DATABASE_URL, dropped on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_DRIVER === 'pg') return openPostgresTestDatabase();
  if (!existsSync(snapshotPath)) {
    const handle = await openDatabase({ memory: true });
    await handle.migrate();
    return handle;
  }
  return openDatabase({ memory: true, loadDataDir: new Blob([readFileSync(snapshotPath)]) });
}

async function openPostgresTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_DRIVER=pg needs TEST_DATABASE_URL');
  const name = `locus_test_${randomBytes(6).toString('hex')}`;
  // The global setup migrated a template once; without it (a single file run by hand) migrate here.
  const template = process.env.TEST_PG_TEMPLATE;
  await createDatabase(serverUrl, name, template);
  const handle = await openDatabase({ databaseUrl: withDatabaseName(serverUrl, name), poolSize: 4 });
  if (!template) await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await runAdminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Copies may collide on the template's lock when several test processes start at once: retry. */
async function createDatabase(serverUrl: string, name: string, template: string | undefined) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runAdminQuery(
        serverUrl,
        `create database ${name}${template ? ` template ${template}` : ''}`,
      );
    } catch (error) {
      const objectInUse = (error as { code?: string }).code === '55006';
      if (!objectInUse || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

export function withDatabaseName(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function runAdminQuery(connectionString: string, statement: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
