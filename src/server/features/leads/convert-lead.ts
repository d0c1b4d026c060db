import { emitWebhookEvent } from '../webhooks/emit-webhook-event';
import { and, asc, eq, sql } from 'drizzle-orm';
import { convertedDealName } from '../../../common/converted-deal-name';
import type { ConvertLeadInput } from '../../../common/validation/leads';
import type { Database } from '../../db';
import { activities, clients, deals, leadActivities, leads } from '../../db/schema/crm';
import { organizations } from '../../db/schema/identity';
import { pipelines, stages } from '../../db/schema/lists';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { actorCan, isUuid, type ServiceContext } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import { clientFields, presentClient } from '../clients/present-client';
import { carryCustomFields } from '../custom-fields/resolve-custom-fields';
import { closedAtOnCreate } from '../deals/deal-closing';
import { dealFields, presentDeal } from '../deals/present-deal';
import { dealValueToStore } from '../surplus/deal-value';
import { clientAddressFromLead } from './client-address-from-lead';
import { leadFields, leadNotFoundMessage, presentLead } from './present-lead';

export const alreadyConvertedMessage = 'Lead has already been converted';
/** The stage when the organization has no default pipeline with an active stage (the storage default). */
export const fallbackStage = 'proposal';

/** The first active stage of the organization's default pipeline, or 'proposal'. */
async function firstStage(tx: Database, orgId: string): Promise<string> {
  const [stage] = await tx
    .select({ name: stages.name })
    .from(stages)
    .innerJoin(
      pipelines,
      and(eq(pipelines.id, stages.pipelineId), eq(pipelines.organizationId, stages.organizationId)),
    )
    .where(
      and(
        eq(stages.organizationId, orgId),
        eq(pipelines.isDefault, true),
        eq(pipelines.isActive, true),
        eq(stages.isActive, true),
      ),
    )
    .orderBy(asc(stages.orderIndex), asc(stages.createdAt))
    .limit(1);
  return stage?.name ?? fallbackStage;
}

/** A client already made from the lead (also one linked to it by hand through `leadId`). */
async function hasClient(tx: Database, orgId: string, leadId: string): Promise<boolean> {
  const [client] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.organizationId, orgId), eq(clients.leadId, leadId)))
    .limit(1);
  return Boolean(client);
}

/**
 * The lead's history (calls, e-mails, notes, open tasks with their due dates and attachments) onto
 * the client's timeline, as it happened: same author, times and status. The lead keeps its own
 * copies, so its page still tells the story; a copied open task is the client's to finish.
 */
async function copyLeadActivities(tx: Database, orgId: string, leadId: string, clientId: string) {
  await tx.execute(sql`
    insert into ${activities} (
      organization_id, client_id, user_id, type, subject, description, email_content, attachments,
      status, due_date, completed_at, created_at, updated_at
    )
    select organization_id, ${clientId}, user_id, type, subject, description, email_content, attachments,
      status, due_date, completed_at, created_at, updated_at
    from ${leadActivities}
    where organization_id = ${orgId} and lead_id = ${leadId}
    order by created_at, id`);
}

async function defaultDealName(tx: Database, orgId: string, leadName: string): Promise<string> {
  const [organization] = await tx
    .select({ industrySector: organizations.industrySector })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return convertedDealName(leadName, organization?.industrySector);
}

/**
 * POST /api/leads/:id/convert, in one transaction: a client from the lead (its contact details,
 * address, notes, tags and owner, and a copy of its activities),
 * optionally a deal for that client (in the default pipeline's first stage), a note on both
 * sides, and the lead marked Converted with the client's id. The route needs leads:update; the
 * client (and deal) it creates also need clients:create (and deals:create). Custom field values
 * the lead shares with them by key carry over; their fields' defaults fill the rest; a deal's
 * value is the expected fee of the surplus case it carries.
 */
