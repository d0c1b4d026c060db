import {
  ArrowRight,
  Building2,
  Contact,
  Handshake,
  type LucideIcon,
  Palette,
  Settings2,
  Target,
  UserPlus,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { can } from '../../../../common/permissions';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { cn } from '../../../lib/cn';
import { type CurrentUser } from '../../auth/api';
import { useSignedInUser } from '../../auth/signed-in-user';

interface Shortcut {
  title: string;
  description: string;
  href: string;
  icon: LucideIcon;
  visible: (user: CurrentUser) => boolean;
}

const workAreas: Shortcut[] = [
  {
    title: 'Leads',
    description: 'Qualify new prospects and schedule your follow-ups.',
    href: '/leads',
    icon: Target,
    visible: (user) => can(user, 'leads', 'read'),
  },
  {
    title: 'Clients',
    description: 'Claimants and customers, their documents and history.',
    href: '/clients',
    icon: Contact,
    visible: (user) => can(user, 'clients', 'read'),
  },
  {
    title: 'Deals',
    description: 'Move claims through your pipeline from research to paid.',
    href: '/deals',
    icon: Handshake,
    visible: (user) => can(user, 'deals', 'read'),
  },
  {
    title: 'Companies',
    description: 'Counties, agencies and partners you work with.',
    href: '/companies',
    icon: Building2,
    visible: (user) => can(user, 'companies', 'read'),
  },
];

const setupSteps: Shortcut[] = [
  {
    title: 'Complete your organization profile',
    description: 'Name, phone, logo and the e-mail sender your clients see.',
    href: '/settings/organization',
    icon: Settings2,
    visible: (user) => can(user, 'settings', 'update'),
  },
  {
    title: 'Invite your team',
    description: 'Add users and choose what each of them can do.',
    href: '/users',
    icon: UserPlus,
    visible: (user) => can(user, 'users', 'create'),
  },
  {
    title: 'Make it yours',
    description: 'Pick a colour scheme, time zone and currency.',
    href: '/settings/profile',
    icon: Palette,
    visible: (user) => user.permissions?.settings?.view !== false || user.isSuperAdmin,
  },
];

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The dashboard's first version: a welcome and the way into each part of the CRM. */
export function DashboardPage() {
  const user = useSignedInUser();
  const [hour] = useState(() => new Date().getHours());
  const areas = workAreas.filter((item) => item.visible(user));
  const steps = setupSteps.filter((item) => item.visible(user));

  return (
    <PageContainer>
      <PageHeader
        data-tour="dashboard-header"
        eyebrow={`${greeting(hour)} · ${user.organizationName}`}
        title={`Welcome back, ${user.firstName}`}
        description="Here is where your work starts today. Your pipeline metrics and tasks will appear on this page."
      />

      {areas.length > 0 ? (
        <section aria-labelledby="work-areas" className="mt-8">
          <h2 id="work-areas" className="sr-only">
            Work areas
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {areas.map((item) => (
              <li key={item.href}>
                <ShortcutCard item={item} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {steps.length > 0 ? (
        <section aria-labelledby="get-started" className="mt-10">
          <h2 id="get-started" className="text-base font-semibold tracking-tight">
            Get set up
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            A few minutes here makes Locus fit the way you work.
          </p>
          <ul className="mt-4 divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface shadow-xs">
            {steps.map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  className="group flex items-center gap-4 px-4 py-4 transition-colors hover:bg-muted/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary sm:px-5"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground group-hover:bg-primary-soft group-hover:text-primary">
                    <item.icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium">{item.title}</span>
                    <span className="block text-sm text-muted-foreground">{item.description}</span>
                  </span>
                  <ArrowRight
                    className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                    aria-hidden="true"
                  />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </PageContainer>
  );
}

function ShortcutCard({ item }: { item: Shortcut }) {
  const Icon = item.icon;
  return (
    <Link
      href={item.href}
      className={cn(
        'group flex h-full flex-col rounded-xl border border-border bg-surface p-5 shadow-xs transition',
        'hover:-translate-y-0.5 hover:border-primary/30 hover:shadow-md',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
      )}
    >
      <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="mt-4 flex items-center gap-1.5 text-base font-semibold">
        {item.title}
        <ArrowRight
          className="size-4 text-muted-foreground opacity-0 transition group-hover:translate-x-0.5 group-hover:opacity-100"
          aria-hidden="true"
        />
      </span>
      <span className="mt-1 text-sm leading-6 text-muted-foreground">{item.description}</span>
    </Link>
  );
}
