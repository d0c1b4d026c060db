import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db';
import { openTestDatabase } from '../test/test-database';
import { AppError } from './app-error';
import {
  containsPattern,
  encodeCursor,
  exactTotalLimit,
  type KeysetSpec,
  listTotal,
  paginate,
  paginateJsonItems,
  planKeysetPage,
} from './keyset-pagination';

const probe = pgTable('keyset_probe', {
  id: uuid('id').primaryKey(),
  groupId: integer('group_id').notNull(),
  label: text('label'),
  score: integer('score'),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

const spec: KeysetSpec = {
  sortable: { label: probe.label, score: probe.score, at: probe.at, lowerLabel: sql`lower(${probe.label})` },
  defaultSort: 'at',
  id: probe.id,
};

interface ProbeRow {
  id: string;
  label: string | null;
  score: number | null;
  at: string;
}

let database: DatabaseHandle;
const rows: ProbeRow[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table keyset_probe (
    id uuid primary key, group_id int not null, label text, score int, at timestamptz not null)`);
  // Ties, nulls and timestamps that differ only in microseconds (a JS Date would lose them).
  const labels = ['b', 'a', null, 'b', 'c', null, 'a', 'B', 'b', null, 'd', 'a'];
  for (let i = 0; i < labels.length; i++) {
    const row = {
      id: randomUUID(),
      label: labels[i],
      score: i % 4 === 0 ? null : i % 3,
      at: `2025-01-01 00:00:00.00010${i % 3}+00`,
    };
    rows.push(row);
    await database.db.execute(
      sql`insert into keyset_probe values (${row.id}, 1, ${row.label}, ${row.score}, ${row.at}::timestamptz)`,
    );
  }
  await database.db.execute(sql`insert into keyset_probe values (${randomUUID()}, 2, 'other', 1, now())`);
});
afterAll(() => database.close());

async function walk(sort: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const page = await paginate(
      {
        db: database.db,
        from: probe,
        fields: { id: probe.id, label: probe.label },
        where: eq(probe.groupId, 1),
        spec,
        query: { limit, cursor, sort },
      },
      (row) => ({ id: row.id, label: row.label }),
    );
    expect(page.total).toBe(rows.length);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    for (const item of page.items) expect(Object.keys(item).toSorted()).toEqual(['id', 'label']);
    ids.push(...page.items.map((item) => item.id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
  throw new Error('did not finish');
}

async function allInOrder(sort: string) {
  const descending = sort.startsWith('-');
  const key = spec.sortable[descending ? sort.slice(1) : sort];
  const order = descending
    ? sql`${key} desc nulls first, ${probe.id} desc`
    : sql`${key} asc nulls last, ${probe.id} asc`;
  const result = await database.db
    .select({ id: probe.id })
    .from(probe)
    .where(eq(probe.groupId, 1))
    .orderBy(order);
  return result.map((r) => r.id);
}

const fails = (query: Parameters<typeof planKeysetPage>[0]) => {
  try {
    planKeysetPage(query, spec);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a failure');
};

const probeJson = sql<string>`json_build_object('id', ${probe.id}, 'label', ${probe.label})::text`;

/** Every page of `paginateJsonItems` and of `paginate` for the same list, side by side. */
async function walkBoth(sort: string, limit: number, groupId = 1) {
  const pages: { json: unknown; plain: unknown }[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 50; n++) {
    const list = { db: database.db, from: probe, where: eq(probe.groupId, groupId), spec };
    const json = await paginateJsonItems({
      ...list,
      fields: { id: probe.id, json: probeJson },
      query: { limit, cursor, sort },
    });
    const plain = await paginate(
      { ...list, fields: { id: probe.id, label: probe.label }, query: { limit, cursor, sort } },
      (row) => ({ id: row.id, label: row.label }),
    );
    pages.push({
      json: { items: JSON.parse(`[${json.itemsJson}]`), nextCursor: json.nextCursor, total: json.total },
      plain,
    });
    if (!plain.nextCursor) return pages;
    cursor = plain.nextCursor;
  }
  throw new Error('did not finish');
}

describe('keyset pagination', () => {
  it.each(['label', '-label', 'score', '-score', 'at', '-at', 'lowerLabel', '-lowerLabel'])(
    'of items written as JSON gives the pages, cursors and totals of rows in %s order',
    async (sort) => {
      for (const limit of [1, 2, 5, 11, 12, 50]) {
        for (const { json, plain } of await walkBoth(sort, limit)) expect(json).toEqual(plain);
      }
    },
  );

  it('of items written as JSON answers an empty list with no items, no cursor and a total of 0', async () => {
    expect(await walkBoth('at', 5, 99)).toEqual([
      { json: { items: [], nextCursor: null, total: 0 }, plain: { items: [], nextCursor: null, total: 0 } },
    ]);
  });

  it.each(['label', '-label', 'score', '-score', 'at', '-at', 'lowerLabel', '-lowerLabel'])(
    'walks every row exactly once in %s order, whatever the page size',
    async (sort) => {
      const expected = await allInOrder(sort);
      expect(new Set(expected).size).toBe(rows.length);
      for (const limit of [1, 2, 5, 12, 50]) expect(await walk(sort, limit)).toEqual(expected);
    },
  );

  it('sorts by the default when none is given and answers nextCursor null on the last page', async () => {
    const page = await paginate(
      {
        db: database.db,
        from: probe,
        fields: { id: probe.id },
        where: eq(probe.groupId, 1),
        spec,
        query: {},
      },
      (row) => ({ id: row.id }),
    );
    expect(page.items.map((r) => r.id)).toEqual(await allInOrder('at'));
    expect(Object.keys(page.items[0])).toEqual(['id']);
    expect(page.nextCursor).toBeNull();
  });

  it('refuses unknown sorts, malformed cursors and cursors made for another sort', () => {
    expect(fails({ sort: 'groupId' })).toMatchObject({ statusCode: 400, errors: [{ path: 'sort' }] });
    expect(fails({ sort: '-constructor' }).statusCode).toBe(400);
    for (const cursor of [
      'not base64!',
      encodeCursor({ s: 'at', v: 'x', id: 'not-a-uuid' }),
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('null').toString('base64url'),
      encodeCursor({ s: 'label', v: 'a', id: randomUUID() }),
    ]) {
      const error = fails({ cursor, sort: 'at' });
      expect(error).toBeInstanceOf(AppError);
      expect(error.message).toBe('Invalid cursor');
    }
  });

  it('caps the page size at 200 and defaults it to 50', () => {
    expect(planKeysetPage({}, spec).limit).toBe(50);
    expect(planKeysetPage({ limit: 1000 }, spec).limit).toBe(200);
    expect(planKeysetPage({ limit: 7 }, spec).fetch).toBe(8);
  });

  it('answers a page and its total in one statement, each group only its own rows', async () => {
    const statements = vi.spyOn(database.db._.session, 'prepareQuery');
    try {
      const pageOf = (groupId: number) =>
        paginate(
          {
            db: database.db,
            from: probe,
            fields: { id: probe.id, label: probe.label },
            where: eq(probe.groupId, groupId),
            spec,
            query: { limit: 5 },
          },
          (row) => row,
        );
      const first = await pageOf(1);
      expect(statements).toHaveBeenCalledTimes(1);
      expect(first.total).toBe(rows.length);
      expect(first.items.map((item) => item.id)).toEqual((await allInOrder('at')).slice(0, 5));
      // The same statement with the other group's value: its one row and its own total.
      statements.mockClear();
      const other = await pageOf(2);
      expect(statements).toHaveBeenCalledTimes(1);
      expect(other).toMatchObject({ total: 1, nextCursor: null, items: [{ label: 'other' }] });
      expect(await pageOf(3)).toEqual({ items: [], nextCursor: null, total: 0 });
    } finally {
      statements.mockRestore();
    }
  });

  it('counts apart when a cursor leads to an empty page (its rows deleted meanwhile)', async () => {
    const ordered = await allInOrder('at');
    const [last] = await database.db
      .select({ at: sql<string>`${probe.at}::text` })
      .from(probe)
      .where(eq(probe.id, ordered.at(-1) as string));
    const page = await paginate(
      {
        db: database.db,
        from: probe,
        fields: { id: probe.id },
        where: eq(probe.groupId, 1),
        spec,
        query: { cursor: encodeCursor({ s: 'at', v: last.at, id: ordered.at(-1) as string }) },
      },
      (row) => row,
    );
    expect(page).toEqual({ items: [], nextCursor: null, total: rows.length });
  });

  it('joins a table for a field, and refuses a join that carries a parameter (it is written once)', async () => {
    const other = sql`left join keyset_probe as twin on twin.id = ${probe.id}`;
    const page = await paginate(
      {
        db: database.db,
        from: probe,
        join: other,
        fields: { id: probe.id, twinLabel: sql<string | null>`twin.label` },
        where: eq(probe.groupId, 1),
        spec,
        query: { sort: 'label', limit: 1 },
      },
      (row) => ({ id: row.id, twinLabel: row.twinLabel }),
    );
    const [first] = await database.db
      .select({ id: probe.id, label: probe.label })
      .from(probe)
      .where(eq(probe.groupId, 1))
      .orderBy(probe.label, probe.id)
      .limit(1);
    expect(page.items).toEqual([{ id: first.id, twinLabel: first.label }]);
    await expect(
      paginate(
        {
          db: database.db,
          from: probe,
          join: sql`left join keyset_probe as twin on twin.id = ${probe.id} and twin.group_id = ${1}`,
          fields: { id: probe.id },
          where: eq(probe.groupId, 1),
          spec,
          query: {},
        },
        (row) => row,
      ),
    ).rejects.toThrow('a list join must not carry parameters');
  });

  it('escapes LIKE pattern characters in search terms', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

const totalProbe = pgTable('total_probe', {
  id: integer('id').primaryKey(),
  bucket: integer('bucket').notNull(),
});

const totalOf = (buckets: number | undefined) =>
  listTotal(
    database.db,
    totalProbe,
    buckets === undefined ? undefined : sql`${totalProbe.bucket} < ${buckets}`,
  );

/** A page of the rows in buckets under `buckets`, by id. */
const pageUnder = (buckets: number) =>
  paginate(
    {
      db: database.db,
      from: totalProbe,
      fields: { id: totalProbe.id, bucket: totalProbe.bucket },
      where: sql`${totalProbe.bucket} < ${buckets}`,
      spec: { sortable: { id: totalProbe.id }, defaultSort: 'id', id: totalProbe.id },
      query: { limit: 3 },
    },
    (row) => row,
  );

describe('list totals', () => {
  // 120,000 rows in 120 buckets of 1,000: totals on either side of the exact limit (10,000).
  beforeAll(async () => {
    await database.db.execute(sql`create table total_probe (id int primary key, bucket int not null)`);
    await database.db.execute(
      sql`insert into total_probe select i, i % 120 from generate_series(1, 120000) as g(i)`,
    );
    await database.db.execute(sql`analyze total_probe`);
  });

  it('counts exactly up to the limit', async () => {
    expect(exactTotalLimit).toBe(10_000);
    expect(await totalOf(0)).toBe(0);
    expect(await totalOf(3)).toBe(3_000);
    expect(await totalOf(10)).toBe(10_000);
  });

  it('answers an estimate, never below the rows counted, above the limit', async () => {
    const justAbove = await totalOf(11);
    expect(justAbove).toBeGreaterThan(10_000);
    expect(Math.abs(justAbove - 11_000)).toBeLessThan(11_000 * 0.2);
    const all = await totalOf(undefined);
    expect(Math.abs(all - 120_000)).toBeLessThan(120_000 * 0.05);
  });

  it('keeps an estimate only for the rows it was made for: other values are counted', async () => {
    const large = await pageUnder(40);
    expect(large.total).toBeGreaterThan(exactTotalLimit);
    // The same statement text: the kept estimate is not answered for another value.
    const small = await pageUnder(2);
    expect(small.total).toBe(await totalOf(2));
    expect(small.total).toBeLessThanOrEqual(2_000);
    for (const item of small.items) expect(item.bucket).toBeLessThan(2);
    expect((await pageUnder(40)).total).toBe(large.total);
  });

  it('keeps an approximate total for a few seconds, and counts and plans again after', async () => {
    const before = await totalOf(undefined);
    expect(before).toBeGreaterThan(100_000);
    const justAbove = await totalOf(11);
    await database.db.execute(sql`delete from total_probe where id > 60000`);
    await database.db.execute(sql`analyze total_probe`);
    expect(await totalOf(undefined)).toBe(before);
    expect(await totalOf(11)).toBe(justAbove);
    // Small totals are counted, never kept: the deletion (half of each bucket) shows at once.
    expect(await totalOf(3)).toBe(1_500);
    const later = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 11_000);
    try {
      const after = await totalOf(undefined);
      expect(Math.abs(after - 60_000)).toBeLessThan(60_000 * 0.05);
      // 5,500 rows now: under the limit, so counted exactly.
      expect(await totalOf(11)).toBe(5_500);
    } finally {
      later.mockRestore();
    }
  });

  it('counts a list last counted small without the cap: grown past the limit meanwhile, it is counted whole', async () => {
    await database.db.execute(sql`create table growing_probe (id int primary key, bucket int not null)`);
    await database.db.execute(sql`insert into growing_probe select i, 0 from generate_series(1, 3) as g(i)`);
    await database.db.execute(sql`analyze growing_probe`);
    const growing = pgTable('growing_probe', {
      id: integer('id').primaryKey(),
      bucket: integer('bucket').notNull(),
    });
    const total = () => listTotal(database.db, growing, sql`${growing.bucket} = 0`);
    expect(await total()).toBe(3);
    // An import: the planner, whose statistics still say 3 rows, would estimate far off.
    await database.db.execute(
      sql`insert into growing_probe select i, 0 from generate_series(4, 12345) as g(i)`,
    );
    const grown = await total();
    expect(grown).toBe(12_345);
    // Now a large list: its total kept a few seconds, as any large list's.
    await database.db.execute(
      sql`insert into growing_probe select i, 0 from generate_series(12346, 12400) as g(i)`,
    );
    expect(await total()).toBe(grown);
  });
});
