import { deployments } from '../../db/schema/platform';
import type { Database } from '../../db';
import type { ReleaseType } from './get-latest-release';
import type { deploymentEnvironments, deploymentStatuses } from '../../../common/validation/platform-values';

type DeploymentEnvironment = (typeof deploymentEnvironments)[number];
type DeploymentStatus = (typeof deploymentStatuses)[number];

export interface RecordReleaseInput {
  version: string;
  releaseType: ReleaseType;
  releaseNotes: string | null;
  commitHash?: string | null;
  commitMessage?: string | null;
  deployedBy?: string | null;
  /** The script records successful production deployments; the super-admin screen any of them. */
  environment?: DeploymentEnvironment;
  status?: DeploymentStatus;
  deployedAt?: Date;
}

/**
 * Records a deployment (by default a successful production one: from then on it is the latest
 * release). Pass a transaction as `db` to record it together with its audit event.
 */
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
      status: input.status ?? 'success',
      environment: input.environment ?? 'production',
      ...(input.deployedAt && { deployedAt: input.deployedAt }),
    })
    .returning();
  return row;
}
