import { Contact } from 'lucide-react';
import { useEffect, useState } from 'react';
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
import type { Client, ClientDetail } from './api';
import {
  clientFilterDefs,
  clientFilterKeys,
  clientStatusBadge,
  clientStatusLabel,
  clientStatusOptions,
} from './client-options';
import { ClientFormDialog } from './components/client-form-dialog';
import { createClientSchema, updateClientSchema } from '../../../common/validation/clients';
import type { RecordDetailDescription } from '../records/record-detail-description';
import type { RecordField, RecordFormDescription } from '../records/record-form-description';
import { standardFields } from '../records/standard-fields';
import { importWizardPath } from '../imports/import-paths';

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

/** A client's fields, for its form and its page. */
const clientFields = {
  displayName: { name: 'displayName', label: 'Display name', kind: 'text', noAutofill: true },
  addressLine1: {
    name: 'addressLine1',
    label: 'Address line 1',
    kind: 'text',
    optional: true,
    noAutofill: true,
  },
  addressLine2: {
    name: 'addressLine2',
    label: 'Address line 2',
    kind: 'text',
    optional: true,
    noAutofill: true,
  },
  city: { name: 'city', label: 'City', kind: 'text', noAutofill: true },
  state: { name: 'state', label: 'State', kind: 'usState', emptyLabel: '—' },
  zip: { name: 'zip', label: 'ZIP code', kind: 'text', inputMode: 'numeric', noAutofill: true },
  status: {
    name: 'status',
    label: 'Status',
    kind: 'select',
    options: clientStatusOptions,
    defaultValue: 'active',
  },
  owner: standardFields.owner('assignedTo'),
  tags: standardFields.tags('tags'),
} satisfies Record<string, RecordField>;

export const clientFormDescription: RecordFormDescription<Client> = {
  idPrefix: 'client',
  title: 'New client',
  description:
    'Usually clients come from converted leads; add one here when you start working with someone directly.',
  submitLabel: 'Create client',
  schema: createClientSchema,
  customFields: 'client',
  sections: [
    { fields: [{ ...clientFields.displayName, span: 2 }, standardFields.email, standardFields.phone] },
    {
      legend: 'Mailing address',
      columns: 6,
      fields: [
        { ...clientFields.addressLine1, span: 6 },
        { ...clientFields.addressLine2, span: 6 },
        { ...clientFields.city, span: 2 },
        { ...clientFields.state, span: 2 },
        { ...clientFields.zip, span: 2 },
      ],
    },
    {
      fields: [
        clientFields.status,
        clientFields.owner,
        { ...standardFields.lastContact, span: 2 },
        { ...clientFields.tags, span: 2 },
        standardFields.notes,
      ],
    },
  ],
  savedToast: (client) => ({
    title: 'Client created',
    description: `${client.displayName} was added to your clients.`,
  }),
};

export const clientDetailDescription: RecordDetailDescription<ClientDetail> = {
  singular: 'Client',
  listHref: '/clients',
  listLabel: 'Client list',
  permission: 'clients',
  nameOf: (client) => client.displayName,
  sections: [
    {
      title: 'Details',
      fields: [
        clientFields.displayName,
        standardFields.email,
        standardFields.phone,
        clientFields.status,
        clientFields.owner,
        standardFields.lastContact,
        standardFields.notes,
      ],
    },
    {
      title: 'Address',
      fields: [
        clientFields.addressLine1,
        clientFields.addressLine2,
        clientFields.city,
        clientFields.state,
        clientFields.zip,
      ],
    },
  ],
  tagFields: [clientFields.tags],
  customFields: 'client',
  rules: updateClientSchema.shape,
  timeline: { kind: 'client', title: 'Notes and activity', tour: 'client-notes' },
  deleteDescription:
    'The client, its activity history and its documents are deleted. Its deals stay, without a client. This cannot be undone.',
};
