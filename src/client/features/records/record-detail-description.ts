import type { ReactNode } from 'react';
import type { PermissionCategory } from '../../../common/permissions';
import type { TimelineSubject } from '../activities/api';
import type { CustomFieldEntityType } from '../../components/custom-fields/types';
import type { RecordField, RecordFieldOption } from './record-form-description';

/** A field on a detail page: a form field, plus what only a page shows. */
export interface RecordDetailField extends RecordField {
  /** Choices that depend on the record (a converted lead keeps "Converted"). */
  optionsFor?: (record: Record<string, unknown>) => readonly RecordFieldOption[];
  /** How a stored value shows (instead of the kind's own format). */
  format?: (value: unknown) => ReactNode;
  /** url: a link under the value ("Open website"). */
  linkLabel?: string;
}

/** A card (page) or titled section (side panel) of fields edited in place. */
export interface RecordDetailSection {
  title: string;
  fields: readonly RecordDetailField[];
  /** Columns of the section's grid in a side panel (default 1). */
  columns?: 1 | 2;
}

/** A record type's detail page (or side panel), edited in place. */
export interface RecordDetailDescription<T> {
  /** "Lead": "Lead not found", "Delete lead". */
  singular: string;
  /** `/leads`, and the breadcrumb's "Lead list". */
  listHref: string;
  listLabel: string;
  permission: PermissionCategory;
  nameOf: (record: T) => string;
  sections: readonly RecordDetailSection[];
  /** Tag lists, each a card of its own (`tags`, a company's `techStack`). */
  tagFields: readonly RecordField[];
  /** The organization's own fields for this type (a card under the others). */
  customFields?: CustomFieldEntityType;
  /** The shared update rule: text fields are checked with their rule before they are saved. */
  rules?: Readonly<Record<string, unknown>>;
  /** The activity timeline beside the fields (its title and guided tour target when not the default). */
  timeline?: { kind: TimelineSubject['kind']; title?: string; tour?: string };
  /** What deleting removes ("The lead and its activity history are deleted…"). */
  deleteDescription: string;
}
