import { deployments } from '../../db/schema/platform';
import type { Database } from '../../db';
import type { ReleaseType } from './get-latest-release';

export interface RecordReleaseInput {
  version: string;
  releaseType: ReleaseType;
  releaseNotes: string;
  commitHash?: string | null;
  commitMessage?: string | null;
  deployedBy?: string | null;
}

/** Records a successful production deployment: from then on it is the latest release. */
export async function recordRelease({ db, ...input }: { db: Database } & RecordReleaseInput) {
  const [row] = await db
    .insert(deployments)
    .values({
      version: input.version,
      releaseType: input.releaseType,
      releaseNotes: input.releaseNotes,
      commitHash: input.commitHash ?? null,
      commitMessage: input.commitMessage ?? null,
      deployedBy: input.deployedBy ?? null,
      status: 'success',
      environment: 'production',
    })
    .returning();
  return row;
}
