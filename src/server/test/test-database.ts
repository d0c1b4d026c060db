import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db';

/**
 * A fresh, migrated database for one test file.
 * - default: in-memory PGlite, loaded from a migrated snapshot made once per run (fast).
 * - TEST_DB_DRIVER=pg: a new database on the server at TEST_DATABASE_URL, dropped on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_DRIVER === 'pg') return openPostgresTestDatabase();
  return openDatabase({ memory: true, loadDataDir: await migratedSnapshot() });
}

let snapshot: Promise<Blob> | undefined;

function migratedSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const handle = await openDatabase({ memory: true });
    await handle.migrate();
    const blob = await handle.pglite!.dumpDataDir('none');
    await handle.close();
    return blob;
  })();
  return snapshot;
}

async function openPostgresTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_DRIVER=pg needs TEST_DATABASE_URL');
  const name = `locus_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
