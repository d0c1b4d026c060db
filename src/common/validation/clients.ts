import { z } from 'zod';
import { usStateField } from '../us-states';
import {
  blankable,
  customFields,
  enumField,
  maxLength,
  optionalDate,
  optionalEmail,
  optionalEnum,
  optionalId,
  optionalLine,
  optionalLongText,
  recordName,
  tagList,
  updateSchemaOf,
  withOrganization,
} from './common';
import { clientStatuses, phoneTypes } from '../allowed-values';

/** Notes are free text, bounded so one record cannot carry megabytes. */
export const clientNotesMaxLength = 10_000;
export const zipMessage = 'ZIP code must be 5 digits or ZIP+4 (12345-6789)';
const zipPattern = /^\d{5}(-\d{4})?$/;

/** /api/clients input (data-model §3, §5). */
export const createClientSchema = z.object({
  displayName: recordName('Display name'),
  // The claimant's contact details: the same rules and messages as the lead's.
  email: optionalEmail('Please enter a valid email address'),
  phone: optionalLine('Phone', maxLength.phone),
  phoneType: optionalEnum(phoneTypes, 'Invalid phone type'),
  addressLine1: optionalLine('Address line 1'),
  addressLine2: optionalLine('Address line 2'),
  city: optionalLine('City'),
  state: blankable(usStateField('State')),
  zip: blankable(z.string({ error: zipMessage }).trim().max(10, zipMessage).regex(zipPattern, zipMessage)),
  notes: optionalLongText('Notes', clientNotesMaxLength),
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
