import { z } from 'zod';
import { activities, clients, companies, deals, leadActivities, leads } from '../../db/schema/crm';
import { customFields, fieldSections } from '../../db/schema/custom-fields';
import { tags } from '../../db/schema/identity';
import { pipelines, stages } from '../../db/schema/lists';
import { webhookLogs } from '../../db/schema/integrations';
import {
  apiKeyPermissions,
  importJobStatuses,
  integrationEntityTypes,
  integrationStatuses,
  integrationTypes,
} from '../../../common/allowed-values';
import { duplicateModes, matchByKinds } from '../../../common/validation/imports';
import { rowSchema } from './row-schema';

/**
 * Documentation-only response schemas of the main resources (never used to serialize: see
 * json-serializer.ts). openapi.test.ts checks real answers against them, so they cannot drift.
 */

/** Columns the presenters leave out. */
const hidden = { omit: ['updatedBy'] };

const customFieldValues = z
  .record(z.string(), z.unknown())
  .meta({ description: 'Custom field values by field key (see /api/custom-fields).' });

export const leadSchema = rowSchema(leads, hidden)
  .extend({ customFields: customFieldValues })
  .meta({ id: 'Lead' });
export const clientSchema = rowSchema(clients, hidden)
  .extend({ customFields: customFieldValues })
  .meta({ id: 'Client' });
/** GET and PATCH /api/clients/:id: the client with what the caller may read of its related records. */
export const clientDetailSchema = clientSchema
  .extend({
    deals: z
      .array(
        z.object({
          id: z.uuid(),
          dealName: z.string(),
          stage: z.string().nullable(),
          dealValue: z.number().nullable(),
        }),
      )
      .optional()
      .meta({ description: 'The client’s deals, newest first (only with deals:read).' }),
    documentsCount: z.number().int(),
    lead: z
      .object({ id: z.uuid(), fullName: z.string() })
      .nullable()
      .meta({ description: 'The lead the client was converted from (null without leads:read).' }),
  })
  .meta({ id: 'ClientDetail' });
export const companySchema = rowSchema(companies, hidden)
  .extend({ customFields: customFieldValues })
  .meta({ id: 'Company' });
export const dealSchema = rowSchema(deals, hidden)
  .extend({
    customFields: customFieldValues,
    relatedClientName: z.string().nullable().meta({ description: 'The related client’s display name.' }),
  })
  .meta({ id: 'Deal' });
/** GET, POST and PATCH /api/deals/:id: the deal with what the caller may read of its lead and documents. */
export const dealDetailSchema = dealSchema
  .extend({
    lead: z.object({ id: z.uuid(), fullName: z.string() }).nullable().meta({
      description: 'The lead its client was converted from (null without leads:read and clients:read).',
    }),
    documentsCount: z.number().int(),
    latestDocuments: z
      .array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          status: z.string(),
          createdAt: z.string().meta({ description: 'ISO 8601 date-time' }),
        }),
      )
      .meta({ description: 'The newest documents of the deal (empty without documents:read).' }),
  })
  .meta({ id: 'DealDetail' });
const overdue = z.boolean().meta({ description: 'A pending task whose due date has passed.' });
export const activitySchema = rowSchema(activities, hidden).extend({ overdue }).meta({ id: 'Activity' });
export const leadActivitySchema = rowSchema(leadActivities, hidden)
  .extend({ overdue })
  .meta({ id: 'LeadActivity' });
export const tagSchema = rowSchema(tags).meta({ id: 'Tag' });
export const stageSchema = rowSchema(stages).meta({ id: 'Stage' });
export const pipelineSchema = rowSchema(pipelines)
  .extend({ stages: z.array(stageSchema) })
  .meta({ id: 'Pipeline' });
export const customFieldSchema = rowSchema(customFields).meta({ id: 'CustomField' });
export const fieldSectionSchema = rowSchema(fieldSections).meta({ id: 'FieldSection' });

const dateTime = z.iso.datetime({ offset: true });

export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    keyPrefix: z.string().meta({ description: 'The first characters of the key: what tells keys apart.' }),
    permissions: z.array(z.enum(apiKeyPermissions)),
    integrationId: z.uuid().nullable(),
    lastUsed: dateTime.nullable(),
    expiresAt: dateTime.nullable(),
    revokedAt: dateTime.nullable(),
    createdBy: z.uuid().nullable(),
    createdByName: z.string().nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
    status: z.enum(['active', 'revoked', 'expired']),
  })
  .meta({ id: 'ApiKey' });
