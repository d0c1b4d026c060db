import { type ComponentType, lazy, type LazyExoticComponent, Suspense, useRef } from 'react';
import { Link } from 'wouter';
import { AppNotFoundPage } from '../../../app/app-not-found-page';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useCurrentLinkInView } from '../../../lib/use-current-link-in-view';
import { resolveSuperAdminSection, type SuperAdminSectionId, superAdminSections } from '../sections';

/** Each section's code loads when it is first opened. */
const sectionContents: Record<SuperAdminSectionId, LazyExoticComponent<ComponentType>> = {
  organizations: lazy(() =>
    import('../components/organizations-section').then((m) => ({ default: m.OrganizationsSection })),
  ),
  configuration: lazy(() =>
    import('../components/configuration-section').then((m) => ({ default: m.ConfigurationSection })),
  ),
  audit: lazy(() => import('../components/audit-section').then((m) => ({ default: m.AuditSection }))),
  analytics: lazy(() =>
    import('../components/analytics-section').then((m) => ({ default: m.AnalyticsSection })),
  ),
  'service-requests': lazy(() =>
    import('../components/service-requests-section').then((m) => ({ default: m.ServiceRequestsSection })),
  ),
  releases: lazy(() =>
    import('../components/releases-section').then((m) => ({ default: m.ReleasesSection })),
  ),
  announcements: lazy(() =>
    import('../components/announcements-section').then((m) => ({ default: m.AnnouncementsSection })),
  ),
  submissions: lazy(() =>
    import('../components/submissions-section').then((m) => ({ default: m.SubmissionsSection })),
  ),
  'support-access': lazy(() =>
    import('../components/support-access-section').then((m) => ({ default: m.SupportAccessSection })),
  ),
  health: lazy(() => import('../components/health-section').then((m) => ({ default: m.HealthSection }))),
};

/** /super-admin and /super-admin/:section: the platform's sections beside the chosen one. */
export function SuperAdminPage({ section }: { section?: string }) {
  const active = resolveSuperAdminSection(section);
  const navRef = useRef<HTMLElement>(null);
  useCurrentLinkInView(navRef, active);
  if (!active) return <AppNotFoundPage />;
  const current = superAdminSections.find((entry) => entry.id === active);
  const Content = sectionContents[active];

  return (
    <PageContainer>
      <PageHeader
        title="Super admin"
        description="Run the platform: organizations, configuration and health."
      />
      <div className="mt-6 grid gap-6 lg:mt-8 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
        <nav
          ref={navRef}
          aria-label="Super admin sections"
          className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:overflow-visible lg:px-0"
        >
          <ul className="flex gap-1 lg:sticky lg:top-24 lg:flex-col">
            {superAdminSections.map((entry) => {
              const selected = entry.id === active;
              return (
                <li key={entry.id} className="shrink-0">
                  <Link
                    href={`/super-admin/${entry.id}`}
                    aria-current={selected ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary [&>svg]:size-4 [&>svg]:shrink-0',
                      selected
                        ? 'bg-primary-soft text-primary-soft-foreground'
                        : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                    )}
                  >
                    <entry.icon aria-hidden="true" />
                    {entry.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <section aria-labelledby="super-admin-section-title" className="min-w-0">
          <div className="mb-5">
            <h2 id="super-admin-section-title" className="text-lg font-semibold tracking-tight">
              {current?.label}
            </h2>
            <p className="mt-0.5 text-sm text-muted-foreground">{current?.description}</p>
          </div>
          <Suspense fallback={<SectionLoading />}>
            <Content />
          </Suspense>
        </section>
      </div>
    </PageContainer>
  );
}

function SectionLoading() {
  return (
    <div role="status" className="flex flex-col gap-3" aria-busy="true" aria-label="Loading">
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
