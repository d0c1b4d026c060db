import { Contact } from 'lucide-react';
import { lazy, useEffect, useState } from 'react';
import { PersonStatusBadge } from '../../components/person-status-badge';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { standardRecordType } from '../records/standard-record-type';
import type { RecordListContext, RecordListDescription } from '../records/record-type';
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
import { useTourAction } from '../tours/tour-actions';
import type { Client } from './api';
import {
  clientFilterDefs,
  clientFilterKeys,
  clientStatusBadge,
  clientStatusLabel,
  clientStatusOptions,
} from './client-options';
import { importWizardPath } from '../imports/import-paths';

// The form (react-hook-form, zod and the client's schemas) loads when "New client" is first opened.
const ClientFormDialog = lazy(() =>
  import('./components/client-form-dialog').then((module) => ({ default: module.ClientFormDialog })),
);

/** /clients: the people the organization works for, searchable and filterable, with bulk actions. */
export const clientListDescription: RecordListDescription<Client> = {
  ...standardRecordType(
    'clients',
    'client',
    Contact,
    'The claimants and customers you work for, with their deals, documents and history.',
  ),
  rowLabel: (client) => client.displayName,
  filterKeys: clientFilterKeys,
  searchPlaceholder: 'Search name, email or phone…',
  exportCsv: true,
  importPath: importWizardPath({ entity: 'clients' }),
  emptyDescription: 'Convert a qualified lead, or add a client you already work with.',
  tourTargets: {
    header: 'clients-header',
    table: 'clients-table',
    firstRow: 'client-row',
    search: 'search-input',
    filters: 'client-filters',
  },
  useParts: useClientListParts,
  CreateDialog: ClientFormDialog,
};

function useClientListParts({ me, owners, tags, rows, openRecord, recordHref }: RecordListContext<Client>) {
  // The client-management tour's last step shows a client's notes: open the first client.
  const [openFirstForTour, setOpenFirstForTour] = useState(false);
  useTourAction('open-client-notes', () => setOpenFirstForTour(true));
  const firstClientId = rows[0]?.id;
  useEffect(() => {
    if (openFirstForTour && firstClientId) openRecord(firstClientId);
  }, [openFirstForTour, firstClientId, openRecord]);

  return {
    columns: clientColumns(owners.nameOf, me.phoneNumberFormat, recordHref),
    filters: clientFilterDefs({ owners: owners.options, tags }),
    bulk: standardBulk(
      { key: 'status', label: 'status', options: clientStatusOptions },
      'assignedTo',
      owners,
    ),
  };
}

function clientColumns(
  nameOf: (id: string | null | undefined) => string | null,
  phoneFormat: string | null,
  recordHref: (id: string) => string,
): DataTableColumn<Client>[] {
  return [
    nameColumn<Client>({
      sortField: 'displayName',
      name: (client) => client.displayName,
      href: (client) => recordHref(client.id),
      avatar: (client) => initialsAvatar(client.displayName),
    }),
    textColumn('email', 'Email', (client) => client.email, {
      sortField: 'email',
      width: { min: 200, grow: 1.5 },
    }),
    phoneColumn((client) => client.phone, phoneFormat),
    textColumn('city', 'City', (client) => client.city, { sortField: 'city', defaultHidden: true }),
    textColumn('state', 'State', (client) => client.state, {
      sortField: 'state',
      defaultHidden: true,
      width: 90,
    }),
    {
      id: 'status',
      header: 'Status',
      sortField: 'status',
      width: 120,
      cell: (client) => (
        <PersonStatusBadge
          status={client.status}
          label={clientStatusLabel(client.status)}
          variant={clientStatusBadge[client.status] ?? 'neutral'}
        />
      ),
    },
    ownerColumn(nameOf, (client) => client.assignedTo, { width: { min: 150 } }),
    tagsColumn((client) => client.tags, 3, { width: { min: 180, grow: 1.5 } }),
    textColumn('source', 'Source', (client) => (client.leadId ? 'Converted lead' : 'Added directly'), {
      width: 130,
      defaultHidden: true,
    }),
    dateColumn('lastContact', 'Last contact', (client) => client.lastContactDate, {
      sortField: 'lastContactDate',
    }),
    dateColumn('created', 'Created', (client) => client.createdAt, { sortField: 'createdAt' }),
  ];
}
