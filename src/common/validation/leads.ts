import { z } from 'zod';
import {
  booleanField,
  customFields,
  enumField,
  optionalDate,
  optionalEmail,
  optionalEnum,
  optionalId,
  optionalLine,
  optionalLongText,
  maxLength,
  recordName,
  tagList,
  updateSchemaOf,
  withOrganization,
} from './common';
import { interestLevels, leadStatuses, phoneTypes } from '../allowed-values';

/** /api/leads input (data-model §3, §5). conversionDate and convertedClientId are set by the convert call. */
export const createLeadSchema = z.object({
  fullName: recordName('Full name'),
  email: optionalEmail('Please enter a valid email address'),
  phone: optionalLine('Phone', maxLength.phone),
  phoneType: optionalEnum(phoneTypes, 'Invalid phone type'),
  businessName: optionalLine('Business name'),
  industry: optionalLine('Industry'),
  location: optionalLine('Location'),
  leadSource: optionalLine('Lead source'),
  leadStatus: enumField(leadStatuses, 'Invalid lead status').default('New'),
  interestLevel: optionalEnum(interestLevels, 'Invalid interest level'),
  assignedOwner: optionalId('Invalid user ID'),
  notes: optionalLongText('Notes', maxLength.notes),
  customFields: customFields.default({}),
  tags: tagList.default([]),
  lastContactDate: optionalDate('Last contact date'),
});

export const updateLeadSchema = updateSchemaOf(createLeadSchema);

/** The stored lead: organizationId is required (spec §5) and comes from the session. */
export const leadRecordSchema = withOrganization(createLeadSchema);

/** POST /api/leads/:id/convert. */
export const convertLeadSchema = z.object({
  createDeal: booleanField('createDeal').default(false),
  dealName: recordName('Deal name').optional(),
});

export type CreateLeadInput = z.infer<typeof createLeadSchema>;
export type UpdateLeadInput = z.infer<typeof updateLeadSchema>;
export type LeadRecord = z.infer<typeof leadRecordSchema>;
export type ConvertLeadInput = z.infer<typeof convertLeadSchema>;
