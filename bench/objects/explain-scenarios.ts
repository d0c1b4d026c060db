import pg from 'pg';
import { type DatabaseConfig, openDatabase } from '../../src/server/db';
import { listCallOf } from '../lists/list-services';
import type { Scenario } from '../lists/scenarios';
import { bigOrg } from '../lists/seed-plan';
import { type CallPlan, pgFloor, pgliteFloor } from '../lists/sql-floor';

/*
 * The query plans behind each scenario: the list service's statements captured as the SQL
 * floor captures them, each run under EXPLAIN ANALYZE with its own parameters, so the report
 * shows which index answered (run before the server starts: a PGlite folder has one owner).
 */

export interface ExplainedStatement {
  text: string;
  plan: string[];
}

/** Index names a plan line uses ("Index Scan using x on …", "Bitmap Index Scan on x"). */
export function indexesOf(plan: string[]): string[] {
  const names = plan.flatMap((line) => [...line.matchAll(/(?:using|Index Scan on) (\w+)/g)].map((m) => m[1]));
  return [...new Set(names)];
}

export async function explainScenarios(
  config: DatabaseConfig,
  scenarios: Scenario[],
): Promise<Map<string, ExplainedStatement[]>> {
  const database = await openDatabase(config);
  const pool = 'databaseUrl' in config ? new pg.Pool({ connectionString: config.databaseUrl, max: 2 }) : null;
  const floor = pool
    ? pgFloor((config as { databaseUrl: string }).databaseUrl)
    : pgliteFloor(database.pglite ?? (undefined as never));
  const explain = async (text: string, params: unknown[]) => {
    const sql = `explain (analyze, costs off) ${text}`;
    const result = pool ? await pool.query(sql, params) : await database.pglite?.query(sql, params);
    return ((result?.rows ?? []) as Record<string, string>[]).map((row) => row['QUERY PLAN']);
  };
  try {
    const plans = new Map<string, ExplainedStatement[]>();
    for (const scenario of scenarios) {
      const call = await listCallOf(database.db, scenario.path, bigOrg.ownerEmail);
      // A first call fills what the service keeps between requests, as the floor's capture does.
      await call(database.db);
      const statements: CallPlan = await floor.capture(call);
      const explained: ExplainedStatement[] = [];
      for (const statement of statements) {
        if (!/^\s*select/i.test(statement.text)) continue;
        explained.push({ text: statement.text, plan: await explain(statement.text, statement.params) });
      }
      plans.set(scenario.id, explained);
    }
    return plans;
  } finally {
    await floor.close();
    await pool?.end();
    await database.close();
  }
}
