import { z } from 'zod';
import {
  companyRelationshipStatuses,
  customFields,
  enumField,
  nameField,
  numberLike,
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
  employeeCount: numberLike('Employee count', { min: 0, int: true }),
  estimatedRevenue: numberLike('Estimated revenue', { min: 0 }),
  hqLocation: optionalText,
  companyType: optionalText,
  techStack: stringList.default([]),
  relationshipStatus: enumField(companyRelationshipStatuses, 'Invalid relationship status').default('prospect'),
  customTags: tagList.default([]),
  assignedTo: optionalText,
  notes: optionalText,
  customFields: customFields.default({}),
});

export const updateCompanySchema = updateSchemaOf(createCompanySchema);

export type CreateCompanyInput = z.infer<typeof createCompanySchema>;
export type UpdateCompanyInput = z.infer<typeof updateCompanySchema>;
