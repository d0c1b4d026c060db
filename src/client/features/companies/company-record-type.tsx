import { Building2 } from 'lucide-react';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatMoney, formatNumber } from '../../components/data-table/format';
import { Badge } from '../../components/ui/badge';
import { standardRecordType } from '../records/standard-record-type';
import type { RecordListContext, RecordListDescription, RecordPanelProps } from '../records/record-type';
import {
  dateColumn,
  iconAvatar,
  nameColumn,
  ownerColumn,
  tagsColumn,
  textColumn,
} from '../records/record-columns';
import { standardBulk } from '../records/standard-bulk';
import type { Company } from './api';
import {
  companyFilterDefs,
  companyFilterKeys,
  displayWebsite,
  relationshipBadge,
  relationshipLabel,
  relationshipOptions,
} from './company-options';
import { CompanyFormDialog } from './components/company-form-dialog';
import { CompanyPanel } from './components/company-panel';
import { createCompanySchema, updateCompanySchema } from '../../../common/validation/companies';
import type { RecordDetailDescription } from '../records/record-detail-description';
import type { RecordField, RecordFormDescription } from '../records/record-form-description';
import { standardFields } from '../records/standard-fields';
import { importWizardPath } from '../imports/import-paths';

/** /companies: businesses and partners; a company opens in a side panel (`?open=:id`). */
export const companyListDescription: RecordListDescription<Company> = {
  ...standardRecordType(
    'companies',
    'company',
    Building2,
    'Title companies, law firms, county offices, partners and the other businesses you deal with.',
  ),
  rowLabel: (company) => company.companyName,
  filterKeys: companyFilterKeys,
  searchPlaceholder: 'Search name or website…',
  exportCsv: true,
  importPath: importWizardPath({ entity: 'companies' }),
  emptyDescription: 'Keep the title companies, attorneys and partners you work with in one place.',
  useParts: useCompanyListParts,
  Panel: CompanyPanelOfList,
  CreateDialog: CompanyFormDialog,
};

function useCompanyListParts({ owners, tags, recordHref }: RecordListContext<Company>) {
  return {
    columns: companyColumns(owners.nameOf, recordHref),
    filters: companyFilterDefs({ owners: owners.options, tags }),
    bulk: standardBulk(
      { key: 'relationshipStatus', label: 'relationship', options: relationshipOptions },
      'assignedTo',
      owners,
    ),
  };
}

function CompanyPanelOfList({ recordId, onClose }: RecordPanelProps) {
  return <CompanyPanel companyId={recordId} onClose={onClose} />;
}

/** Each name links to the company's panel, as names link to their pages in the other lists. */
function companyColumns(
  nameOf: (id: string | null | undefined) => string | null,
  recordHref: (id: string) => string,
): DataTableColumn<Company>[] {
  return [
    nameColumn<Company>({
      header: 'Company',
      sortField: 'companyName',
      name: (company) => company.companyName,
      href: (company) => recordHref(company.id),
      avatar: () => iconAvatar(Building2),
      subline: (company) => (company.website ? displayWebsite(company.website) : null),
    }),
    {
      id: 'relationship',
      header: 'Relationship',
      sortField: 'relationshipStatus',
      width: 150,
      cell: (company) => (
        <Badge variant={relationshipBadge[company.relationshipStatus] ?? 'neutral'}>
          {relationshipLabel(company.relationshipStatus)}
        </Badge>
      ),
    },
    textColumn('industry', 'Industry', (company) => company.industry, { sortField: 'industry' }),
    textColumn('keyContact', 'Key contact', (company) => company.keyContact, { width: { min: 130 } }),
    amountColumn(
      'employees',
      'Employees',
      'employeeCount',
      (company) => formatNumber(company.employeeCount),
      140,
    ),
    amountColumn(
      'revenue',
      'Revenue',
      'estimatedRevenue',
      (company) => formatMoney(company.estimatedRevenue),
      125,
    ),
    textColumn('hq', 'Headquarters', (company) => company.hqLocation, {
      defaultHidden: true,
      width: { min: 150 },
    }),
    ownerColumn(nameOf, (company) => company.assignedTo),
    tagsColumn((company) => company.customTags, 2, { width: { min: 160 }, defaultHidden: true }),
    dateColumn('created', 'Created', (company) => company.createdAt, { sortField: 'createdAt', width: 120 }),
  ];
}

/** A number right-aligned, largest first when sorted. */
function amountColumn(
  id: string,
  header: string,
  sortField: string,
  text: (company: Company) => string,
  width: number,
): DataTableColumn<Company> {
  return {
    id,
    header,
    sortField,
    sortFirst: 'desc',
    align: 'end',
    width,
    cell: (company) => <span className="text-muted-foreground tabular-nums">{text(company) || '—'}</span>,
  };
}

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
