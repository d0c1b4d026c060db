import { createClientSchema, updateClientSchema } from '../../../common/validation/clients';
import type { RecordDetailDescription } from '../records/record-detail-description';
import type { RecordField, RecordFormDescription } from '../records/record-form-description';
import { standardFields } from '../records/standard-fields';
import type { Client, ClientDetail } from './api';
import { clientStatusOptions } from './client-options';

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
