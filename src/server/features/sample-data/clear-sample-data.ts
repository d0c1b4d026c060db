import { and, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import { activities, clients, companies, deals, leads } from '../../db/schema/crm';
import { documentInstances } from '../../db/schema/documents';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { assertNothingRetained } from '../signing/retention';
import type { SampleDataCounts } from './sample-data-counts';

export const sampleHoldsSealedMessage =
  'Some sample records hold signed and sealed documents, kept as evidence; the sample data cannot be cleared. Nothing was deleted.';

/**
 * DELETE /api/sample-data: removes the organization's sample leads, clients, companies and deals
 * in one transaction, and with them what hangs off them only (their activities, lead activities
 * and documents go by the foreign keys' cascades). Real records are never deleted:
 * - a real record that points at a sample one loses the link (the foreign keys set null): a real
 *   deal's relatedClient, a real lead's convertedClientId, a real client's leadId;
 * - an activity or a document on both a sample and a real record stays with the real one.
 * Answers how many of each were removed; a second call finds nothing and answers zeros.
 */
export async function clearSampleData(ctx: ServiceContext): Promise<SampleDataCounts> {
  const org = ctx.orgId;
  return ctx.db.transaction(async (tx) => {
    const sampleClients = tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.organizationId, org), eq(clients.isSampleData, true)));
    const sampleDeals = tx
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.organizationId, org), eq(deals.isSampleData, true)));
    await assertNothingRetained(tx, org, { deals: sampleDeals }, sampleHoldsSealedMessage);
    await assertNothingRetained(tx, org, { clients: sampleClients }, sampleHoldsSealedMessage);

    for (const table of [activities, documentInstances]) {
      await tx
        .update(table)
        .set({ clientId: null })
        .where(
          and(
            eq(table.organizationId, org),
            inArray(table.clientId, sampleClients),
            isNotNull(table.dealId),
            notInArray(table.dealId, sampleDeals),
          ),
        );
      await tx
        .update(table)
        .set({ dealId: null })
        .where(
          and(
            eq(table.organizationId, org),
            inArray(table.dealId, sampleDeals),
            isNotNull(table.clientId),
            notInArray(table.clientId, sampleClients),
          ),
        );
    }

    const removedDeals = await tx
      .delete(deals)
      .where(and(eq(deals.organizationId, org), eq(deals.isSampleData, true)))
      .returning({ id: deals.id });
    const removedClients = await tx
      .delete(clients)
      .where(and(eq(clients.organizationId, org), eq(clients.isSampleData, true)))
      .returning({ id: clients.id });
    const removedLeads = await tx
      .delete(leads)
      .where(and(eq(leads.organizationId, org), eq(leads.isSampleData, true)))
      .returning({ id: leads.id });
    const removedCompanies = await tx
      .delete(companies)
      .where(and(eq(companies.organizationId, org), eq(companies.isSampleData, true)))
      .returning({ id: companies.id });

    const removed = {
      leads: removedLeads.length,
      clients: removedClients.length,
      companies: removedCompanies.length,
      deals: removedDeals.length,
    };
    // A second call that finds nothing changed nothing: no entry.
    if (Object.values(removed).some((n) => n > 0)) {
      await recordAuditEvent(tx, ctx, { action: 'sample_data.cleared', details: removed });
    }
    return removed;
  });
}
