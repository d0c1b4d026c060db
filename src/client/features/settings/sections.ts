import { Building2, Kanban, type LucideIcon, Mail, SlidersHorizontal, UserRound, Users } from 'lucide-react';
import { can, type PermissionSubject } from '../../../common/permissions';

export type SettingsSectionId = 'profile' | 'organization' | 'email' | 'pipelines' | 'custom-fields';

export interface SettingsLink {
  id: SettingsSectionId | 'users';
  label: string;
  description: string;
  icon: LucideIcon;
  href: string;
  visible?: (user: PermissionSubject) => boolean;
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
    description: 'Company details, logo and e-mail sender.',
    icon: Building2,
    href: '/settings/organization',
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
    id: 'email',
    label: 'Email',
    description: 'Connected mailboxes, templates and signatures.',
    icon: Mail,
    href: '/settings/email',
  },
  {
    id: 'pipelines',
    label: 'Pipelines',
    description: 'Deal stages and their probabilities.',
    icon: Kanban,
    href: '/settings/pipelines',
  },
  {
    id: 'custom-fields',
    label: 'Custom fields',
    description: 'Your own fields on leads, clients, companies and deals.',
    icon: SlidersHorizontal,
    href: '/settings/custom-fields',
  },
];

export const settingsSectionIds: SettingsSectionId[] = [
  'profile',
  'organization',
  'email',
  'pipelines',
  'custom-fields',
];

/** `/settings` opens Profile; an unknown section is null (the page then redirects to Profile). */
export function resolveSettingsSection(section: string | undefined): SettingsSectionId | null {
  if (section === undefined || section === '') return 'profile';
  return (settingsSectionIds as string[]).includes(section) ? (section as SettingsSectionId) : null;
}
