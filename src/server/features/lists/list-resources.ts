import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  createDealReasonSchema,
  createDealStatusSchema,
  createLeadSourceSchema,
  createPersonStatusSchema,
  createPipelineSchema,
  createRevenueTypeSchema,
  updateDealReasonSchema,
  updateDealStatusSchema,
  updateLeadSourceSchema,
  updatePersonStatusSchema,
  updatePipelineSchema,
  updateRevenueTypeSchema,
} from '../../../common/validation/lists';
import {
  dealReasons,
  dealStatuses,
  leadSources,
  personStatuses,
  pipelines,
  revenueTypes,
  stages,
} from '../../db/schema/lists';
import { deals, leads } from '../../db/schema/crm';
import {
  createStageWithClosingSchema,
  listDealReasonsQuerySchema,
  listEntriesQuerySchema,
  listStagesQuerySchema,
  updateStageWithClosingSchema,
} from './list-schemas';

/** Every configurable-list table: all share id, organizationId, name, orderIndex, isActive. */
export type ListTable =
  | typeof dealReasons
  | typeof pipelines
  | typeof stages
  | typeof revenueTypes
  | typeof leadSources
  | typeof dealStatuses
  | typeof personStatuses;

/**
 * One configurable list as the API serves it at `/api/<path>`: list, create, read, update,
 * delete and reorder, all scoped to the caller's organization (see list-entries.ts).
 */
export interface ListResource {
  path: string;
  table: ListTable;
  /** "Deal reason" → "Deal reason not found". */
  label: string;
  createSchema: z.ZodType;
  updateSchema: z.ZodType;
  querySchema: z.ZodType;
  /** 409 message for a duplicate name, where names are unique. */
  duplicateMessage?: string;
  /** Record fields that hold an entry's name as text: a rename follows onto them. */
  namedIn?: { organizationId: PgColumn; column: PgColumn }[];
}

export const dealReasonsResource: ListResource = {
  path: 'deal-reasons',
  table: dealReasons,
  label: 'Deal reason',
  createSchema: createDealReasonSchema,
  updateSchema: updateDealReasonSchema,
  querySchema: listDealReasonsQuerySchema,
};

export const pipelinesResource: ListResource = {
  path: 'pipelines',
  table: pipelines,
  label: 'Pipeline',
  createSchema: createPipelineSchema,
  updateSchema: updatePipelineSchema,
  querySchema: listEntriesQuerySchema,
  duplicateMessage: 'A pipeline with this name already exists',
};

export const stagesResource: ListResource = {
  path: 'stages',
  table: stages,
  label: 'Stage',
  createSchema: createStageWithClosingSchema,
  updateSchema: updateStageWithClosingSchema,
  querySchema: listStagesQuerySchema,
  duplicateMessage: 'A stage with this name already exists in this pipeline',
};

export const revenueTypesResource: ListResource = {
  path: 'revenue-types',
  table: revenueTypes,
  label: 'Revenue type',
  createSchema: createRevenueTypeSchema,
  updateSchema: updateRevenueTypeSchema,
  querySchema: listEntriesQuerySchema,
  // A deal's type is chosen from the revenue types (and kept as text).
  namedIn: [{ organizationId: deals.organizationId, column: deals.dealType }],
};

export const leadSourcesResource: ListResource = {
  path: 'lead-sources',
  table: leadSources,
  label: 'Lead source',
  createSchema: createLeadSourceSchema,
  updateSchema: updateLeadSourceSchema,
  querySchema: listEntriesQuerySchema,
  namedIn: [
    { organizationId: leads.organizationId, column: leads.leadSource },
    { organizationId: deals.organizationId, column: deals.leadSource },
  ],
};

export const dealStatusesResource: ListResource = {
  path: 'deal-statuses',
  table: dealStatuses,
  label: 'Deal status',
  createSchema: createDealStatusSchema,
  updateSchema: updateDealStatusSchema,
  querySchema: listEntriesQuerySchema,
};

export const personStatusesResource: ListResource = {
  path: 'person-statuses',
  table: personStatuses,
  label: 'Person status',
  createSchema: createPersonStatusSchema,
  updateSchema: updatePersonStatusSchema,
  querySchema: listEntriesQuerySchema,
};

/** The lists served by the generic handlers (pipelines and stages add their own rules on top). */
export const simpleListResources = [
  dealReasonsResource,
  revenueTypesResource,
  leadSourcesResource,
  dealStatusesResource,
  personStatusesResource,
];

export const notFoundMessage = (resource: ListResource) => `${resource.label} not found`;
