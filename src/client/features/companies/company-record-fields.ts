import { createCompanySchema, updateCompanySchema } from '../../../common/validation/companies';
import type { RecordDetailDescription } from '../records/record-detail-description';
import type { RecordField, RecordFormDescription } from '../records/record-form-description';
import { standardFields } from '../records/standard-fields';
import type { Company } from './api';
import { displayWebsite, relationshipOptions } from './company-options';

/** A company's fields, for its form and its side panel. */
const companyFields = {
  companyName: { name: 'companyName', label: 'Company name', kind: 'text', noAutofill: true },
  website: { name: 'website', label: 'Website', kind: 'url', optional: true, placeholder: 'https://' },
  relationshipStatus: {
    name: 'relationshipStatus',
    label: 'Relationship',
    kind: 'select',
    options: relationshipOptions,
    defaultValue: 'prospect',
  },
  owner: standardFields.owner('assignedTo'),
  industry: { name: 'industry', label: 'Industry', kind: 'text', optional: true },
  companyType: {
    name: 'companyType',
    label: 'Company type',
    kind: 'text',
    optional: true,
    placeholder: 'e.g. Law firm, County office',
  },
  keyContact: { name: 'keyContact', label: 'Key contact', kind: 'text', optional: true },
  hqLocation: {
    name: 'hqLocation',
    label: 'Headquarters',
    kind: 'text',
    optional: true,
    placeholder: 'City, State',
  },
  employeeCount: {
    name: 'employeeCount',
    label: 'Employees',
    kind: 'number',
    optional: true,
    inputMode: 'numeric',
  },
  estimatedRevenue: {
    name: 'estimatedRevenue',
    label: 'Estimated revenue',
    kind: 'currency',
    optional: true,
    placeholder: '$',
  },
  customTags: standardFields.tags('customTags'),
  techStack: {
    name: 'techStack',
    label: 'Tech stack',
    kind: 'tags',
    aside: 'Enter to add',
    placeholder: 'Add a tool…',
  },
} satisfies Record<string, RecordField>;

/** The company's own fields in the order the form and the panel show them. */
const companyDetails = [
  companyFields.companyName,
  companyFields.website,
  companyFields.relationshipStatus,
  companyFields.owner,
  companyFields.industry,
  companyFields.companyType,
  companyFields.keyContact,
  companyFields.hqLocation,
  companyFields.employeeCount,
  companyFields.estimatedRevenue,
];

export const companyFormDescription: RecordFormDescription<Company> = {
  idPrefix: 'company',
  title: 'New company',
  description: 'A business, agency or partner you deal with.',
  submitLabel: 'Create company',
  size: 'lg',
  schema: createCompanySchema,
  customFields: 'company',
  sections: [
    {
      fields: [...companyDetails, companyFields.customTags, companyFields.techStack, standardFields.notes],
    },
  ],
  savedToast: (company) => ({
    title: 'Company created',
    description: `${company.companyName} was added to your companies.`,
  }),
};

export const companyDetailDescription: RecordDetailDescription<Company> = {
  singular: 'Company',
  listHref: '/companies',
  listLabel: 'Company list',
  permission: 'companies',
  nameOf: (company) => company.companyName,
  sections: [
    {
      title: 'Details',
      columns: 2,
      fields: [
        { ...companyFields.companyName, span: 2 },
        {
          ...companyFields.website,
          span: 2,
          linkLabel: 'Open website',
          format: (url) => displayWebsite(String(url)),
        },
        ...companyDetails.slice(2),
        standardFields.notes,
      ],
    },
  ],
  tagFields: [companyFields.customTags, companyFields.techStack],
  customFields: 'company',
  rules: updateCompanySchema.shape,
  deleteDescription: 'The company is deleted. This cannot be undone.',
};
