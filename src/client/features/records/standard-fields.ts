import { phoneTypes } from '../../../common/allowed-values';
import { toOptions } from '../../components/data-table/use-record-options';
import type { RecordField } from './record-form-description';

/* The fields leads, clients and companies share, described once. */

const emailField: RecordField = {
  name: 'email',
  label: 'Email',
  kind: 'email',
  optional: true,
  noAutofill: true,
};

/** A phone with its type beside it. */
const phoneField: RecordField = {
  name: 'phone',
  label: 'Phone',
  kind: 'phone',
  optional: true,
  noAutofill: true,
  phoneType: { name: 'phoneType', label: 'Type', options: toOptions(phoneTypes) },
};

const ownerField = (name: string): RecordField => ({
  name,
  label: 'Owner',
  kind: 'owner',
  emptyLabel: 'Unassigned',
});

const notesField: RecordField = {
  name: 'notes',
  label: 'Notes',
  kind: 'textarea',
  optional: true,
  span: 2,
};

/** The organization's tags (suggested while typing). */
const tagsField = (name: string): RecordField => ({
  name,
  label: 'Tags',
  kind: 'tags',
  aside: 'Enter to add',
  suggestions: 'tags',
});

/** When someone last spoke with the person: a day, stored as its noon. */
const lastContactField: RecordField = {
  name: 'lastContactDate',
  label: 'Last contact',
  kind: 'date',
  optional: true,
  timestamp: true,
};

export const standardFields = {
  email: emailField,
  phone: phoneField,
  owner: ownerField,
  notes: notesField,
  tags: tagsField,
  lastContact: lastContactField,
};
