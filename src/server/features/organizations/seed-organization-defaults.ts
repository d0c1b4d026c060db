import { and, eq, notExists } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { defaultPipelineStages, type IndustrySector } from '../../../common/constants';
import type { Database } from '../../db';
import { customFields, fieldSections, fieldTemplates } from '../../db/schema/custom-fields';
import { organizations, tags } from '../../db/schema/identity';
import {
  dealReasons,
  dealStatuses,
  leadSources,
  personStatuses,
  pipelines,
  revenueTypes,
  stages,
} from '../../db/schema/lists';
import { dataTypeOf } from '../custom-fields/custom-field-schemas';
import { seedDocumentTemplates } from '../document-templates/template-library-install';
import { seedEmailTemplates } from '../email-templates/seed-email-templates';
import {
  type SeededField,
  surplusCaseFields,
  surplusIndustry,
  surplusLeadFields,
  surplusLeadSectionName,
  surplusSectionName,
} from '../surplus/surplus-fields';

/*
 * What a new organization starts with, by sector: the default pipeline (its last stage closes
 * the deal as won), deal reasons, lead sources, revenue types, deal and person statuses, a few
 * tags and, for surplus-funds locators, the "Surplus case" fields on deals and the "Property"
 * fields on leads. State rules are not
 * seeded: claim windows and fee caps are the organization's to record and keep current.
 */

type Sector = IndustrySector;
const surplus: Sector = 'Surplus Funds Locator';

const wonReasons: Record<Sector, string[]> = {
  'Surplus Funds Locator': ['Claim paid', 'Client signed', 'Court approved the claim'],
  'Real Estate Investor': ['Offer accepted', 'Closed on schedule', 'Seller motivated'],
  'Tax Deed Investor': ['Won at auction', 'Property resold', 'Redemption paid'],
  Wholesaler: ['Buyer found', 'Assignment closed', 'Seller motivated'],
  'Small Business': ['Best value', 'Strong relationship', 'Right fit'],
};

const lossReasons: Record<Sector, string[]> = {
  'Surplus Funds Locator': [
    'Could not locate owner',
    'Owner declined',
    'Claim deadline passed',
    'Funds already claimed',
    'Competitor signed first',
  ],
  'Real Estate Investor': [
    'Price too high',
    'Seller backed out',
    'Failed inspection',
    'Financing fell through',
  ],
  'Tax Deed Investor': ['Outbid at auction', 'Title problems', 'Property redeemed', 'Sale cancelled'],
  Wholesaler: ['No buyer found', 'Seller backed out', 'Price too high', 'Contract expired'],
  'Small Business': ['Price too high', 'Chose a competitor', 'No budget', 'No response', 'Bad timing'],
};

const genericLeadSources = [
  'Referral',
  'Website',
  'Direct mail',
  'Cold call',
  'Social media',
  'Networking event',
];
export const leadSourceNames: Record<Sector, string[]> = {
  'Surplus Funds Locator': [
    'County surplus list',
    'Tax sale results',
    'Foreclosure auction',
    'Skip trace',
    'Referral',
    'Website',
    'Direct mail',
    'Cold call',
  ],
  'Real Estate Investor': ['Driving for dollars', 'MLS', 'Probate list', ...genericLeadSources],
  'Tax Deed Investor': ['Tax sale list', 'County auction', 'Online auction', ...genericLeadSources],
  Wholesaler: ['Driving for dollars', 'Probate list', 'Absentee owner list', ...genericLeadSources],
  'Small Business': genericLeadSources,
};

export const revenueTypeNames: Record<Sector, string[]> = {
  'Surplus Funds Locator': ['Recovery fee', 'Flat fee', 'Referral fee'],
  'Real Estate Investor': ['Sale profit', 'Rental income', 'Assignment fee'],
  'Tax Deed Investor': ['Resale profit', 'Redemption interest', 'Rental income'],
  Wholesaler: ['Assignment fee', 'Double-close profit', 'Referral fee'],
  'Small Business': ['One-time', 'Recurring', 'Services'],
};

const dealStatusSeeds = [
  { name: 'Open', color: '#3b82f6' },
  { name: 'Won', color: '#16a34a' },
  { name: 'Lost', color: '#dc2626' },
];

const personStatusSeeds = [
  { name: 'Active', color: '#16a34a' },
  { name: 'Prospect', color: '#3b82f6' },
  { name: 'Inactive', color: '#6b7280' },
  { name: 'Do not contact', color: '#dc2626' },
];

const tagSeeds: Record<'surplus' | 'other', { name: string; color: string }[]> = {
  surplus: [
    { name: 'High value', color: '#16a34a' },
    { name: 'Heir search', color: '#8b5cf6' },
    { name: 'Deceased owner', color: '#6b7280' },
    { name: 'Deadline soon', color: '#dc2626' },
    { name: 'Follow up', color: '#f59e0b' },
  ],
  other: [
    { name: 'Hot', color: '#dc2626' },
    { name: 'Follow up', color: '#f59e0b' },
    { name: 'VIP', color: '#8b5cf6' },
  ],
};

const named = (organizationId: string, names: string[]) =>
  names.map((name, orderIndex) => ({ organizationId, name, orderIndex, isActive: true }));

