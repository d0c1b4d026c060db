import { afterAll, describe, expect, it } from 'vitest';
import { newPgPool } from './open-postgres';

/* PostgreSQL only: the app's pool plans every statement for its parameters (docs/decisions/046). */
const serverUrl = process.env.TEST_DATABASE_URL;
const skip = !serverUrl || process.env.TEST_DB_DRIVER === 'pglite';

describe.skipIf(skip)('newPgPool', () => {
  const pool = skip ? undefined : newPgPool(serverUrl as string, 2);
  afterAll(() => pool?.end());

  it('keeps a named statement on custom plans past the five runs that may make it generic', async () => {
    const client = await (pool as NonNullable<typeof pool>).connect();
    try {
      const { rows } = await client.query('show plan_cache_mode');
      expect(rows[0].plan_cache_mode).toBe('force_custom_plan');
      for (let i = 0; i < 8; i++) {
        await client.query({ name: 'locus_pool_test', text: 'select $1::int + 1 as n', values: [i] });
      }
      const [statement] = (
        await client.query(
          "select generic_plans, custom_plans from pg_prepared_statements where name = 'locus_pool_test'",
        )
      ).rows;
      expect(statement).toEqual({ generic_plans: '0', custom_plans: '8' });
    } finally {
      client.release();
    }
  });

  it("keeps the URL's own start-up options, and custom plans even where they ask otherwise", async () => {
    const url = new URL(serverUrl as string);
    url.searchParams.set('options', '-c statement_timeout=4321 -c plan_cache_mode=auto');
    const own = newPgPool(url.toString(), 1);
    try {
      const { rows } = await own.query(
        "select current_setting('statement_timeout') as timeout, current_setting('plan_cache_mode') as mode",
      );
      expect(rows[0]).toEqual({ timeout: '4321ms', mode: 'force_custom_plan' });
    } finally {
      await own.end();
    }
  });
});
