import { integrations } from '../../db/schema/integrations';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { recordAuditEvent } from '../audit/record-audit-event';
import { integrationNotFoundMessage } from './find-integration';

/**
 * DELETE /api/integrations/:id. Its logs go with it (cascade); deliveries still queued find no
 * integration and end without sending.
 */
export async function deleteIntegration(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(integrationNotFoundMessage);
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(integrations)
      .where(rowInOrganization(integrations, ctx.orgId, id))
      .returning({ id: integrations.id, name: integrations.name, type: integrations.type });
    if (!deleted) throw notFound(integrationNotFoundMessage);
    await recordAuditEvent(tx, ctx, {
      action: 'integration.deleted',
      resource: 'integrations',
      resourceId: deleted.id,
      details: { name: deleted.name, type: deleted.type },
    });
  });
}
