import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db';
import { tags } from '../db/schema/identity';
import { createDiskFileStore } from '../lib/disk-file-store';
import { loggerOptions, maxLoggedTextLength } from '../logger';
import { registerOrganizationOwner, type SignedIn } from '../test/sessions';
import { openTestDatabase } from '../test/test-database';

/*
 * What the database refuses despite the schemas answers 400, never a 500, and what is logged
 * about a failure stays short however large the input. The app is built as in production (its
 * logger options), writing its log to memory; two routes registered here send a value past the
 * schemas straight to the real database (PGlite, or PostgreSQL with TEST_DB_DRIVER=pg).
 */

const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let database: DatabaseHandle;
let filesDir: string;
let app: Awaited<ReturnType<typeof buildApp>>;
let owner: SignedIn;

/** Text PostgreSQL cannot compress: an index entry of it is as long as the text. */
function noise(length: number) {
  let text = '';
  let seed = 7;
  while (text.length < length) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    text += String.fromCharCode(33 + (seed % 94));
  }
  return text;
}

beforeAll(async () => {
  database = await openTestDatabase();
  filesDir = mkdtempSync(path.join(tmpdir(), 'locus-files-'));
  app = await buildApp({
    database,
    files: createDiskFileStore(filesDir),
    config: { clientDir: '/nonexistent-client-dir', superAdminEmails: [], production: false },
    logger: { ...(loggerOptions('info') as object), stream: logStream },
  });
  // A tag name past the schema, inserted as it is: the tags' unique index cannot hold it.
  app.post('/api/test/index-row', { config: { access: 'authenticated' } }, async (request) => {
    const [row] = await database.db
      .insert(tags)
      .values({ organizationId: request.auth!.user.organizationId, name: noise(3000), color: '#3b82f6' })
      .returning();
    return row;
  });
  // A failing query (no such table) whose parameter is 1 MB: a 500, logged.
  app.post('/api/test/failing-query', { config: { access: 'authenticated' } }, async () => {
    await database.db.execute(sql`select * from no_such_table where name = ${'y'.repeat(1024 * 1024)}`);
    return {};
  });
  await app.ready();
  owner = await registerOrganizationOwner(app);
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('database errors the schemas did not catch', () => {
  it('answers an index entry too large (54000) with 400 and a clear message, no stack trace', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/index-row',
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'A value is too long to store' });
  });
});

describe('log lines', () => {
  it('keep a failed query with a 1 MB parameter short, and a 100,000-character URL too', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/failing-query',
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error' });
    const failure = lines.find((line) => line.includes('request failed'));
    expect(failure).toBeDefined();
    expect(failure).toContain('no_such_table');
    expect(failure).toContain('characters]');
    expect(failure?.length).toBeLessThan(16 * 1024);

    lines.length = 0;
    const search = await app.inject({
      method: 'GET',
      url: `/api/leads?search=${'z'.repeat(100_000)}`,
      headers: { cookie: owner.cookie },
    });
    expect(search.statusCode).toBe(400);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.length).toBeLessThan(maxLoggedTextLength + 1024);
  });
});
