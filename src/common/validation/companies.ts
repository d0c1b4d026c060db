import { z } from 'zod';
import {
  companyRelationshipStatuses,
  customFields,
  enumField,
  nameField,
  numberLike,
  optionalId,
  optionalText,
  stringList,
  tagList,
  updateSchemaOf,
  urlField,
  blankable,
} from './common';

/** /api/companies input (data-model §3, §5). */
export const createCompanySchema = z.object({
  companyName: nameField('Company name must be at least 2 characters'),
  website: blankable(urlField('Must be a valid URL')),
  industry: optionalText,
  keyContact: optionalText,
  employeeCount: numberLike('Employee count', { min: 0, max: 2_147_483_647, int: true }),
  // numeric(14, 2) in storage.
  estimatedRevenue: numberLike('Estimated revenue', {
    min: 0,
    max: 999_999_999_999.99,
    rangeMessage: 'Estimated revenue must be between 0 and 999,999,999,999.99',
  }),
  hqLocation: optionalText,
  companyType: optionalText,
  techStack: stringList.default([]),
  relationshipStatus: enumField(companyRelationshipStatuses, 'Invalid relationship status').default(
    'prospect',
  ),
  customTags: tagList.default([]),
  assignedTo: optionalId('Invalid user ID'),
  notes: optionalText,
  customFields: customFields.default({}),
});

export const updateCompanySchema = updateSchemaOf(createCompanySchema);

export type CreateCompanyInput = z.infer<typeof createCompanySchema>;
export type UpdateCompanyInput = z.infer<typeof updateCompanySchema>;
