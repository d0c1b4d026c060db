import { and, eq, ilike, or } from 'drizzle-orm';
import { z } from 'zod';
import { enumField } from '../../../common/validation/common';
import { deploymentEnvironments, deploymentStatuses } from '../../../common/validation/platform-values';
import { deployments } from '../../db/schema/platform';
import type { Database } from '../../db';
import { containsPattern, listQuerySchema, paginate } from '../../lib/keyset-pagination';

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/super-admin/deployments: search, environment and status filters, keyset pages. */
export const listDeploymentsQuerySchema = listQuerySchema.extend({
  environment: z.preprocess(
    blankToUndefined,
    enumField(deploymentEnvironments, 'Environment must be production, staging or development').optional(),
  ),
  status: z.preprocess(
    blankToUndefined,
    enumField(deploymentStatuses, 'Status must be success, failed, in progress or rolled back').optional(),
  ),
});
export type ListDeploymentsQuery = z.infer<typeof listDeploymentsQuerySchema>;

const deploymentFields = {
  id: deployments.id,
  version: deployments.version,
  releaseType: deployments.releaseType,
  environment: deployments.environment,
  status: deployments.status,
  deployedAt: deployments.deployedAt,
  deployedBy: deployments.deployedBy,
  commitHash: deployments.commitHash,
  commitMessage: deployments.commitMessage,
  releaseNotes: deployments.releaseNotes,
  createdAt: deployments.createdAt,
};

export type DeploymentRow = {
  [K in keyof typeof deploymentFields]: (typeof deployments.$inferSelect)[K];
};

// Newest first by default; deployedAt is indexed (deployments_deployed_at_idx).
const deploymentSpec = {
  sortable: { deployedAt: deployments.deployedAt, version: deployments.version },
  defaultSort: '-deployedAt',
  id: deployments.id,
};

/** What the screen shows of a deployment (dates as ISO text). */
export function presentDeployment(row: DeploymentRow) {
  return {
    id: row.id,
    version: row.version,
    releaseType: row.releaseType,
    environment: row.environment,
    status: row.status,
    deployedAt: row.deployedAt.toISOString(),
    deployedBy: row.deployedBy,
    commitHash: row.commitHash,
    commitMessage: row.commitMessage,
    releaseNotes: row.releaseNotes,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listDeployments(db: Database, query: ListDeploymentsQuery) {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(
    query.environment ? eq(deployments.environment, query.environment) : undefined,
    query.status ? eq(deployments.status, query.status) : undefined,
    pattern
      ? or(
          ilike(deployments.version, pattern),
          ilike(deployments.commitHash, pattern),
          ilike(deployments.commitMessage, pattern),
          ilike(deployments.deployedBy, pattern),
        )
      : undefined,
  );
  return paginate(
    { db, from: deployments, fields: deploymentFields, where, spec: deploymentSpec, query },
    (row) => presentDeployment(row as DeploymentRow),
  );
}
