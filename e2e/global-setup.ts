import { rmSync } from 'node:fs';
import path from 'node:path';

/** A migrated PGlite data directory that each worker's server starts from a copy of (fixtures.ts). */
export const e2eTemplateDir = path.resolve('.tmp/e2e-pglite-template');

/**
 * Creating a PGlite data directory (its initdb) and migrating it is most of a server's start; done
 * once per run, each worker copies the result and its server's own migrate finds nothing to do.
 * Made afresh each run, so a new migration is always in it. The database module loads here only,
 * not in every worker that imports the path above.
 */
export default async function globalSetup() {
  const { openDatabase } = await import('../src/server/db');
  rmSync(e2eTemplateDir, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: e2eTemplateDir });
  await database.migrate();
  await database.close();
}
