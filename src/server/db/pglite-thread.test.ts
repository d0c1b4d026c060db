import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TransactionAbortedError } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './index';
import { pgliteSettings } from './pglite-settings';
import { type PgliteThread, startPgliteThread } from './pglite-thread';

/* The server's PGlite on its own thread answers as PGlite in this thread does (issue 21 §5). */
describe('PGlite on a thread of its own', { timeout: 180_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'locus-pglite-thread-'));
  const dataDir = path.join(dir, 'db');
  let thread: PgliteThread;

  beforeAll(async () => {
    thread = startPgliteThread({ dataDir, settings: pgliteSettings('16MB') });
    await thread.ready;
    await thread.exec(`
      create table things (id int primary key, name text not null unique, at timestamptz, doc jsonb, ok boolean);
      insert into things values (1, 'one', '2026-11-29T10:00:00Z', '{"a":[1,2]}', true);
    `);
  }, 180_000);

  afterAll(async () => {
    await thread?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers queries with parameters, values parsed as PGlite parses them', async () => {
    const { rows, fields } = await thread.query<Record<string, unknown>>(
      'select id, name, at, doc, ok, $1::int + 1 as next from things where id = $2',
      [41, 1],
    );
    expect(fields.map((field) => field.name)).toEqual(['id', 'name', 'at', 'doc', 'ok', 'next']);
    expect(rows).toEqual([
      { id: 1, name: 'one', at: new Date('2026-11-29T10:00:00Z'), doc: { a: [1, 2] }, ok: true, next: 42 },
    ]);
  });

  it("applies the caller's parsers here to the columns the thread left as text, in both row modes", async () => {
    const parsers = { 1184: (text: string) => `at ${text}`, 23: (text: string) => Number(text) * 10 };
    const asObjects = await thread.query('select id, at from things', [], { parsers });
    expect(asObjects.rows).toEqual([{ id: 10, at: 'at 2026-11-29 10:00:00+00' }]);
    const asArrays = await thread.query('select id, at, null::int as missing from things', [], {
      rowMode: 'array',
      parsers,
    });
    expect(asArrays.rows).toEqual([[10, 'at 2026-11-29 10:00:00+00', null]]);
  });

  it("rejects with PostgreSQL's error: its class, code and constraint", async () => {
    const error = await thread
      .query("insert into things (id, name) values (2, 'one')")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'error',
      code: '23505',
      constraint: 'things_name_key',
      table: 'things',
    });
    expect((error as Error).message).toMatch(/duplicate key value/);
  });

  it('commits a transaction, and rolls one back when its callback throws', async () => {
    await thread.transaction(async (tx) => {
      await tx.query("insert into things (id, name) values (3, 'three')");
    });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into things (id, name) values (4, 'four')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await thread.query<{ id: number }>(
      'select id from things where id in (3, 4) order by id',
    );
    expect(rows).toEqual([{ id: 3 }]);
  });

  it('throws TransactionAbortedError when COMMIT answers ROLLBACK, and refuses a closed transaction', async () => {
    let kept: { query(sql: string): Promise<unknown> } | undefined;
    const error = await thread
      .transaction(async (tx) => {
        kept = tx;
        await tx.query("insert into things (id, name) values (5, 'five')");
        // The failed statement is caught, so the callback returns and COMMIT finds the transaction aborted.
        await tx.query("insert into things (id, name) values (6, 'one')").catch(() => undefined);
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionAbortedError);
    expect(error).toMatchObject({ code: '25P02' });
    await expect(kept?.query('select 1')).rejects.toThrow('Transaction is closed');
    const { rows } = await thread.query('select id from things where id = 5');
    expect(rows).toEqual([]);
  });

  it('holds other statements back until an open transaction ends', async () => {
    const gate: { open?: () => void } = {};
    const held = new Promise<void>((resolve) => {
      gate.open = resolve;
    });
    const transaction = thread.transaction(async (tx) => {
      await tx.query("insert into things (id, name) values (7, 'seven')");
      await held;
      await tx.query("update things set name = 'seven, finished' where id = 7");
    });
    const outside = thread.query<{ name: string }>('select name from things where id = 7');
    await new Promise((resolve) => setTimeout(resolve, 50));
    gate.open?.();
    await transaction;
    expect((await outside).rows).toEqual([{ name: 'seven, finished' }]);
  });

  it("runs COPY through PGlite's blob both ways", async () => {
    await thread.query("copy things (id, name) from '/dev/blob' with (format csv)", [], {
      blob: new Blob(['8,eight\n9,nine\n']),
    });
    const { blob } = await thread.query(
      "copy (select id, name from things where id >= 8 order by id) to '/dev/blob'",
    );
    expect(await blob?.text()).toBe('8\teight\n9\tnine\n');
  });

  it('serves drizzle: migrations, a select and a transaction', async () => {
    const database = await openDatabase({ thread });
    await database.migrate();
    const result = await database.db.execute(sql`select count(*)::int as n from organizations`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into things (id, name) values (10, 'ten')`);
        tx.rollback();
      }),
    ).rejects.toThrow(/Rollback/);
    const { rows } = await thread.query('select id from things where id = 10');
    expect(rows).toEqual([]);
  });
});

describe('PGlite on a thread of its own, closed and started again', { timeout: 180_000 }, () => {
  it('keeps what was written, and refuses statements after close', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'locus-pglite-thread-'));
    const dataDir = path.join(dir, 'nested', 'db');
    try {
      const first = startPgliteThread({ dataDir, settings: pgliteSettings() });
      await first.query('create table kept (n int)');
      await first.query('insert into kept values (1)');
      await first.close();
      await expect(first.query('select 1')).rejects.toThrow(/stopped/);
      const second = startPgliteThread({ dataDir, settings: pgliteSettings() });
      try {
        expect((await second.query('select n from kept')).rows).toEqual([{ n: 1 }]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
