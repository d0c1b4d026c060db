import {
  Blocks,
  Building2,
  FileText,
  CircleDot,
  Kanban,
  Landmark,
  type LucideIcon,
  Mail,
  Megaphone,
  PenLine,
  MessageSquareQuote,
  Receipt,
  Send,
  ShieldCheck,
  SlidersHorizontal,
  Tag,
  UserRound,
  Users,
  UserRoundCheck,
} from 'lucide-react';
import { can, type PermissionSubject } from '../../../common/permissions';

export type SettingsSectionId =
  | 'profile'
  | 'organization'
  | 'email-configuration'
  | 'email'
  | 'email-templates'
  | 'email-signatures'
  | 'pipelines'
  | 'deal-reasons'
  | 'deal-statuses'
  | 'revenue-types'
  | 'state-rules'
  | 'lead-sources'
  | 'person-statuses'
  | 'tags'
  | 'custom-fields'
  | 'objects'
  | 'security';

/** Who looks at the settings: permissions and the organization's sector. */
export type SettingsViewer = PermissionSubject & {
  organizationIndustry?: string | null;
  industrySector?: string | null;
};

/** Surplus-funds organizations (the default sector) keep state rules. */
export function isSurplusViewer(user: SettingsViewer): boolean {
  const sector = user.organizationIndustry ?? user.industrySector;
  return !sector || sector === 'Surplus Funds Locator';
}

/** Headings of the settings sidebar (wide screens). */
export const settingsGroups = {
  account: 'Account',
  deals: 'Deals & pipeline',
  records: 'Contacts & data',
} as const;

export interface SettingsLink {
  id: SettingsSectionId | 'users';
  label: string;
  description: string;
  icon: LucideIcon;
  href: string;
  group?: keyof typeof settingsGroups;
  visible?: (user: SettingsViewer) => boolean;
}

export const settingsLinks: SettingsLink[] = [
  {
    id: 'profile',
    label: 'Profile',
    description: 'Your name, contact details and preferences.',
    icon: UserRound,
    href: '/settings/profile',
  },
  {
    id: 'organization',
    label: 'Organization',
    description: 'Company details and logo.',
    icon: Building2,
    href: '/settings/organization',
  },
  {
    id: 'email-configuration',
    label: 'Email Configuration',
    description: 'The sender your clients see, the server that sends your mail, and outgoing mail.',
    icon: Send,
    href: '/settings/email-configuration',
    visible: (user) => can(user, 'settings', 'view'),
  },
  {
    id: 'users',
    label: 'Users',
    description: 'People, teams and permissions.',
    icon: Users,
    href: '/users',
    visible: (user) => can(user, 'users', 'read'),
  },
  {
    id: 'security',
    label: 'Security',
    description:
      'The certificate that seals your documents, and the audit log: who signed in, changed access, exported or deleted data.',
    icon: ShieldCheck,
    href: '/settings/security',
    visible: (user) => can(user, 'settings', 'manage'),
  },
  {
    id: 'email',
    label: 'Email',
    description: 'Connected mailboxes, templates and signatures.',
    icon: Mail,
    href: '/settings/email',
  },
  {
    id: 'email-templates',
    label: 'Email templates',
    description: 'Reusable messages with fields filled from the record: name, case number, amounts.',
    icon: FileText,
    href: '/settings/email-templates',
  },
  {
    id: 'email-signatures',
    label: 'Email signatures',
    description: 'How your messages end. The default signature is added to every new message.',
    icon: PenLine,
    href: '/settings/email-signatures',
  },
  {
    id: 'pipelines',
    label: 'Pipelines',
    description: 'Deal stages, their win probabilities and which stages close a deal.',
    icon: Kanban,
    href: '/settings/pipelines',
    group: 'deals',
  },
  {
    id: 'deal-reasons',
    label: 'Deal reasons',
    description: 'Why deals are won or lost, asked for when a deal closes.',
    icon: MessageSquareQuote,
    href: '/settings/deal-reasons',
    group: 'deals',
  },
  {
    id: 'deal-statuses',
    label: 'Deal statuses',
    description: 'Coloured labels for deals.',
    icon: CircleDot,
    href: '/settings/deal-statuses',
    group: 'deals',
  },
  {
    id: 'revenue-types',
    label: 'Revenue types',
    description: 'How your deals earn money.',
    icon: Receipt,
    href: '/settings/revenue-types',
    group: 'deals',
  },
  {
    id: 'state-rules',
    label: 'State rules',
    description: 'Claim windows, fee caps and filing rules you have verified per state.',
    icon: Landmark,
    href: '/settings/state-rules',
    group: 'deals',
    visible: isSurplusViewer,
  },
  {
    id: 'lead-sources',
    label: 'Lead sources',
    description: 'Where your leads come from.',
    icon: Megaphone,
    href: '/settings/lead-sources',
    group: 'records',
  },
  {
    id: 'person-statuses',
    label: 'Person statuses',
    description: 'Coloured labels for leads and clients.',
    icon: UserRoundCheck,
    href: '/settings/person-statuses',
    group: 'records',
  },
  {
    id: 'tags',
    label: 'Tags',
    description: 'The tags offered on leads, clients, companies and deals.',
    icon: Tag,
    href: '/settings/tags',
    group: 'records',
  },
  {
    id: 'custom-fields',
    label: 'Custom fields',
    description: 'Your own fields on leads, clients, companies and deals.',
    icon: SlidersHorizontal,
    href: '/settings/custom-fields',
    group: 'records',
  },
  {
    id: 'objects',
    label: 'Objects',
    description: 'Your own kinds of records, such as properties, heirs or court filings, and their fields.',
    icon: Blocks,
    href: '/settings/objects',
    group: 'records',
    visible: (user) => can(user, 'settings', 'manage'),
  },
];

export const settingsSectionIds: SettingsSectionId[] = [
  'profile',
  'organization',
  'email-configuration',
  'email',
  'email-templates',
  'email-signatures',
  'pipelines',
  'deal-reasons',
  'deal-statuses',
  'revenue-types',
  'state-rules',
  'lead-sources',
  'person-statuses',
  'tags',
  'custom-fields',
  'objects',
  'security',
];

/** `/settings` opens Profile; an unknown section is null (the page then shows a not-found state). */
export function resolveSettingsSection(section: string | undefined): SettingsSectionId | null {
  if (section === undefined || section === '') return 'profile';
  return (settingsSectionIds as string[]).includes(section) ? (section as SettingsSectionId) : null;
}
