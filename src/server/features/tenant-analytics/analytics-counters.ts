import { sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { entryOf } from '../../../common/map-entry';

/*
 * Tenant analytics (issue 20 §5), collected cheaply: each answered request adds to counters in
 * memory (per organization per UTC day); a flush every minute (and on close) writes them with
 * additive upserts, so several app instances add up instead of overwriting each other. Active
 * users go through tenant_active_users (one row per user per day), so a user seen by two
 * instances counts once.
 *
 * What counts:
 * - a request: any /api/* call by a signed-in user or an API key of the organization;
 * - an API call: such a request made with an API key;
 * - an active user: a user making a request through a session (not a key);
 * - a sign-in: a session started (password, registration, linked account);
 * - an error: a 5xx answer, or a 4xx other than 401, 403 and 404. Those three are the app's
 *   ordinary flow (an expired session, a button a role lacks, a record deleted meanwhile); a 400,
 *   409, 413 or 429 is a request that failed the person who made it.
 * - response time: Fastify's time from request to answer, summed with the request count so the
 *   average stays right however many instances add to the day.
 */

export interface DayCounters {
  organizationId: string;
  date: string;
  requests: number;
  apiCalls: number;
  errors: number;
  responseTimeMs: number;
  signIns: number;
  userIds: Set<string>;
}

export interface AnswerFacts {
  organizationId: string;
  /** The user behind a session; null for an API key's call. */
  userId: string | null;
  viaApiKey: boolean;
  statusCode: number;
  responseTimeMs: number;
}

/** Whether an answer counts as an error (see above). */
export function isErrorStatus(status: number): boolean {
  if (status >= 500) return true;
  return status >= 400 && status !== 401 && status !== 403 && status !== 404;
}

const dayMs = 86_400_000;

/** Rows per statement: 7 parameters each stays far below PostgreSQL's 65,535. */
const rowsPerStatement = 1000;

export interface AnalyticsCounters {
  recordAnswer(facts: AnswerFacts, now?: Date): void;
  recordSignIn(organizationId: string, userId: string, now?: Date): void;
  /** Writes what was counted since the last flush; one flush at a time. */
  flush(): Promise<void>;
  /** Buckets waiting for the next flush (tests, and the size guard). */
  pending(): number;
}

export function createAnalyticsCounters(db: Database): AnalyticsCounters {
  // By day, then organization: a request costs two map lookups, no string building.
  let buckets = new Map<string, Map<string, DayCounters>>();
  let flushing: Promise<void> = Promise.resolve();
  // The current UTC day's name, computed once a day rather than on every request.
  let dayStart = 0;
  let dayEnd = -1;
  let dayName = '';

  function dayOf(ms: number): string {
    if (ms < dayStart || ms >= dayEnd) {
      dayStart = ms - (ms % dayMs);
      dayEnd = dayStart + dayMs;
      dayName = new Date(dayStart).toISOString().slice(0, 10);
    }
    return dayName;
  }

  function bucketOf(organizationId: string, now: Date | undefined): DayCounters {
    const date = dayOf(now ? now.getTime() : Date.now());
    const day = entryOf(buckets, date, () => new Map());
    let bucket = day.get(organizationId);
    if (!bucket) {
      bucket = {
        organizationId,
        date,
        requests: 0,
        apiCalls: 0,
        errors: 0,
        responseTimeMs: 0,
        signIns: 0,
        userIds: new Set(),
      };
      day.set(organizationId, bucket);
    }
    return bucket;
  }

  /** A failed flush puts its counts back, so the next one writes them. */
  function restore(failed: DayCounters[]) {
    for (const old of failed) {
      const bucket = bucketOf(old.organizationId, new Date(`${old.date}T00:00:00Z`));
      bucket.requests += old.requests;
      bucket.apiCalls += old.apiCalls;
      bucket.errors += old.errors;
      bucket.responseTimeMs += old.responseTimeMs;
      bucket.signIns += old.signIns;
      for (const id of old.userIds) bucket.userIds.add(id);
    }
  }

  async function write(batch: DayCounters[]) {
    await db.transaction(async (tx) => {
      for (let i = 0; i < batch.length; i += rowsPerStatement) {
        await upsertDays(tx, batch.slice(i, i + rowsPerStatement));
      }
      const seen = batch.flatMap((bucket) => [...bucket.userIds].map((userId) => ({ ...bucket, userId })));
      for (let i = 0; i < seen.length; i += rowsPerStatement) {
        await insertActiveUsers(tx, seen.slice(i, i + rowsPerStatement));
      }
      const withUsers = batch.filter((bucket) => bucket.userIds.size > 0);
      for (let i = 0; i < withUsers.length; i += rowsPerStatement) {
        await recountActiveUsers(tx, withUsers.slice(i, i + rowsPerStatement));
      }
    });
  }

  async function flushOnce() {
    if (buckets.size === 0) return;
    const taken = [...buckets.values()].flatMap((day) => [...day.values()]);
    buckets = new Map();
    try {
      await write(taken);
    } catch (err) {
      restore(taken);
      throw err;
    }
  }

  return {
    recordAnswer(facts, now) {
      const bucket = bucketOf(facts.organizationId, now);
      bucket.requests += 1;
      if (facts.viaApiKey) bucket.apiCalls += 1;
      if (isErrorStatus(facts.statusCode)) bucket.errors += 1;
      bucket.responseTimeMs += Math.max(0, Math.round(facts.responseTimeMs));
      if (facts.userId) bucket.userIds.add(facts.userId);
    },
    recordSignIn(organizationId, userId, now) {
      const bucket = bucketOf(organizationId, now);
      bucket.signIns += 1;
      bucket.userIds.add(userId);
    },
    flush() {
      // Chained so two flushes never write the same day twice, and a failure does not stop the next.
      const next = flushing.then(flushOnce, flushOnce);
      flushing = next.catch(() => undefined);
      return next;
    },
    pending: () => [...buckets.values()].reduce((total, day) => total + day.size, 0),
  };
}

/**
 * Adds the counts to each organization's day. Organizations deleted since the request are
 * skipped by the join (their rows would break the foreign key); data usage is the
 * organization's stored bytes at the time of the flush, so the last flush of a day wins.
 */
function upsertDays(tx: Database, rows: DayCounters[]) {
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.organizationId}::uuid, ${row.date}::date, ${row.signIns}::int, ${row.apiCalls}::int, ${row.errors}::int, ${row.requests}::int, ${row.responseTimeMs}::bigint)`,
    ),
    sql`, `,
  );
  return tx.execute(sql`
    insert into tenant_analytics as t
      (organization_id, date, total_logins, api_calls, error_count, request_count, response_time_total_ms, data_usage, avg_response_time)
    select v.organization_id, v.date, v.logins, v.api_calls, v.errors, v.requests, v.time_ms, o.storage_used,
      case when v.requests > 0 then round(v.time_ms::numeric / v.requests)::int end
    from (values ${values}) as v (organization_id, date, logins, api_calls, errors, requests, time_ms)
    join organizations o on o.id = v.organization_id
    on conflict (organization_id, date) do update set
      total_logins = t.total_logins + excluded.total_logins,
      api_calls = t.api_calls + excluded.api_calls,
      error_count = t.error_count + excluded.error_count,
      request_count = t.request_count + excluded.request_count,
      response_time_total_ms = t.response_time_total_ms + excluded.response_time_total_ms,
      avg_response_time = case when t.request_count + excluded.request_count > 0
        then round((t.response_time_total_ms + excluded.response_time_total_ms)::numeric
          / (t.request_count + excluded.request_count))::int end,
      data_usage = excluded.data_usage,
      updated_at = now()
  `);
}

/** Users deleted since are skipped by the join. */
function insertActiveUsers(tx: Database, rows: { organizationId: string; date: string; userId: string }[]) {
  const values = sql.join(
    rows.map((row) => sql`(${row.organizationId}::uuid, ${row.date}::date, ${row.userId}::uuid)`),
    sql`, `,
  );
  return tx.execute(sql`
    insert into tenant_active_users (organization_id, date, user_id)
    select v.organization_id, v.date, v.user_id
    from (values ${values}) as v (organization_id, date, user_id)
    join users u on u.id = v.user_id and u.organization_id = v.organization_id
    on conflict do nothing
  `);
}

/** activeUsers is the day's distinct users, counted from the table every instance adds to. */
function recountActiveUsers(tx: Database, rows: DayCounters[]) {
  const values = sql.join(
    rows.map((row) => sql`(${row.organizationId}::uuid, ${row.date}::date)`),
    sql`, `,
  );
  return tx.execute(sql`
    update tenant_analytics t set active_users = (
      select count(*) from tenant_active_users a
      where a.organization_id = t.organization_id and a.date = t.date
    )
    from (values ${values}) as v (organization_id, date)
    where t.organization_id = v.organization_id and t.date = v.date
  `);
}
