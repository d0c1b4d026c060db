import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { dealReasonTypes } from '../../../common/allowed-values';
import { idColumn, timestamps } from './columns';
import { between, oneOf } from './checks';
import { tenantId, updatedByColumn } from './identity';

/** A stage that closes a deal: moving a deal there asks for a reason of the matching type. */
export const stageClosingTypes = ['won', 'lost'] as const;
export type StageClosingType = (typeof stageClosingTypes)[number];

/** Columns of every configurable list entry. */
const listEntry = () => ({
  id: idColumn(),
  organizationId: tenantId(),
  name: text('name').notNull(),
  orderIndex: integer('order_index').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...updatedByColumn(),
  ...timestamps(),
});

export const dealReasons = pgTable(
  'deal_reasons',
  {
    ...listEntry(),
    type: text('type', { enum: dealReasonTypes }).notNull(),
    // A new reason is offered where reasons appear unless switched off.
    showInDetails: boolean('show_in_details').notNull().default(true),
    showInDialog: boolean('show_in_dialog').notNull().default(true),
  },
  (t) => [
    index('deal_reasons_org_order_idx').on(t.organizationId, t.type, t.orderIndex),
    oneOf(t.type, dealReasonTypes),
  ],
);

export const pipelines = pgTable(
  'pipelines',
  {
    ...listEntry(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    unique('pipelines_org_name_unique').on(t.organizationId, t.name),
    // At most one default pipeline per organization, whatever races the services lose.
    uniqueIndex('pipelines_org_default_unique').on(t.organizationId).where(sql`${t.isDefault}`),
  ],
);

export const stages = pgTable(
  'stages',
  {
    ...listEntry(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    probability: integer('probability').notNull().default(0),
    // Null for a working stage; 'won' or 'lost' for a stage that ends the deal.
    closingType: text('closing_type', { enum: stageClosingTypes }),
  },
  (t) => [
    index('stages_org_pipeline_idx').on(t.organizationId, t.pipelineId, t.orderIndex),
    index('stages_org_name_idx').on(t.organizationId, t.name),
    between(t.probability, 0, 100),
    oneOf(t.closingType, stageClosingTypes),
  ],
);

export const revenueTypes = pgTable('revenue_types', listEntry(), (t) => [
  index('revenue_types_org_order_idx').on(t.organizationId, t.orderIndex),
]);

export const leadSources = pgTable('lead_sources', listEntry(), (t) => [
  index('lead_sources_org_order_idx').on(t.organizationId, t.orderIndex),
]);

export const dealStatuses = pgTable(
  'deal_statuses',
  {
    ...listEntry(),
    color: text('color').notNull(),
    isSystem: boolean('is_system').notNull().default(false),
  },
  (t) => [index('deal_statuses_org_order_idx').on(t.organizationId, t.orderIndex)],
);

export const personStatuses = pgTable(
  'person_statuses',
  {
    ...listEntry(),
    color: text('color').notNull(),
  },
  (t) => [index('person_statuses_org_order_idx').on(t.organizationId, t.orderIndex)],
);
