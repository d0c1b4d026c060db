import { z } from 'zod';
import {
  clientStatuses,
  customFields,
  enumField,
  optionalDate,
  optionalId,
  recordName,
  tagList,
  updateSchemaOf,
  withOrganization,
} from './common';

/** /api/clients input (data-model §3, §5). */
export const createClientSchema = z.object({
  displayName: recordName('Display name'),
  status: enumField(clientStatuses, 'Invalid status').default('active'),
  assignedTo: optionalId('Invalid user ID'),
  tags: tagList.default([]),
  leadId: optionalId('Invalid lead ID'),
  lastContactDate: optionalDate('Last contact date'),
  customFields: customFields.default({}),
});

export const updateClientSchema = updateSchemaOf(createClientSchema);

/** The stored client: organizationId is required (spec §5) and comes from the session. */
export const clientRecordSchema = withOrganization(createClientSchema);

export type CreateClientInput = z.infer<typeof createClientSchema>;
export type UpdateClientInput = z.infer<typeof updateClientSchema>;
export type ClientRecord = z.infer<typeof clientRecordSchema>;
