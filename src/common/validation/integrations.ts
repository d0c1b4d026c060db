import { z } from 'zod';
import {
  enumField,
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
  withOrganization,
} from './common';
import {
  apiKeyPermissions,
  importJobStatuses,
  importSourceTypes,
  integrationEntityTypes,
  integrationStatuses,
  integrationTypes,
  webhookMethods,
} from '../allowed-values';
import { pollingConfigSchema } from './imports';

/* Integrations (data-model §3 "Integrations", §5). */

/** What a webhook can subscribe to; the Standard Webhooks payload's `type`. */
export const webhookEventTypes = [
  'lead.created',
  'lead.updated',
  'lead.deleted',
  'client.created',
  'client.updated',
  'client.deleted',
  'company.created',
  'company.updated',
  'company.deleted',
  'deal.created',
  'deal.updated',
  'deal.deleted',
  'deal.stage_changed',
  'document.sent',
  'document.viewed',
  'document.signed',
  'document.completed',
  'import.completed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

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

/** A webhook's `config` as a user sends it (the secret is made by the server, never sent in). */
export const webhookConfigSchema = z.object({
  url: urlField('Must be a valid URL'),
  method: enumField(webhookMethods, 'Invalid method').default('POST'),
  events: z
    .array(enumField(webhookEventTypes, 'Invalid event'), { error: 'Events must be a list' })
    .min(1, 'Choose at least one event')
    .max(webhookEventTypes.length * 2, 'Too many events')
    .transform((events) => [...new Set(events)]),
});
export type WebhookConfigInput = z.infer<typeof webhookConfigSchema>;

/** Each type's `config` rule; a type not listed takes any JSON object. */
export const integrationConfigSchemas: Partial<Record<(typeof integrationTypes)[number], z.ZodType>> = {
  webhook: webhookConfigSchema,
  polling: pollingConfigSchema,
};

/** Reports a config's issues under `config.…`, so a form shows them beside the field. */
function checkConfigOfType(
  type: (typeof integrationTypes)[number] | undefined,
  config: unknown,
  context: z.RefinementCtx,
) {
  const schema = type ? integrationConfigSchemas[type] : undefined;
  if (!schema) return;
  if (config === undefined) {
    context.addIssue({ code: 'custom', path: ['config'], message: 'Config is required' });
    return;
  }
  const result = schema.safeParse(config);
  if (result.success) return;
  for (const issue of result.error.issues) {
    context.addIssue({ code: 'custom', path: ['config', ...issue.path], message: issue.message });
  }
}

/** POST /api/integrations: the base fields, then the config checked by the type's own rule. */
export const integrationInputSchema = createIntegrationSchema.superRefine((input, context) =>
  checkConfigOfType(input.type, input.config, context),
);

/** PATCH /api/integrations/:id: the type never changes; a sent config is checked against the stored type. */
export const integrationPatchSchema = updateIntegrationSchema.omit({ type: true });

/** Parses a config against its type's rule (server side of a PATCH); answers the parsed config or the issues. */
export function parseIntegrationConfig(type: (typeof integrationTypes)[number], config: unknown) {
  const schema = integrationConfigSchemas[type];
  if (!schema) return { success: true as const, data: config as Record<string, unknown> };
  const result = schema.safeParse(config);
  if (result.success) return { success: true as const, data: result.data as Record<string, unknown> };
  return {
    success: false as const,
    errors: result.error.issues.map((issue) => ({
      path: ['config', ...issue.path].join('.'),
      message: issue.message,
    })),
  };
}

export type CreateIntegrationInput = z.infer<typeof createIntegrationSchema>;
export type UpdateIntegrationInput = z.infer<typeof updateIntegrationSchema>;
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;
export type ApiKeyRecord = z.infer<typeof apiKeyRecordSchema>;
export type WebhookLogInput = z.infer<typeof webhookLogSchema>;
export type CreateImportJobInput = z.infer<typeof createImportJobSchema>;