export async function convertLead(ctx: ServiceContext, id: string, input: ConvertLeadInput) {
  if (!actorCan(ctx.actor, 'clients', 'create')) throw forbidden();
  // A deal is made only by someone who may see it afterwards.
  const mayMakeDeal = actorCan(ctx.actor, 'deals', 'read') && actorCan(ctx.actor, 'deals', 'create');
  if (input.createDeal && !mayMakeDeal) throw forbidden();
  if (!isUuid(id)) throw notFound(leadNotFoundMessage);

  return ctx.db.transaction(async (tx) => {
    // Locked: two conversions of the same lead at once make one client, not two.
    const [lead] = await tx
      .select(leadFields)
      .from(leads)
      .where(rowInOrganization(leads, ctx.orgId, id))
      .for('update');
    if (!lead) throw notFound(leadNotFoundMessage);
    // Converted means a client came from the lead: a status merely set to "Converted" is no client.
    if (lead.convertedClientId || (await hasClient(tx, ctx.orgId, lead.id))) {
      throw conflict(alreadyConvertedMessage);
    }
    const now = new Date();

    const [client] = await tx
      .insert(clients)
      .values({
        organizationId: ctx.orgId,
        displayName: lead.fullName || lead.businessName || 'Client',
        // The claimant's contact details come along: a client is who the business keeps talking to.
        email: lead.email,
        phone: lead.phone,
        phoneType: lead.phoneType,
        ...clientAddressFromLead(lead.location, lead.customFields),
        notes: lead.notes,
        status: 'active',
        assignedTo: lead.assignedOwner,
        tags: lead.tags,
        leadId: lead.id,
        lastContactDate: lead.lastContactDate,
        customFields: await carryCustomFields({ db: tx, orgId: ctx.orgId }, 'client', lead.customFields),
      })
      .returning(clientFields);

    let deal: typeof deals.$inferSelect | null = null;
    if (input.createDeal) {
      const dealName = input.dealName ?? (await defaultDealName(tx, ctx.orgId, lead.fullName));
      const stage = await firstStage(tx, ctx.orgId);
      const txCtx = { db: tx, orgId: ctx.orgId };
      const customFields = await carryCustomFields(txCtx, 'deal', lead.customFields);
      [deal] = await tx
        .insert(deals)
        .values({
          organizationId: ctx.orgId,
          dealName,
          relatedClient: client.id,
          leadSource: lead.leadSource,
          // A surplus case carried from the lead makes the deal worth its expected fee.
          dealValue: (await dealValueToStore(txCtx, { sent: undefined, customFields })) ?? null,
          stage,
          closedAt: closedAtOnCreate(ctx.orgId, stage),
          assignedOwner: lead.assignedOwner,
          customFields,
        })
        .returning(dealFields);
    }

    await copyLeadActivities(tx, ctx.orgId, lead.id, client.id);
    await tx.insert(leadActivities).values({
      organizationId: ctx.orgId,
      leadId: lead.id,
      userId: ctx.actor.id,
      type: 'note',
      subject: 'Converted to client',
      description: deal
        ? `Client ${client.displayName} and deal ${deal.dealName} created`
        : `Client ${client.displayName} created`,
      status: 'completed',
      completedAt: now,
    });
    await tx.insert(activities).values({
      organizationId: ctx.orgId,
      clientId: client.id,
      userId: ctx.actor.id,
      type: 'note',
      subject: 'Converted from lead',
      description: `Converted from lead ${lead.fullName}`,
      status: 'completed',
      completedAt: now,
    });
    await tx
      .update(leads)
      .set({ leadStatus: 'Converted', conversionDate: now, convertedClientId: client.id, updatedAt: now })
      .where(rowInOrganization(leads, ctx.orgId, lead.id));

    const converted = {
      client: presentClient(client),
      deal: deal ? presentDeal({ ...deal, relatedClientName: client.displayName }) : null,
    };
    await emitWebhookEvent(tx, ctx.orgId, 'client.created', converted.client);
    if (converted.deal) await emitWebhookEvent(tx, ctx.orgId, 'deal.created', converted.deal);
    const [updatedLead] = await tx
      .select(leadFields)
      .from(leads)
      .where(rowInOrganization(leads, ctx.orgId, lead.id));
    await emitWebhookEvent(tx, ctx.orgId, 'lead.updated', presentLead(updatedLead));
    return converted;
  });
}