export const createdApiKeySchema = apiKeySchema
  .extend({
    key: z.string().meta({ description: 'The secret: shown in this answer only, stored as a hash.' }),
  })
  .meta({ id: 'CreatedApiKey' });

const webhookHealthSchema = z
  .object({
    lastDeliveryAt: dateTime.nullable(),
    lastDeliveryStatus: z.string().nullable(),
    lastResponseStatus: z.number().int().nullable(),
    recentDeliveries: z.number().int().meta({ description: 'Attempts in the last 24 hours.' }),
    recentFailures: z.number().int().meta({ description: 'Failed attempts in the last 24 hours.' }),
  })
  .meta({ id: 'WebhookHealth' });
export const integrationSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    type: z.enum(integrationTypes),
    status: z.enum(integrationStatuses),
    config: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The type’s settings, without its secret.' }),
    hasSecret: z.boolean(),
    fieldMappings: z.record(z.string(), z.unknown()).nullable(),
    lastSync: dateTime.nullable(),
    errorMessage: z.string().nullable(),
    createdBy: z.uuid().nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
    health: webhookHealthSchema.nullable().optional().meta({ description: 'Webhooks only.' }),
  })
  .meta({ id: 'Integration' });
export const integrationWithSecretSchema = integrationSchema
  .extend({
    secret: z.string().optional().meta({
      description: 'A webhook’s Standard Webhooks signing secret (whsec_…): in this answer only.',
    }),
  })
  .meta({ id: 'IntegrationWithSecret' });
export const webhookLogSchema = rowSchema(webhookLogs, { omit: ['organizationId'] }).meta({
  id: 'WebhookLog',
});
export const importJobSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    entityType: z.enum(integrationEntityTypes),
    sourceType: z.string(),
    status: z.enum(importJobStatuses),
    integrationId: z.uuid().nullable(),
    totalRecords: z.number().int(),
    processedRecords: z.number().int(),
    successfulRecords: z.number().int(),
    failedRecords: z.number().int(),
    createdRecords: z.number().int(),
    updatedRecords: z.number().int(),
    skippedRecords: z.number().int(),
    progress: z.number().int().min(0).max(100),
    fieldMappings: z.record(z.string(), z.string()),
    options: z.object({
      duplicates: z.enum(duplicateModes),
      matchBy: z.enum(matchByKinds),
      externalIdColumn: z.string().optional(),
    }),
    errorLogs: z.array(z.object({ row: z.number().int(), message: z.string() })),
    errorLogsTruncated: z.boolean(),
    hasErrorFile: z.boolean(),
    errorMessage: z.string().nullable(),
    cancelRequested: z.boolean(),
    startedAt: dateTime.nullable(),
    completedAt: dateTime.nullable(),
    undoneAt: dateTime.nullable(),
    createdBy: z.uuid().nullable(),
    createdAt: dateTime,
  })
  .meta({ id: 'ImportJob' });

/** A page of a list: keyset pagination (`nextCursor` → `?cursor=`), `total` for the whole filter. */
function pageOf(item: z.ZodType, id: string) {
  return z
    .object({ items: z.array(item), nextCursor: z.string().nullable(), total: z.number().int() })
    .meta({ id });
}

const deleted = z.null().meta({ description: 'Deleted: no content.' });

type ResponsesByRoute = Record<string, Record<string, z.ZodType>>;

/** The usual routes of a resource at `base`: list, get, create, update, delete. */
function crud(base: string, item: z.ZodType, page: z.ZodType): ResponsesByRoute {
  return {
    [`GET ${base}`]: { 200: page },
    [`POST ${base}`]: { 201: item },
    [`GET ${base}/:id`]: { 200: item },
    [`PATCH ${base}/:id`]: { 200: item },
    [`DELETE ${base}/:id`]: { 204: deleted },
  };
}

