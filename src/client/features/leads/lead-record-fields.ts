import { createLeadSchema, updateLeadSchema } from '../../../common/validation/leads';
import type { RecordDetailDescription } from '../records/record-detail-description';
import type { RecordField, RecordFormDescription } from '../records/record-form-description';
import { standardFields } from '../records/standard-fields';
import type { Lead } from './api';
import { interestLevelOptions, leadStatusOptions, settableLeadStatusOptions } from './lead-options';

/** A lead's fields, for its form and its page. */
const leadFields = {
  fullName: { name: 'fullName', label: 'Full name', kind: 'text', noAutofill: true },
  businessName: { name: 'businessName', label: 'Business name', kind: 'text', optional: true },
  industry: { name: 'industry', label: 'Industry', kind: 'text', optional: true },
  location: { name: 'location', label: 'Location', kind: 'text', optional: true, placeholder: 'City, State' },
  leadSource: {
    name: 'leadSource',
    label: 'Lead source',
    kind: 'suggestion',
    optional: true,
    suggestions: 'sources',
  },
  leadStatus: {
    name: 'leadStatus',
    label: 'Status',
    kind: 'select',
    options: settableLeadStatusOptions,
    defaultValue: 'New',
  },
  interestLevel: {
    name: 'interestLevel',
    label: 'Interest level',
    kind: 'select',
    optional: true,
    options: interestLevelOptions,
    emptyLabel: 'Not set',
  },
  owner: standardFields.owner('assignedOwner'),
  tags: standardFields.tags('tags'),
} satisfies Record<string, RecordField>;

export const leadFormDescription: RecordFormDescription<Lead> = {
  idPrefix: 'lead',
  title: 'New lead',
  description: 'Capture a prospect now; you can fill in the rest as you learn more.',
  submitLabel: 'Create lead',
  size: 'lg',
  schema: createLeadSchema,
  customFields: 'lead',
  sections: [
    {
      fields: [
        { ...leadFields.fullName, span: 2 },
        standardFields.email,
        standardFields.phone,
        leadFields.businessName,
        leadFields.industry,
        leadFields.location,
        leadFields.leadSource,
        leadFields.leadStatus,
        leadFields.interestLevel,
        { ...leadFields.owner, span: 2 },
        { ...leadFields.tags, span: 2 },
        standardFields.notes,
      ],
    },
  ],
  savedToast: (lead) => ({ title: 'Lead created', description: `${lead.fullName} was added to your leads.` }),
};

export const leadDetailDescription: RecordDetailDescription<Lead> = {
  singular: 'Lead',
  listHref: '/leads',
  listLabel: 'Lead list',
  permission: 'leads',
  nameOf: (lead) => lead.fullName,
  sections: [
    {
      title: 'Details',
      fields: [
        leadFields.fullName,
        standardFields.email,
        standardFields.phone,
        {
          ...leadFields.leadStatus,
          optionsFor: (lead) =>
            lead.leadStatus === 'Converted' ? leadStatusOptions : settableLeadStatusOptions,
        },
        leadFields.interestLevel,
        leadFields.owner,
        leadFields.businessName,
        leadFields.industry,
        leadFields.location,
        leadFields.leadSource,
        standardFields.lastContact,
        standardFields.notes,
      ],
    },
  ],
  tagFields: [leadFields.tags],
  customFields: 'lead',
  rules: updateLeadSchema.shape,
  timeline: { kind: 'lead' },
  deleteDescription: 'The lead and its activity history are deleted. This cannot be undone.',
};
