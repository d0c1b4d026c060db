import { z } from 'zod';
import {
  apiKeyPermissions,
  enumField,
  importJobStatuses,
  importSourceTypes,
  integrationEntityTypes,
  integrationStatuses,
  integrationTypes,
  jsonObject,
  jsonValue,
  nameField,
  numberField,
  optionalDate,
  optionalEnum,
  optionalId,
  optionalText,
  requiredText,
  updateSchemaOf,
  urlField,
  webhookMethods,
  withOrganization,
} from './common';

/* Integrations (data-model §3 "Integrations", §5). */

const name = nameField('Name must be at least 2 characters');

export const createIntegrationSchema = z.object({
  name,
  type: enumField(integrationTypes, 'Invalid integration type'),
  status: enumField(integrationStatuses, 'Invalid status').default('active'),
  config: jsonObject.optional(),
  fieldMappings: jsonObject.optional(),
});
export const updateIntegrationSchema = updateSchemaOf(createIntegrationSchema);

export const createApiKeySchema = z.object({
  name,
  integrationId: optionalId('Invalid integration ID'),
  permissions: z
    .array(enumField(apiKeyPermissions, 'Invalid permission'), { error: 'Permissions must be a list' })
    .default(['read']),
  expiresAt: optionalDate('Expiry date'),
});

/** The stored key: createdBy is required (spec §5) and, like the organization, comes from the session. */
export const apiKeyRecordSchema = withOrganization(createApiKeySchema).extend({
  createdBy: requiredText('Created by is required'),
});

export const webhookLogSchema = z.object({
  integrationId: optionalId('Invalid integration ID'),
  webhookUrl: urlField('Must be a valid URL'),
  method: enumField(webhookMethods, 'Invalid method').default('POST'),
  headers: jsonObject.optional(),
  payload: jsonValue.optional(),
  responseStatus: numberField('Response status', { min: 100, max: 599, int: true }).optional(),
  responseBody: optionalText,
  processingTime: numberField('Processing time', { min: 0, int: true }).optional(),
  errorMessage: optionalText,
  entityType: optionalEnum(integrationEntityTypes, 'Invalid entity type'),
  entityId: optionalId('Invalid entity ID'),
  status: optionalText,
});

export const createImportJobSchema = z.object({
  name,
  integrationId: optionalId('Invalid integration ID'),
  entityType: enumField(integrationEntityTypes, 'Invalid entity type'),
  sourceType: enumField(importSourceTypes, 'Invalid source type'),
  status: enumField(importJobStatuses, 'Invalid status').default('pending'),
  fieldMappings: jsonObject.optional(),
});

export type CreateIntegrationInput = z.infer<typeof createIntegrationSchema>;
export type UpdateIntegrationInput = z.infer<typeof updateIntegrationSchema>;
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;
export type ApiKeyRecord = z.infer<typeof apiKeyRecordSchema>;
export type WebhookLogInput = z.infer<typeof webhookLogSchema>;
export type CreateImportJobInput = z.infer<typeof createImportJobSchema>;
