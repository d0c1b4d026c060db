import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { applySurplusCaseRules, surplusFieldKeys as k, toIsoDate } from '../../../common/surplus';
import type { Database } from '../../db';
import { activities, clients, companies, deals, leadActivities, leads } from '../../db/schema/crm';
import { pipelines, stages } from '../../db/schema/lists';
import { checkCustomFields } from '../../../common/validation/field-values';
import { loadFieldDefinitions } from '../custom-fields/validate-custom-fields';
import type { SampleActivity, SampleDeal, SampleSurplusCase } from './sample-set';
import { sampleSetFor } from './sample-sets';

const dayMs = 86_400_000;

/** Where a sample deal's stageIndex lands in the organization's default pipeline. */
interface StageSlot {
  name: string;
  probability: number;
  closes: boolean;
}

/**
 * Seeds the sector's sample set (sample-sets.ts) into a new organization, every lead, client,
 * company and deal flagged isSampleData so "Clear sample data" can remove exactly these. Runs in
 * the registration transaction after the defaults (it reads the default pipeline's stages and the
 * surplus fields), one multi-row insert per table: ids are made here so records can point at each
 * other without a round trip per row.
 */
export async function seedSampleData(
  tx: Database,
  organizationId: string,
  ownerId: string,
  sector: string,
  now = new Date(),
) {
  const set = sampleSetFor(sector);
  const at = (daysFromNow: number) => new Date(now.getTime() + daysFromNow * dayMs);
  const ago = (days: number) => at(-days);

  const leadIds = idsByKey(set.leads);
  const clientIds = idsByKey(set.clients);
  const dealIds = idsByKey(set.deals);
  const convertedInto = new Map(set.clients.flatMap((c) => (c.fromLead ? [[c.fromLead, c] as const] : [])));

  await tx.insert(leads).values(
    set.leads.map((lead) => ({
      id: leadIds.get(lead.key),
      organizationId,
      fullName: lead.fullName,
      email: lead.email ?? null,
      phone: lead.phone ?? null,
      phoneType: lead.phoneType ?? null,
      businessName: lead.businessName ?? null,
      industry: lead.industry ?? null,
      location: lead.location ?? null,
      leadSource: lead.leadSource,
      leadStatus: lead.leadStatus,
      interestLevel: lead.interestLevel ?? null,
      assignedOwner: ownerId,
      notes: lead.notes ?? null,
      tags: lead.tags ?? [],
      lastContactDate: lead.lastContactDaysAgo === undefined ? null : ago(lead.lastContactDaysAgo),
      isSampleData: true,
      createdAt: ago(lead.createdDaysAgo),
      updatedAt: ago(lead.createdDaysAgo),
    })),
  );

  // A lead points at its client and the client back at the lead: both rows exist before either link.
  await tx.insert(clients).values(
    set.clients.map((client) => ({
      id: clientIds.get(client.key),
      organizationId,
      displayName: client.displayName,
      status: client.status,
      assignedTo: ownerId,
      tags: client.tags ?? [],
      leadId: client.fromLead ? requireId(leadIds, client.fromLead) : null,
      lastContactDate: client.lastContactDaysAgo === undefined ? null : ago(client.lastContactDaysAgo),
      isSampleData: true,
      createdAt: ago(client.createdDaysAgo),
      updatedAt: ago(client.createdDaysAgo),
    })),
  );
  for (const [leadKey, client] of convertedInto) {
    await tx
      .update(leads)
      .set({
        convertedClientId: requireId(clientIds, client.key),
        conversionDate: ago(client.createdDaysAgo),
        updatedAt: ago(client.createdDaysAgo),
      })
      .where(and(eq(leads.organizationId, organizationId), eq(leads.id, requireId(leadIds, leadKey))));
  }

  await tx.insert(companies).values(
    set.companies.map((company) => ({
      organizationId,
      companyName: company.companyName,
      website: company.website ?? null,
      industry: company.industry ?? null,
      keyContact: company.keyContact ?? null,
      employeeCount: company.employeeCount ?? null,
      estimatedRevenue: company.estimatedRevenue === undefined ? null : company.estimatedRevenue.toFixed(2),
      hqLocation: company.hqLocation ?? null,
      companyType: company.companyType ?? null,
      techStack: company.techStack ?? [],
      relationshipStatus: company.relationshipStatus,
      customTags: company.customTags ?? [],
      assignedTo: ownerId,
      notes: company.notes ?? null,
      isSampleData: true,
      createdAt: ago(company.createdDaysAgo),
      updatedAt: ago(company.createdDaysAgo),
    })),
  );

  const slots = await defaultPipelineStages(tx, organizationId);
  const surplusFields = set.deals.some((deal) => deal.surplus)
    ? await surplusCaseFieldsOf(tx, organizationId, now)
    : null;
  await tx.insert(deals).values(
    set.deals.map((deal) => {
      const slot = slots[Math.min(deal.stageIndex, slots.length - 1)] ?? fallbackSlot;
      const customFields = deal.surplus && surplusFields ? surplusFields(deal) : {};
      const fee = customFields[k.expectedFee];
      const dealValue = deal.dealValue ?? (typeof fee === 'number' ? fee : null);
      return {
        id: dealIds.get(deal.key),
        organizationId,
        dealName: deal.dealName,
        dealType: deal.dealType ?? null,
        relatedClient: deal.client ? requireId(clientIds, deal.client) : null,
        leadSource: deal.leadSource ?? null,
        dealValue: dealValue === null ? null : dealValue.toFixed(2),
        closeProbability: slot.probability,
        contractDuration: deal.contractDuration ?? null,
        stage: slot.name,
        expectedCloseDate: toIsoDate(at(deal.expectedCloseInDays)),
        // A deal in a closing stage closed on its expected date, so the dashboard counts the win.
        closedAt: slot.closes ? at(Math.min(0, deal.expectedCloseInDays)) : null,
        assignedOwner: ownerId,
        notes: deal.notes ?? null,
        tags: deal.tags ?? [],
        customFields,
        isSampleData: true,
        createdAt: ago(deal.createdDaysAgo),
        updatedAt: ago(deal.createdDaysAgo),
      };
    }),
  );

  const activityRow = (activity: SampleActivity) => ({
    organizationId,
    userId: ownerId,
    type: activity.type,
    subject: activity.subject,
    description: activity.description ?? null,
    status: activity.status,
    dueDate: activity.dueInDays === undefined ? null : at(activity.dueInDays),
    completedAt: activity.status === 'completed' ? ago(activity.daysAgo) : null,
    createdAt: ago(activity.daysAgo),
    updatedAt: ago(activity.daysAgo),
  });
  const recordActivities = set.activities.flatMap((activity) => {
    const { on } = activity;
    if ('lead' in on) return [];
    return [
      {
        ...activityRow(activity),
        clientId: 'client' in on ? requireId(clientIds, on.client) : null,
        dealId: 'deal' in on ? requireId(dealIds, on.deal) : null,
      },
    ];
  });
  const onLeads = set.activities.flatMap((activity) =>
    'lead' in activity.on ? [{ ...activityRow(activity), leadId: requireId(leadIds, activity.on.lead) }] : [],
  );
  if (recordActivities.length > 0) await tx.insert(activities).values(recordActivities);
  if (onLeads.length > 0) await tx.insert(leadActivities).values(onLeads);
}

