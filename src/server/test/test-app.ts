import { buildApp } from '../app';
import { openTestDatabase } from './test-database';

export interface TestAppOptions {
  clientDir?: string;
  superAdminEmails?: string[];
  sessionCacheMs?: number;
}

/** A fully built app on a fresh database, called through `app.inject` (no port, no mocks). */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = await openTestDatabase();
  const app = await buildApp({
    database,
    config: {
      clientDir: options.clientDir ?? '/nonexistent-client-dir',
      superAdminEmails: options.superAdminEmails ?? [],
      production: false,
      sessionCacheMs: options.sessionCacheMs,
    },
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