/** Response schemas by "METHOD /url" as the routes are registered. */
export const documentedResponses: ResponsesByRoute = {
  ...crud('/api/leads', leadSchema, pageOf(leadSchema, 'LeadPage')),
  ...crud('/api/clients', clientSchema, pageOf(clientSchema, 'ClientPage')),
  'GET /api/clients/:id': { 200: clientDetailSchema },
  'PATCH /api/clients/:id': { 200: clientDetailSchema },
  ...crud('/api/companies', companySchema, pageOf(companySchema, 'CompanyPage')),
  ...crud('/api/deals', dealSchema, pageOf(dealSchema, 'DealPage')),
  'POST /api/deals': { 201: dealDetailSchema },
  'GET /api/deals/:id': { 200: dealDetailSchema },
  'PATCH /api/deals/:id': { 200: dealDetailSchema },
  ...crud('/api/activities', activitySchema, pageOf(activitySchema, 'ActivityPage')),
  ...crud('/api/lead-activities', leadActivitySchema, pageOf(leadActivitySchema, 'LeadActivityPage')),
  ...crud('/api/tags', tagSchema, pageOf(tagSchema, 'TagList')),
  ...crud('/api/pipelines', pipelineSchema, pageOf(pipelineSchema, 'PipelineList')),
  ...crud('/api/stages', stageSchema, pageOf(stageSchema, 'StageList')),
  ...crud('/api/custom-fields', customFieldSchema, pageOf(customFieldSchema, 'CustomFieldList')),
  ...crud('/api/field-sections', fieldSectionSchema, pageOf(fieldSectionSchema, 'FieldSectionList')),
  ...crud('/api/api-keys', apiKeySchema, pageOf(apiKeySchema, 'ApiKeyList')),
  'POST /api/api-keys': { 201: createdApiKeySchema },
  'POST /api/api-keys/:id/revoke': { 200: apiKeySchema },
  ...crud('/api/integrations', integrationSchema, pageOf(integrationSchema, 'IntegrationList')),
  'POST /api/integrations': { 201: integrationWithSecretSchema },
  'POST /api/integrations/:id/rotate-secret': { 200: integrationWithSecretSchema },
  'GET /api/webhook-logs': { 200: pageOf(webhookLogSchema, 'WebhookLogPage') },
  'GET /api/webhook-logs/:id': { 200: webhookLogSchema },
  'GET /api/import-jobs': { 200: pageOf(importJobSchema, 'ImportJobPage') },
  'POST /api/import-jobs': { 201: importJobSchema },
  'GET /api/import-jobs/:id': { 200: importJobSchema },
  'POST /api/import-jobs/:id/cancel': { 200: importJobSchema },
  'POST /api/import-jobs/:id/undo': { 200: importJobSchema },
};

const exampleLead = {
  id: '0b6f3c1e-5d0a-4a8e-9a31-2f4c7e9d1a20',
  organizationId: '7d1e2f30-4b5c-4d6e-8f70-8192a3b4c5d6',
  fullName: 'Dana Whitfield',
  email: 'dana@example.com',
  phone: '+1 555 0100',
  phoneType: 'Mobile',
  businessName: null,
  industry: null,
  location: 'Travis County, TX',
  leadSource: 'County excess-proceeds list',
  leadStatus: 'New',
  interestLevel: 'Warm',
  assignedOwner: null,
  notes: null,
  customFields: {},
  tags: ['surplus'],
  lastContactDate: null,
  conversionDate: null,
  convertedClientId: null,
  isSampleData: false,
  createdAt: '2026-11-28T06:00:00.000Z',
  updatedAt: '2026-11-28T06:00:00.000Z',
};

/** Request and response examples by "METHOD /url". */
export const operationExamples: Record<string, { request?: unknown; responses?: Record<string, unknown> }> = {
  'POST /api/leads': {
    request: {
      fullName: 'Dana Whitfield',
      email: 'dana@example.com',
      phone: '+1 555 0100',
      phoneType: 'Mobile',
      location: 'Travis County, TX',
      leadSource: 'County excess-proceeds list',
      interestLevel: 'Warm',
      tags: ['surplus'],
    },
    responses: { 201: exampleLead },
  },
  'GET /api/leads': { responses: { 200: { items: [exampleLead], nextCursor: null, total: 1 } } },
  'GET /api/leads/:id': { responses: { 200: exampleLead } },
  'PATCH /api/leads/:id': { request: { leadStatus: 'Contacted' }, responses: { 200: exampleLead } },
};

/** What each tag (the first path segment) is about, where a sentence helps. */
export const tagDescriptions: Record<string, string> = {
  leads: 'People who may be owed money or may buy: the start of the funnel.',
  clients: 'People you work for (often a converted lead).',
  companies: 'Organizations you work with.',
  deals: 'Opportunities moving through a pipeline’s stages.',
  activities: 'Calls, e-mails, meetings, notes and tasks on clients and deals.',
  'lead-activities': 'Activities on leads.',
  tags: 'Labels for leads, clients and deals.',
  pipelines: 'Deal pipelines with their stages.',
  stages: 'The stages of a pipeline.',
  'custom-fields': 'Fields an organization adds to its records.',
  'api-keys': 'API keys for this API.',
  integrations: 'Webhooks and scheduled imports.',
  'webhook-logs': 'Every webhook delivery attempt.',
  'import-jobs': 'CSV and API imports.',
};
