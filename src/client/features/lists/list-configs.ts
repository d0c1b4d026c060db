import {
  CircleDot,
  type LucideIcon,
  Megaphone,
  MessageSquareQuote,
  Receipt,
  Tag,
  UserRound,
} from 'lucide-react';
import type { z } from 'zod';
import {
  createDealReasonSchema,
  createDealStatusSchema,
  createLeadSourceSchema,
  createPersonStatusSchema,
  createRevenueTypeSchema,
} from '../../../common/validation/lists';
import { createTagSchema } from '../../../common/validation/tags';
import { defaultTagColor } from '../../../common/constants';
import type { ListEntry } from './api';

/** A boolean column shown as a switch on each row (deal reasons: where they are offered). */
export interface ListToggle {
  key: 'showInDialog' | 'showInDetails';
  label: string;
  description: string;
}

/** One configurable list as the simple list editor shows it. */
export interface SimpleListConfig {
  path: string;
  /** "lead source": for buttons and messages ("Add lead source"). */
  singular: string;
  plural: string;
  icon: LucideIcon;
  /** The form's rules: the shared schema, so messages match the API's. */
  schema: z.ZodType;
  /** Name, colour, description: which the entries have. */
  color?: { defaultColor: string };
  description?: boolean;
  /** Entries have an order (drag to reorder) and an active flag. */
  ordered: boolean;
  /** Entries split by type (deal reasons: won and loss), each reordered on its own. */
  groups?: { value: 'won' | 'loss'; label: string; description: string }[];
  toggles?: ListToggle[];
  /** Why an entry cannot be deleted, or null. */
  undeletable?: (entry: ListEntry) => string | null;
  namePlaceholder: string;
  emptyDescription: string;
  /** Where the entries show up in the product, said under the list. */
  usage?: string;
}

export const leadSourcesConfig: SimpleListConfig = {
  path: '/api/lead-sources',
  singular: 'lead source',
  plural: 'lead sources',
  icon: Megaphone,
  schema: createLeadSourceSchema,
  ordered: true,
  namePlaceholder: 'County surplus list',
  emptyDescription: 'Record where your leads come from to see which sources bring deals that close.',
};

export const revenueTypesConfig: SimpleListConfig = {
  path: '/api/revenue-types',
  singular: 'revenue type',
  plural: 'revenue types',
  icon: Receipt,
  schema: createRevenueTypeSchema,
  ordered: true,
  namePlaceholder: 'Recovery fee',
  emptyDescription: 'Revenue types describe how a deal earns money: a recovery fee, a flat fee, a resale.',
  usage:
    'A deal’s type is chosen from the active revenue types, in this order (the deal form, the deal page and the deals list filter). Renaming one renames it on the deals of that type.',
};

export const dealStatusesConfig: SimpleListConfig = {
  path: '/api/deal-statuses',
  singular: 'deal status',
  plural: 'deal statuses',
  icon: CircleDot,
  schema: createDealStatusSchema,
  color: { defaultColor: '#3b82f6' },
  ordered: true,
  undeletable: (entry) =>
    entry.isSystem ? 'System statuses cannot be deleted. You can rename or deactivate them.' : null,
  namePlaceholder: 'On hold',
  emptyDescription: 'Statuses label deals at a glance, with a colour of their own.',
  usage:
    'A deal is Open, Won or Lost as its pipeline stage says (a stage closes deals as won or lost in Pipelines). The colours of Open, Won and Lost mark that status on the deal page and in the deals list. Other statuses are kept here for your reference and are not set on deals.',
};

export const personStatusesConfig: SimpleListConfig = {
  path: '/api/person-statuses',
  singular: 'person status',
  plural: 'person statuses',
  icon: UserRound,
  schema: createPersonStatusSchema,
  color: { defaultColor: '#16a34a' },
  ordered: true,
  namePlaceholder: 'Do not contact',
  emptyDescription: 'Statuses label leads and clients: active, prospect, do not contact…',
  usage:
    'Lead statuses (New, Contacted, Qualified, Disqualified, Converted) and client statuses (Active, Prospect, Inactive) are fixed. A person status with the same name, in any case, gives their badge its colour.',
};

export const dealReasonsConfig: SimpleListConfig = {
  path: '/api/deal-reasons',
  singular: 'reason',
  plural: 'deal reasons',
  icon: MessageSquareQuote,
  schema: createDealReasonSchema,
  ordered: true,
  groups: [
    { value: 'won', label: 'Won reasons', description: 'Why deals close in your favour.' },
    { value: 'loss', label: 'Loss reasons', description: 'Why deals are lost, to learn from them.' },
  ],
  toggles: [
    {
      key: 'showInDialog',
      label: 'Close dialog',
      description: 'Offered when a deal is moved to a won or lost stage',
    },
    { key: 'showInDetails', label: 'Deal details', description: 'Offered on the deal page' },
  ],
  namePlaceholder: 'Claim paid',
  emptyDescription: 'Reasons are asked for when a deal is won or lost.',
};

export const tagsConfig: SimpleListConfig = {
  path: '/api/tags',
  singular: 'tag',
  plural: 'tags',
  icon: Tag,
  schema: createTagSchema,
  color: { defaultColor: defaultTagColor },
  description: true,
  ordered: false,
  namePlaceholder: 'High value',
  emptyDescription: 'Tags mark leads, clients and deals across lists: high value, follow up, heir search…',
};
