import { Target } from 'lucide-react';
import { lazy } from 'react';
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
import {
  interestBadge,
  leadFilterDefs,
  leadFilterKeys,
  leadStatusBadge,
  settableLeadStatusOptions,
} from './lead-options';
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

// The form (react-hook-form, zod and the lead's schemas) loads when "New lead" is first opened.
const LeadFormDialog = lazy(() =>
  import('./components/lead-form-dialog').then((module) => ({ default: module.LeadFormDialog })),
);

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