function idsByKey(records: { key: string }[]): Map<string, string> {
  return new Map(records.map((record) => [record.key, randomUUID()]));
}

/** A sample set naming a record it does not hold is a bug in the set, not bad input. */
function requireId(ids: Map<string, string>, key: string): string {
  const id = ids.get(key);
  if (!id) throw new Error(`sample data: no record with key "${key}"`);
  return id;
}

/** The storage default, for an organization without a default pipeline. */
const fallbackSlot: StageSlot = { name: 'proposal', probability: 0, closes: false };

async function defaultPipelineStages(tx: Database, organizationId: string): Promise<StageSlot[]> {
  const rows = await tx
    .select({ name: stages.name, probability: stages.probability, closingType: stages.closingType })
    .from(stages)
    .innerJoin(pipelines, eq(pipelines.id, stages.pipelineId))
    .where(
      and(
        eq(stages.organizationId, organizationId),
        eq(pipelines.organizationId, organizationId),
        eq(pipelines.isDefault, true),
        eq(stages.isActive, true),
      ),
    )
    .orderBy(asc(stages.orderIndex));
  return rows.map((row) => ({
    name: row.name,
    probability: row.probability,
    closes: row.closingType !== null,
  }));
}

/**
 * Turns a sample case into the deal's customFields the way the deals API would store it: checked
 * against the organization's "Surplus case" fields, then the surplus and the fee computed. No
 * state rule applies yet (a new organization has none), so the deadline is the one given.
 */
async function surplusCaseFieldsOf(tx: Database, organizationId: string, now: Date) {
  const definitions = await loadFieldDefinitions({ db: tx, orgId: organizationId }, 'deal');
  return (deal: SampleDeal): Record<string, unknown> => {
    const values = surplusCaseValues(deal.surplus as SampleSurplusCase, now);
    const check = checkCustomFields(definitions, values);
    if (check.errors.length > 0) {
      throw new Error(`sample deal "${deal.key}": ${check.errors.map((e) => e.message).join('; ')}`);
    }
    return applySurplusCaseRules(check.values, null, now).customFields;
  };
}

function surplusCaseValues(surplus: SampleSurplusCase, now: Date): Record<string, unknown> {
  const day = (daysFromNow: number) => toIsoDate(new Date(now.getTime() + daysFromNow * dayMs));
  return {
    [k.propertyAddress]: surplus.propertyAddress,
    [k.county]: surplus.county,
    [k.state]: surplus.state,
    [k.caseNumber]: surplus.caseNumber,
    [k.parcelNumber]: surplus.parcelNumber,
    [k.saleType]: surplus.saleType,
    [k.saleDate]: day(-surplus.saleDaysAgo),
    [k.winningBid]: surplus.winningBid,
    [k.totalDebt]: surplus.totalDebt,
    [k.seniorLiens]: surplus.seniorLiens,
    [k.surplusAmount]: null,
    [k.surplusAmountOverridden]: false,
    [k.claimDeadline]: surplus.claimDeadlineInDays === undefined ? null : day(surplus.claimDeadlineInDays),
    [k.locatorFeePercent]: surplus.locatorFeePercent,
    [k.expectedFee]: null,
  };
}
