import {
  BarChart3,
  Building2,
  Eye,
  HeartPulse,
  Inbox,
  LifeBuoy,
  type LucideIcon,
  Megaphone,
  Rocket,
  ScrollText,
  SlidersHorizontal,
} from 'lucide-react';

export type SuperAdminSectionId =
  | 'organizations'
  | 'configuration'
  | 'audit'
  | 'analytics'
  | 'service-requests'
  | 'releases'
  | 'announcements'
  | 'submissions'
  | 'support-access'
  | 'health';

export interface SuperAdminSection {
  id: SuperAdminSectionId;
  label: string;
  description: string;
  icon: LucideIcon;
}

/** The super-admin screen's sections, in the order of its navigation; the first is the default. */
export const superAdminSections: SuperAdminSection[] = [
  {
    id: 'organizations',
    label: 'Organizations',
    description: 'Every organization on the platform: plans, limits, usage and status.',
    icon: Building2,
  },
  {
    id: 'analytics',
    label: 'Analytics',
    description: 'Active users, sign-ins, API calls, errors and response times by day.',
    icon: BarChart3,
  },
  {
    id: 'audit',
    label: 'Audit',
    description: "Every organization's audit trail, with high-risk events highlighted.",
    icon: ScrollText,
  },
  {
    id: 'service-requests',
    label: 'Service requests',
    description: 'Requests filed by organization admins: assign, answer and resolve them.',
    icon: LifeBuoy,
  },
  {
    id: 'submissions',
    label: 'Submissions',
    description: 'Early-access signups, demo requests, support submissions and feedback.',
    icon: Inbox,
  },
  {
    id: 'announcements',
    label: 'Announcements',
    description: 'Messages to everyone, one organization or one user, shown under the bell.',
    icon: Megaphone,
  },
  {
    id: 'releases',
    label: 'Releases',
    description: 'Deployments by version, environment and status.',
    icon: Rocket,
  },
  {
    id: 'support-access',
    label: 'Support access',
    description: 'Read-only visits to an organization as one of its users, for 30 minutes.',
    icon: Eye,
  },
  {
    id: 'configuration',
    label: 'Configuration',
    description: 'Maintenance mode, registrations, limits, notifications and audit retention.',
    icon: SlidersHorizontal,
  },
  {
    id: 'health',
    label: 'Health',
    description: 'Version, database size, background jobs and mailboxes in error.',
    icon: HeartPulse,
  },
];

/** The section of /super-admin/:section; none is the first, an unknown one is null (not found). */
export function resolveSuperAdminSection(section: string | undefined): SuperAdminSectionId | null {
  if (section === undefined) return superAdminSections[0].id;
  return superAdminSections.find((entry) => entry.id === section)?.id ?? null;
}
