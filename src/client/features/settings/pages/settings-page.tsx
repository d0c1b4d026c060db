import { ExternalLink } from 'lucide-react';
import { Link, Redirect } from 'wouter';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { cn } from '../../../lib/cn';
import { useSignedInUser } from '../../auth/signed-in-user';
import { OrganizationSettingsSection } from '../components/organization-settings';
import { ProfileSection } from '../components/profile-form';
import { SettingsPlaceholder } from '../components/settings-placeholder';
import { resolveSettingsSection, type SettingsSectionId, settingsLinks } from '../sections';

/** /settings and /settings/:section: a section list beside the chosen section. */
export function SettingsPage({ section }: { section?: string }) {
  const user = useSignedInUser();
  const active = resolveSettingsSection(section);
  if (!active) return <Redirect to="/settings/profile" replace />;
  const links = settingsLinks.filter((link) => !link.visible || link.visible(user));
  const current = settingsLinks.find((link) => link.id === active);

  return (
    <PageContainer>
      <PageHeader
        title="Settings"
        description="Manage your profile, your organization and how Locus works for your team."
      />
      <div className="mt-6 grid gap-6 lg:mt-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <nav
          aria-label="Settings sections"
          className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:overflow-visible lg:px-0"
        >
          <ul className="flex gap-1 lg:sticky lg:top-24 lg:flex-col">
            {links.map((link) => {
              const selected = link.id === active;
              const external = link.id === 'users';
              return (
                <li key={link.id} className="shrink-0">
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
    default:
      return <SettingsPlaceholder section={section} />;
  }
}
