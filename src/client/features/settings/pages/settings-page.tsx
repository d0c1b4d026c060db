import { ExternalLink } from 'lucide-react';
import { Fragment, lazy, Suspense, useRef } from 'react';
import { Link, Redirect } from 'wouter';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { cn } from '../../../lib/cn';
import { useCurrentLinkInView } from '../../../lib/use-current-link-in-view';
import { AppNotFoundPage } from '../../../app/app-not-found-page';
import { useSignedInUser } from '../../auth/signed-in-user';
import { OrganizationSettingsSection } from '../components/organization-settings';
import { ProfileSection } from '../components/profile-form';
import { Skeleton } from '../../../components/ui/skeleton';
import { SealingCertificateCard } from '../components/sealing-certificate-card';
import { resolveSettingsSection, type SettingsSectionId, settingsGroups, settingsLinks } from '../sections';

// The list, custom field and state rule editors load with their section (they bring drag and drop).
const ListSettings = lazy(() =>
  import('../../lists/components/list-settings').then((m) => ({ default: m.ListSettings })),
);
const CustomFieldsSettings = lazy(() =>
  import('../../custom-fields/components/custom-fields-settings').then((m) => ({
    default: m.CustomFieldsSettings,
  })),
);
const ObjectsSettings = lazy(() =>
  import('../../objects/components/objects-settings').then((m) => ({ default: m.ObjectsSettings })),
);
const AuditLogSection = lazy(() =>
  import('../../audit/components/audit-log-section').then((m) => ({ default: m.AuditLogSection })),
);
const MailboxesSection = lazy(() =>
  import('../../email-accounts/components/mailboxes-section').then((m) => ({
    default: m.MailboxesSection,
  })),
);
const EmailConfigurationSection = lazy(() =>
  import('../components/email-configuration').then((m) => ({ default: m.EmailConfigurationSection })),
);
const StateRulesSettings = lazy(() =>
  import('../../state-rules/components/state-rules-settings').then((m) => ({
    default: m.StateRulesSettings,
  })),
);

const EmailTemplatesSettings = lazy(() =>
  import('../../email-templates/components/email-templates-settings').then((m) => ({
    default: m.EmailTemplatesSettings,
  })),
);
const EmailSignaturesSettings = lazy(() =>
  import('../../email-templates/components/email-signatures-settings').then((m) => ({
    default: m.EmailSignaturesSettings,
  })),
);

/** /settings and /settings/:section: a section list beside the chosen section. */
export function SettingsPage({ section }: { section?: string }) {
  const user = useSignedInUser();
  const active = resolveSettingsSection(section);
  const navRef = useRef<HTMLElement>(null);
  useCurrentLinkInView(navRef, active);
  // An unknown section is a wrong address, not Profile: say so (with the app's navigation kept).
  if (!active) return <AppNotFoundPage />;
  const links = settingsLinks.filter((link) => !link.visible || link.visible(user));
  const current = links.find((link) => link.id === active);
  if (!current) return <Redirect to="/settings/profile" replace />;

  return (
    <PageContainer>
      <PageHeader
        title="Settings"
        description="Manage your profile, your organization and how Locus works for your team."
      />
      <div className="mt-6 grid gap-6 lg:mt-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <nav
          ref={navRef}
          aria-label="Settings sections"
          className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:overflow-visible lg:px-0"
        >
          <ul className="flex gap-1 lg:sticky lg:top-24 lg:flex-col">
            {links.map((link, index) => {
              const selected = link.id === active;
              const external = link.id === 'users';
              const group = link.group ?? 'account';
              const startsGroup = index === 0 || (links[index - 1].group ?? 'account') !== group;
              return (
                <Fragment key={link.id}>
                  {startsGroup ? (
                    <li
                      className={cn(
                        'hidden px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase lg:block',
                        index > 0 && 'pt-4',
                      )}
                      aria-hidden="true"
                    >
                      {settingsGroups[group]}
                    </li>
                  ) : null}
                  <li className="shrink-0">
                    <Link
                      href={link.href}
                      aria-current={selected ? 'page' : undefined}
                      className={cn(
                        'flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary [&>svg]:size-4 [&>svg]:shrink-0',
                        selected
                          ? 'bg-primary-soft text-primary-soft-foreground'
                          : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                      )}
                    >
                      <link.icon aria-hidden="true" />
                      <span className="flex-1">{link.label}</span>
                      {external ? (
                        <ExternalLink className="hidden opacity-60 lg:block" aria-hidden="true" />
                      ) : null}
                    </Link>
                  </li>
                </Fragment>
              );
            })}
          </ul>
        </nav>
        <section aria-labelledby="settings-section-title" className="min-w-0">
          <div className="mb-5">
            <h2 id="settings-section-title" className="text-lg font-semibold tracking-tight">
              {current?.label}
            </h2>
            <p className="mt-0.5 text-sm text-muted-foreground">{current?.description}</p>
          </div>
          <SectionContent section={active} />
        </section>
      </div>
    </PageContainer>
  );
}

function SectionContent({ section }: { section: SettingsSectionId }) {
  switch (section) {
    case 'profile':
      return <ProfileSection />;
    case 'organization':
      return <OrganizationSettingsSection />;
    case 'pipelines':
    case 'deal-reasons':
    case 'deal-statuses':
    case 'revenue-types':
    case 'lead-sources':
    case 'person-statuses':
    case 'tags':
      return (
        <Suspense fallback={<SectionLoading />}>
          <ListSettings list={section} />
        </Suspense>
      );
    case 'custom-fields':
      return (
        <Suspense fallback={<SectionLoading />}>
          <CustomFieldsSettings />
        </Suspense>
      );
    case 'objects':
      return (
        <Suspense fallback={<SectionLoading />}>
          <ObjectsSettings />
        </Suspense>
      );
    case 'security':
      return (
        <div className="flex flex-col gap-6">
          <SealingCertificateCard />
          <Suspense fallback={<SectionLoading />}>
            <AuditLogSection />
          </Suspense>
        </div>
      );
    case 'email':
      return (
        <Suspense fallback={<SectionLoading />}>
          <MailboxesSection />
        </Suspense>
      );
    case 'email-configuration':
      return (
        <Suspense fallback={<SectionLoading />}>
          <EmailConfigurationSection />
        </Suspense>
      );
    case 'email-templates':
      return (
        <Suspense fallback={<SectionLoading />}>
          <EmailTemplatesSettings />
        </Suspense>
      );
    case 'email-signatures':
      return (
        <Suspense fallback={<SectionLoading />}>
          <EmailSignaturesSettings />
        </Suspense>
      );
    case 'state-rules':
      return (
        <Suspense fallback={<SectionLoading />}>
          <StateRulesSettings />
        </Suspense>
      );
  }
}

function SectionLoading() {
  return (
    <div role="status" className="flex flex-col gap-3" aria-busy="true" aria-label="Loading">
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
