import type { Database } from '../db';

/** A transaction of the app's database, as drizzle hands it to `db.transaction`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
