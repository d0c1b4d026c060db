import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { deployments } from '../../db/schema/platform';

export const releaseTypes = ['major', 'minor'] as const;
export type ReleaseType = (typeof releaseTypes)[number];

/** What the release dialog shows (product spec §3 "Release"). */
export interface Release {
  version: string;
  releaseType: ReleaseType;
  releaseNotes: string;
  deployedAt: string;
  commitHash: string | null;
}

/**
 * The newest successful production deployment, or null when none has been recorded. A staging or
 * development deployment recorded from the super-admin screen is not a release users received.
 */
export async function getLatestRelease({ db }: { db: Database }): Promise<Release | null> {
  const [row] = await db
    .select({
      version: deployments.version,
      releaseType: deployments.releaseType,
      releaseNotes: deployments.releaseNotes,
      deployedAt: deployments.deployedAt,
      commitHash: deployments.commitHash,
    })
    .from(deployments)
    .where(and(eq(deployments.status, 'success'), eq(deployments.environment, 'production')))
    .orderBy(desc(deployments.deployedAt), desc(deployments.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    version: row.version,
    // Rows recorded by hand may lack a type; a release without one is announced as minor.
    releaseType: row.releaseType === 'major' ? 'major' : 'minor',
    releaseNotes: row.releaseNotes ?? '',
    deployedAt: row.deployedAt.toISOString(),
    commitHash: row.commitHash,
  };
}
