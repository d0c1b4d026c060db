import type { z } from 'zod';
import type { recordDeploymentSchema } from '../../../common/validation/releases';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { presentDeployment } from './list-deployments';
import { recordRelease } from './record-release';

/**
 * POST /api/super-admin/deployments: a release recorded from the screen, as `npm run release`
 * records one, with any environment and status. A successful production one becomes the latest
 * release users are shown. Audited at platform level (no organization).
 */
export async function recordDeployment(
  ctx: ServiceContext,
  deployedBy: string,
  input: z.infer<typeof recordDeploymentSchema>,
) {
  const row = await ctx.db.transaction(async (tx) => {
    const created = await recordRelease({
      db: tx,
      version: input.version,
      releaseType: input.releaseType,
      releaseNotes: input.releaseNotes ?? null,
      commitHash: input.commitHash?.toLowerCase() ?? null,
      commitMessage: input.commitMessage ?? null,
      deployedBy,
      environment: input.environment,
      status: input.status,
      deployedAt: input.deployedAt ? new Date(input.deployedAt) : undefined,
    });
    await recordAuditEvent(
      tx,
      { orgId: null, actor: ctx.actor, client: ctx.client },
      {
        action: 'platform.release_recorded',
        resource: 'deployments',
        resourceId: created.id,
        details: { version: created.version, environment: created.environment, status: created.status },
      },
    );
    return created;
  });
  return presentDeployment(row);
}
