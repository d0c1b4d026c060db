import { Target } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { PersonStatusBadge } from '../../components/person-status-badge';
import { useLeadSourceNames } from '../../components/data-table/use-record-options';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { standardRecordType } from '../records/standard-record-type';
import type {
  RecordCreateDialogProps,
  RecordListContext,
  RecordListDescription,
} from '../records/record-type';
import {
  dateColumn,
  initialsAvatar,
  nameColumn,
  ownerColumn,
  phoneColumn,
  tagsColumn,
  textColumn,
} from '../records/record-columns';
import { standardBulk } from '../records/standard-bulk';
import type { Lead } from './api';
import { LeadFormDialog } from './components/lead-form-dialog';
import {
  interestBadge,
  leadFilterDefs,
  leadFilterKeys,
  leadStatusBadge,
  settableLeadStatusOptions,
  interestLevelOptions,
  leadStatusOptions,
} from './lead-options';
import { createLeadSchema, updateLeadSchema } from '../../../common/validation/leads';
import type { RecordDetailDescription } from '../records/record-detail-description';
import type { RecordField, RecordFormDescription } from '../records/record-form-description';
import { standardFields } from '../records/standard-fields';
import { importWizardPath } from '../imports/import-paths';

/** /leads: every prospect, searchable and filterable, with bulk actions and CSV export. */
export const leadListDescription: RecordListDescription<Lead> = {
  ...standardRecordType(
    'leads',
    'lead',
    Target,
    'Every prospect in one place: qualify, follow up and convert the ones ready to work with you.',
  ),
  rowLabel: (lead) => lead.fullName,
  filterKeys: leadFilterKeys,
  searchPlaceholder: 'Search name, email, phone…',
  exportCsv: true,
  importPath: importWizardPath({ entity: 'leads' }),
  emptyDescription: 'Add the people you are prospecting, or import them, and follow each one up from here.',
  tourTargets: { search: 'search-input' },
  useParts: useLeadListParts,
  CreateDialog: CreateLeadDialog,
};

function useLeadListParts({ me, owners, tags, recordHref }: RecordListContext<Lead>) {
  const sources = useLeadSourceNames();
  return {
    columns: leadColumns({ ...owners, phoneFormat: me.phoneNumberFormat, recordHref }),
    filters: leadFilterDefs({ owners: owners.options, sources, tags }),
    bulk: standardBulk(
      { key: 'leadStatus', label: 'status', options: settableLeadStatusOptions },
      'assignedOwner',
      owners,
    ),
  };
}

/** A new lead stays in the list, where it shows at the top. */
function CreateLeadDialog({ open, onOpenChange }: RecordCreateDialogProps) {
  return <LeadFormDialog open={open} onOpenChange={onOpenChange} />;
}

interface LeadColumnContext {
  nameOf: (id: string | null | undefined) => string | null;
  phoneFormat: string | null;
  recordHref: (id: string) => string;
}

function leadColumns({ nameOf, phoneFormat, recordHref }: LeadColumnContext): DataTableColumn<Lead>[] {
  return [
    nameColumn<Lead>({
      sortField: 'fullName',
      width: { min: 240, grow: 2 },
      name: (lead) => lead.fullName,
      href: (lead) => recordHref(lead.id),
      avatar: (lead) => initialsAvatar(lead.fullName),
      // The e-mail under the name, unless its own column shows it.
      subline: (lead, view) =>
        view.isVisible('email') ? lead.businessName : (lead.email ?? lead.businessName),
    }),
    textColumn('email', 'Email', (lead) => lead.email, {
      sortField: 'email',
      defaultHidden: true,
      width: { min: 200, grow: 1.5 },
    }),
    phoneColumn((lead) => lead.phone, phoneFormat),
    {
      id: 'status',
      header: 'Status',
      sortField: 'leadStatus',
      width: 120,
      cell: (lead) => (
        <PersonStatusBadge status={lead.leadStatus} variant={leadStatusBadge[lead.leadStatus] ?? 'neutral'} />
      ),
    },
    {
      id: 'interest',
      header: 'Interest',
      sortField: 'interestLevel',
      width: 120,
      cell: (lead) =>
        lead.interestLevel ? (
          <Badge variant={interestBadge[lead.interestLevel] ?? 'neutral'}>{lead.interestLevel}</Badge>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    textColumn('source', 'Source', (lead) => lead.leadSource, {
      sortField: 'leadSource',
      width: { min: 130 },
    }),
    ownerColumn(nameOf, (lead) => lead.assignedOwner),
    tagsColumn((lead) => lead.tags, 1),
    textColumn('location', 'Location', (lead) => lead.location, { defaultHidden: true }),
    textColumn('industry', 'Industry', (lead) => lead.industry, { defaultHidden: true }),
    dateColumn('lastContact', 'Last contact', (lead) => lead.lastContactDate, {
      sortField: 'lastContactDate',
      defaultHidden: true,
    }),
    dateColumn('created', 'Created', (lead) => lead.createdAt, { sortField: 'createdAt', width: 120 }),
  ];
}

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
