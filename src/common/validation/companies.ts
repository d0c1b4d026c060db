import { z } from 'zod';
import {
  blankable,
  customFields,
  enumField,
  numberLike,
  optionalId,
  optionalLine,
  optionalLongText,
  maxLength,
  lineList,
  recordName,
  tagList,
  updateSchemaOf,
  websiteField,
} from './common';
import { companyRelationshipStatuses } from '../allowed-values';

/** /api/companies input (data-model §3, §5). */
export const createCompanySchema = z.object({
  companyName: recordName('Company name'),
  website: blankable(websiteField('Must be a valid URL')),
  industry: optionalLine('Industry'),
  keyContact: optionalLine('Key contact'),
  employeeCount: numberLike('Employee count', { min: 0, max: 2_147_483_647, int: true }),
  // numeric(14, 2) in storage.
  estimatedRevenue: numberLike('Estimated revenue', {
    min: 0,
    max: 999_999_999_999.99,
    rangeMessage: 'Estimated revenue must be between 0 and 999,999,999,999.99',
  }),
  hqLocation: optionalLine('Headquarters'),
  companyType: optionalLine('Company type'),
  techStack: lineList('Tech stack').default([]),
  relationshipStatus: enumField(companyRelationshipStatuses, 'Invalid relationship status').default(
    'prospect',
  ),
  customTags: tagList.default([]),
  assignedTo: optionalId('Invalid user ID'),
  notes: optionalLongText('Notes', maxLength.notes),
  customFields: customFields.default({}),
});

export const updateCompanySchema = updateSchemaOf(createCompanySchema);

export type CreateCompanyInput = z.infer<typeof createCompanySchema>;
export type UpdateCompanyInput = z.infer<typeof updateCompanySchema>;
