import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Database, type DatabaseConfig, openDatabase } from '../../src/server/db';
import { readPgliteSharedBuffers } from '../../src/server/db/pglite-settings';
import { seedVersion } from './seed-plan';
import { hasOrganizations, listsMarkerTable, readSeedMarker, seedLists } from './seed';

/*
 * The benchmark's databases persist between runs (seeding a million leads is the slow part):
 * PGlite under .tmp/bench-lists/pglite (git-ignored), PostgreSQL as `locus_bench_lists`. A
 * marker row says the seed finished; without it (first run, an interrupted seed, an older seed
 * version, or --reseed) the database is wiped and seeded again.
 */

export type Driver = 'pglite' | 'pg';

export interface BenchTarget {
  driver: Driver;
  /** How the server (and the SQL floor) opens it. */
  config: DatabaseConfig;
  label: string;
}

export const pgliteDataDir = path.resolve('.tmp/bench-lists/pglite');
export const defaultPgUrl = 'postgres://postgres@127.0.0.1:5432/locus_bench_lists';

/** PGlite as `npm start` opens it: the pool PGLITE_SHARED_BUFFERS asks for, or the default. */
export function pgliteTarget(dataDir = pgliteDataDir): BenchTarget {
  const sharedBuffers = readPgliteSharedBuffers(process.env.PGLITE_SHARED_BUFFERS);
  return {
    driver: 'pglite',
    config: { dataDir, sharedBuffers },
    label: `PGlite (${dataDir}, shared_buffers ${sharedBuffers})`,
  };
}

export function pgTarget(url: string): BenchTarget {
  const safe = new URL(url);
  safe.password = '';
  return { driver: 'pg', config: { databaseUrl: url, poolSize: 10 }, label: `PostgreSQL (${safe})` };
}

/** The server's maintenance database URL (same host and credentials, database `postgres`). */
function adminUrl(url: string): string {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return admin.toString();
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(url), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Whether a PostgreSQL server answers at the URL's host (the database itself may not exist yet). */
export async function pgServerAnswers(url: string): Promise<boolean> {
  try {
    await withAdmin(url, (client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

async function createPgDatabase(url: string, dropFirst: boolean) {
  const name = databaseName(url);
  // Wiping is only ever done to a benchmark database, whatever DATABASE_URL points at.
  if (dropFirst && !name.includes('bench')) {
    throw new Error(`refusing to drop database "${name}": its name must contain "bench"`);
  }
  await withAdmin(url, async (client) => {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    if (dropFirst) await client.query(`drop database if exists ${quoted} with (force)`);
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${quoted}`);
  });
}

async function wipe(target: BenchTarget) {
  if (target.driver === 'pglite') {
    rmSync((target.config as { dataDir: string }).dataDir, { recursive: true, force: true });
  } else await createPgDatabase((target.config as { databaseUrl: string }).databaseUrl, true);
}

export interface PreparedDatabase {
  /** Seconds the seed took: this run's, or the recorded one when reused. */
  seedSeconds: number;
  seededNow: boolean;
  seededAt: string;
}

/** What a benchmark seeds, and the marker table saying it finished. */
export interface BenchSeed {
  markerTable: string;
  version: number;
  /** Seeds a freshly migrated database, writes the marker; answers the seconds it took. */
  run(db: Database, log: (line: string) => void): Promise<number>;
}

const listsSeed: BenchSeed = { markerTable: listsMarkerTable, version: seedVersion, run: seedLists };

/** Migrates the database and seeds it unless a finished seed of this version is already there. */
export async function prepareDatabase(
  target: BenchTarget,
  reseed: boolean,
  log: (line: string) => void,
  seed: BenchSeed = listsSeed,
): Promise<PreparedDatabase> {
  if (reseed) await wipe(target);
  else if (target.driver === 'pg')
    await createPgDatabase((target.config as { databaseUrl: string }).databaseUrl, false);

  let database = await openDatabase(target.config);
  try {
    await database.migrate();
    const marker = await readSeedMarker(database.db, seed.markerTable);
    if (marker?.version === seed.version) {
      return { seedSeconds: marker.seconds, seededNow: false, seededAt: marker.seededAt };
    }
    if (marker || (await hasOrganizations(database.db))) {
      log(`${target.label}: an unfinished or older seed is there; starting from an empty database`);
      await database.close();
      await wipe(target);
      database = await openDatabase(target.config);
      await database.migrate();
    }
    log(`${target.label}: seeding (once; later runs reuse it, --reseed forces it)…`);
    const seedSeconds = await seed.run(database.db, log);
    log(`${target.label}: seeded in ${seedSeconds.toFixed(1)} s`);
    return { seedSeconds, seededNow: true, seededAt: new Date().toISOString() };
  } finally {
    await database.close();
  }
}
