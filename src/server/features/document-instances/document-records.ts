import { and, eq } from 'drizzle-orm';
import { dealNotOfClientMessage } from '../../../common/validation/documents';
import { clients, deals } from '../../db/schema/crm';
import { documentTemplates } from '../../db/schema/documents';
import { invalidField, notFound } from '../../lib/app-error';
import { actorCan, isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { clientNotFoundMessage } from '../clients/present-client';
import { dealNotFoundMessage } from '../deals/present-deal';

export const documentTemplateNotFoundMessage = 'Document template not found';

/** The template a document is made from: one of the caller's organization (404 otherwise). */
export async function templateForDocument(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(documentTemplateNotFoundMessage);
  const [template] = await ctx.db
    .select({ id: documentTemplates.id, name: documentTemplates.name, content: documentTemplates.content })
    .from(documentTemplates)
    .where(rowInOrganization(documentTemplates, ctx.orgId, id))
    .limit(1);
  if (!template) throw notFound(documentTemplateNotFoundMessage);
  return template;
}

/**
 * The client and deal a document is for, checked: each of the caller's organization and
 * readable by the caller (else "not found", as on its own page), the deal one of the client's.
 * A deal given alone brings its client, so the document shows on the client's page too.
 */
export async function recordsForDocument(
  ctx: ServiceContext,
  input: { clientId?: string | null; dealId?: string | null },
): Promise<{ clientId: string | null; dealId: string | null }> {
  const clientId = input.clientId ?? null;
  if (clientId) {
    if (!actorCan(ctx.actor, 'clients', 'read')) throw notFound(clientNotFoundMessage);
    const [client] = await ctx.db
      .select({ id: clients.id })
      .from(clients)
      .where(rowInOrganization(clients, ctx.orgId, clientId))
      .limit(1);
    if (!client) throw notFound(clientNotFoundMessage);
  }
  if (!input.dealId) return { clientId, dealId: null };
  if (!actorCan(ctx.actor, 'deals', 'read')) throw notFound(dealNotFoundMessage);
  const [deal] = await ctx.db
    .select({ relatedClient: deals.relatedClient })
    .from(deals)
    .where(and(eq(deals.organizationId, ctx.orgId), eq(deals.id, input.dealId)))
    .limit(1);
  if (!deal) throw notFound(dealNotFoundMessage);
  if (clientId && deal.relatedClient !== clientId) throw invalidField('dealId', dealNotOfClientMessage);
  return { clientId: clientId ?? deal.relatedClient, dealId: input.dealId };
}