export async function seedOrganizationDefaults(tx: Database, organizationId: string, sector: IndustrySector) {
  const [pipeline] = await tx
    .insert(pipelines)
    .values({ organizationId, name: 'Sales Pipeline', isDefault: true, isActive: true, orderIndex: 0 })
    .returning({ id: pipelines.id });
  const pipelineStages = defaultPipelineStages[sector];
  await tx.insert(stages).values(
    pipelineStages.map((stage, orderIndex) => ({
      organizationId,
      pipelineId: pipeline.id,
      name: stage.name,
      probability: stage.probability,
      orderIndex,
      isActive: true,
      // The last stage (Paid, Closed, Sold, Assigned, Closed Won) is where a deal is won.
      closingType: orderIndex === pipelineStages.length - 1 ? ('won' as const) : null,
    })),
  );

  await tx
    .insert(dealReasons)
    .values([
      ...named(organizationId, wonReasons[sector]).map((r) => ({ ...r, type: 'won' as const })),
      ...named(organizationId, lossReasons[sector]).map((r) => ({ ...r, type: 'loss' as const })),
    ]);
  await tx.insert(leadSources).values(named(organizationId, leadSourceNames[sector]));
  await tx.insert(revenueTypes).values(named(organizationId, revenueTypeNames[sector]));
  await tx.insert(dealStatuses).values(
    dealStatusSeeds.map((status, orderIndex) => ({
      organizationId,
      ...status,
      orderIndex,
      isSystem: true,
    })),
  );
  await tx
    .insert(personStatuses)
    .values(personStatusSeeds.map((status, orderIndex) => ({ organizationId, ...status, orderIndex })));
  await tx
    .insert(tags)
    .values(tagSeeds[sector === surplus ? 'surplus' : 'other'].map((t) => ({ organizationId, ...t })));

  await seedEmailTemplates(tx, organizationId, sector);

  if (sector === surplus) {
    await seedFieldSection(tx, organizationId, 'deal', surplusSectionName, surplusCaseFields);
    await seedFieldSection(tx, organizationId, 'lead', surplusLeadSectionName, surplusLeadFields);
  }
  // After the fields: the samples' merge fields name them.
  await seedDocumentTemplates(tx, organizationId, sector);
}

/**
 * An industry template with its one section and fields for an entity. A field whose key the
 * organization already has on that entity (made by hand) is left as it is, not duplicated.
 */
async function seedFieldSection(
  tx: Database,
  organizationId: string,
  entityType: 'deal' | 'lead',
  name: string,
  seeded: SeededField[],
) {
  const [template] = await tx
    .insert(fieldTemplates)
    .values({
      organizationId,
      name,
      industryType: surplusIndustry,
      entityType,
      isDefault: true,
      isSystemGenerated: true,
    })
    .returning({ id: fieldTemplates.id });
  const [section] = await tx
    .insert(fieldSections)
    .values({
      organizationId,
      name,
      entityType,
      templateId: template.id,
      orderIndex: 0,
      isCollapsible: true,
      isExpanded: true,
    })
    .returning({ id: fieldSections.id });
  const fields = await tx
    .insert(customFields)
    .values(
      seeded.map((field, orderIndex) => ({
        organizationId,
        name: field.name,
        fieldKey: field.fieldKey,
        fieldType: field.fieldType,
        dataType: dataTypeOf[field.fieldType],
        entityType,
        isStandard: false,
        isVisible: true,
        isRequired: false,
        options: field.options ? [...field.options] : null,
        placeholder: field.placeholder ?? null,
        orderIndex,
        sectionId: section.id,
        industryTemplate: surplusIndustry,
        validation: field.validation ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: customFields.id });
  await tx
    .update(fieldTemplates)
    .set({ fieldIds: fields.map((f) => f.id), sectionIds: [section.id] })
    .where(eq(fieldTemplates.id, template.id));
}

/**
 * Surplus organizations made before leads had the "Property" section get it once, at start-up
 * (data is seeded at run time, never by a migration). Its template marks it done: an
 * organization that later removes the fields does not get them back. Each organization in its own
 * short transaction, its row locked, so two servers starting at once seed it once.
 */
export async function seedMissingSurplusLeadFields(db: Database): Promise<number> {
  const pending = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.industrySector, surplus), notExists(leadTemplateOf(db, organizations.id))));
  let seeded = 0;
  for (const { id } of pending) {
    await db.transaction(async (tx) => {
      await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, id))
        .for('update');
      const [done] = await tx
        .select({ id: fieldTemplates.id })
        .from(fieldTemplates)
        .where(leadTemplateWhere(id))
        .limit(1);
      if (done) return;
      await seedFieldSection(tx, id, 'lead', surplusLeadSectionName, surplusLeadFields);
      seeded++;
    });
  }
  return seeded;
}

const leadTemplateWhere = (organizationId: string | AnyPgColumn) =>
  and(
    eq(fieldTemplates.organizationId, organizationId),
    eq(fieldTemplates.entityType, 'lead'),
    eq(fieldTemplates.industryType, surplusIndustry),
    eq(fieldTemplates.isSystemGenerated, true),
  );

const leadTemplateOf = (db: Database, organizationId: AnyPgColumn) =>
  db.select({ id: fieldTemplates.id }).from(fieldTemplates).where(leadTemplateWhere(organizationId));
