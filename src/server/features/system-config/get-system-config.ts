import type { Database } from '../../db';
import { systemConfig } from '../../db/schema/platform';

export type SystemConfig = typeof systemConfig.$inferSelect;

/** The single platform configuration row, created with the spec's defaults on first read. */
export async function getSystemConfig(db: Database): Promise<SystemConfig> {
  const [existing] = await db.select().from(systemConfig).limit(1);
  if (existing) return existing;
  const [created] = await db.insert(systemConfig).values({}).returning();
  return created;
}
