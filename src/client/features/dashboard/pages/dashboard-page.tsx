import { ArrowRight, Handshake, Kanban, type LucideIcon, Plus, Rocket, Target, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, Redirect, useLocation, useRoute } from 'wouter';
import { can } from '../../../../common/permissions';
import { PageContainer, PageHeader } from '../../../components/page-header';
import { buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import type { CurrentUser } from '../../auth/api';
import { useSignedInUser } from '../../auth/signed-in-user';
import { browserSessionStorage, browserStorage } from '../../tours/tour-storage';
import { isReturningUser, welcomeTitle } from '../returning-user';
import { SampleDataHint } from '../../sample-data/components/sample-data-hint';
import { type ReadableSummary, useDashboardSummary, useDashboardTrends } from '../api';
import {
  type DashboardSection,
  dashboardSections,
  formatCount,
  formatKpiMoney,
  formatToday,
  greeting,
  resolveDashboardSection,
  sectionHref,
  sectionLabels,
} from '../dashboard-model';
import { ChartSkeleton, DealsWonCard, LeadsTrendCard, PipelineValueCard } from '../components/analytics';
import { ClaimDeadlinesCard } from '../components/claim-deadlines-card';
import { IntegrationsCard } from '../components/integrations-card';
import { ObjectCountCards } from '../components/object-count-cards';
import { KpiCards, KpiSkeleton } from '../components/kpi-cards';
import { MyTasksCard } from '../components/my-tasks-card';
import { RecentDealsCard } from '../components/recent-deals-card';

/** What the signed-in user may see on the dashboard. */
function accessOf(user: CurrentUser) {
  const sector = user.organizationIndustry ?? user.industrySector;
  return {
    reports: can(user, 'reports', 'read'),
    // The summary and trends carry only the figures of records the user may read.
    leads: can(user, 'leads', 'read'),
    deals: can(user, 'deals', 'read'),
    tasks: can(user, 'activities', 'read'),
    integrations: can(user, 'settings', 'view'),
    // Creating happens on the list page, so it also takes the right to open that page.
    createLeads: can(user, 'leads', 'read') && can(user, 'leads', 'create'),
    createDeals: can(user, 'deals', 'read') && can(user, 'deals', 'create'),
    editPipelines: can(user, 'settings', 'update'),
    inviteUsers: can(user, 'users', 'create'),
    surplus: !sector || sector === 'Surplus Funds Locator',
  };
}

type Access = ReturnType<typeof accessOf>;

function visibleSections(access: Access): DashboardSection[] {
  return dashboardSections.filter((section) => {
    if (section === 'pipeline') return access.reports && access.deals;
    if (section === 'tasks') return access.tasks;
    if (section === 'deadlines') return access.deals && access.surplus;
    return true;
  });
}

/** `/`, `/dashboard` and `/dashboard/:section`: figures, charts, tasks and claim deadlines. */
export function DashboardPage() {
  const user = useSignedInUser();
  const [, params] = useRoute('/dashboard/:section');
  const [, navigate] = useLocation();
  const [now] = useState(() => new Date());
  // Decided once per page: the first visit's greeting must not change while the user reads it.
  const [returning] = useState(() => isReturningUser(user.id, browserStorage(), browserSessionStorage()));
  const access = accessOf(user);
  const section = resolveDashboardSection(params?.section);
  const sections = visibleSections(access);
  if (!section || !sections.includes(section)) return <Redirect to="/dashboard" replace />;
  const currency = user.defaultCurrency;

  return (
    <PageContainer>
      <PageHeader
        data-tour="dashboard-header"
        eyebrow={`${greeting(now.getHours())} · ${formatToday(now)}`}
        title={welcomeTitle(user.firstName, returning)}
        documentTitle="Dashboard"
        description={`Here is how ${user.organizationName} is doing today.`}
        actions={
          <>
            {access.createLeads ? (
              <Link href="/leads?new=1" className={buttonClassName({ variant: 'secondary' })}>
                <Target aria-hidden="true" />
                New lead
              </Link>
            ) : null}
            {access.createDeals ? (
              <Link href="/deals?new=1" className={buttonClassName()}>
                <Plus aria-hidden="true" />
                New deal
              </Link>
            ) : null}
          </>
        }
      />

      <Tabs
        value={section}
        onValueChange={(value) => navigate(sectionHref(value as DashboardSection))}
        className="mt-6"
      >
        {sections.length > 1 ? (
          <div className="-mx-4 mb-6 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            {/* On a phone the four tabs share the width, tighter, so none is cut at the edge. */}
            <TabsList aria-label="Dashboard sections" className="w-full sm:w-auto">
              {sections.map((id) => (
                <TabsTrigger key={id} value={id} className="px-1.5 sm:flex-none sm:px-3">
                  {sectionLabels[id]}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
        ) : null}
        <TabsContent value={section}>
          {section === 'overview' ? <Overview access={access} currency={currency} /> : null}
          {section === 'pipeline' ? <PipelineSection currency={currency} /> : null}
          {section === 'tasks' ? <MyTasksCard /> : null}
          {section === 'deadlines' ? <DeadlinesSection currency={currency} /> : null}
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}

function Overview({ access, currency }: { access: Access; currency: string | null }) {
  const summary = useDashboardSummary(access.reports);
  const trends = useDashboardTrends(access.reports);
  const isEmpty = summary.data ? isEmptyOrganization(summary.data) : false;
  const showDeadlines = access.deals && access.surplus;
  const charts = access.reports ? (access.deals ? 2 : 0) + (access.leads ? 1 : 0) : 0;

  return (
    <div className="flex flex-col gap-6">
      <SampleDataHint />
      {access.reports ? (
        summary.isPending ? (
          <KpiSkeleton />
        ) : summary.isError ? (
          <FormError message={`Could not load your figures: ${readApiError(summary.error).message}`} />
        ) : (
          <KpiCards summary={summary.data} currency={currency} surplus={access.surplus} />
        )
      ) : null}
      {summary.data?.objects?.length ? <ObjectCountCards objects={summary.data.objects} /> : null}

      {isEmpty ? <GetStarted access={access} /> : null}

      {charts > 0 ? (
        <section
          aria-label="Analytics"
          data-tour="analytics-section"
          className={cn('grid gap-4', charts === 3 ? 'lg:grid-cols-3' : charts === 2 ? 'lg:grid-cols-2' : '')}
        >
          {access.deals ? (
            summary.data?.openPipeline ? (
              <PipelineValueCard pipeline={summary.data.openPipeline} currency={currency} />
            ) : (
              <ChartSkeleton />
            )
          ) : null}
          {access.leads ? (
            trends.data?.leadsPerWeek ? (
              <LeadsTrendCard weeks={trends.data.leadsPerWeek} />
            ) : (
              <ChartSkeleton />
            )
          ) : null}
          {access.deals ? (
            trends.data?.dealsWonPerMonth ? (
              <DealsWonCard months={trends.data.dealsWonPerMonth} currency={currency} />
            ) : (
              <ChartSkeleton />
            )
          ) : null}
        </section>
      ) : null}

      <div
        className={cn(
          'grid gap-4',
          showDeadlines && access.tasks
            ? 'lg:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_18rem]'
            : 'lg:grid-cols-[minmax(0,1fr)_18rem]',
        )}
      >
        {access.tasks ? <MyTasksCard limit={6} /> : null}
        {showDeadlines ? <ClaimDeadlinesCard days={30} limit={6} currency={currency} /> : null}
        {access.integrations ? (
          <IntegrationsCard className={cn(showDeadlines && access.tasks && 'lg:col-span-2 xl:col-span-1')} />
        ) : null}
      </div>
      {access.deals ? <RecentDealsCard currency={currency} /> : null}
    </div>
  );
}

/** Nothing recorded yet (that the user may see): no leads in 90 days, no open or won deals. */
function isEmptyOrganization(summary: ReadableSummary): boolean {
  return (
    (summary.leadConversion?.total ?? 0) === 0 &&
    (summary.newLeads?.last30Days ?? 0) === 0 &&
    (summary.openPipeline?.count ?? 0) === 0 &&
    (summary.dealsWonThisMonth?.count ?? 0) === 0
  );
}

interface Step {
  title: string;
  description: string;
  href: string;
  icon: LucideIcon;
}

function GetStarted({ access }: { access: Access }) {
  const steps: Step[] = [
    ...(access.createDeals
      ? [
          {
            title: access.surplus ? 'Open your first claim' : 'Create your first deal',
            description: access.surplus
              ? 'Record the sale, the surplus and the claim deadline; Locus works out your fee.'
              : 'Track its value and stage from first contact to paid.',
            href: '/deals?new=1',
            icon: Handshake,
          },
        ]
      : []),
    ...(access.editPipelines
      ? [
          {
            title: 'Shape your pipeline',
            description: 'Rename stages, set win probabilities and choose which stage closes a deal.',
            href: '/settings/pipelines',
            icon: Kanban,
          },
        ]
      : []),
    ...(access.inviteUsers
      ? [
          {
            title: 'Invite your team',
            description: 'Add the people you work with and choose what each can do.',
            href: '/users',
            icon: UserPlus,
          },
        ]
      : []),
  ];
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:p-6">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
          <Rocket className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold tracking-tight">Let’s get your pipeline going</h2>
          <p className="mt-1 text-sm leading-6 text-muted-foreground">
            Your dashboard fills in as you add leads and deals. Start with the people you are working on right
            now.
          </p>
        </div>
        {access.createLeads ? (
          <Link href="/leads?new=1" className={buttonClassName({ className: 'self-start sm:self-center' })}>
            <Plus aria-hidden="true" />
            Add your first lead
          </Link>
        ) : null}
      </div>
      {steps.length > 0 ? (
        <ul
          className={cn(
            'grid divide-y divide-border border-t border-border sm:divide-x sm:divide-y-0',
            steps.length === 3 ? 'sm:grid-cols-3' : steps.length === 2 ? 'sm:grid-cols-2' : '',
          )}
        >
          {steps.map((step) => (
            <li key={step.href}>
              <Link
                href={step.href}
                className="group flex h-full gap-3 px-5 py-4 transition-colors hover:bg-muted/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
              >
                <step.icon
                  className="mt-0.5 size-4.5 shrink-0 text-muted-foreground group-hover:text-primary"
                  aria-hidden="true"
                />
                <span className="min-w-0">
                  <span className="flex items-center gap-1 text-sm font-medium">
                    {step.title}
                    <ArrowRight
                      className="size-3.5 opacity-0 transition group-hover:opacity-100"
                      aria-hidden="true"
                    />
                  </span>
                  <span className="mt-0.5 block text-sm text-muted-foreground">{step.description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function PipelineSection({ currency }: { currency: string | null }) {
  const summary = useDashboardSummary(true);
  const trends = useDashboardTrends(true);
  if (summary.isError) {
    return <FormError message={`Could not load your pipeline: ${readApiError(summary.error).message}`} />;
  }
  const byStage = summary.data?.openPipeline?.byStage ?? [];
  const total = summary.data?.openPipeline?.totalValue ?? 0;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" data-tour="analytics-section">
      {summary.data?.openPipeline ? (
        <PipelineValueCard pipeline={summary.data.openPipeline} currency={currency} tall />
      ) : (
        <ChartSkeleton />
      )}
      <Card className="overflow-hidden">
        <div className="border-b border-border px-5 py-4">
          <h2 className="text-base font-semibold tracking-tight">By stage</h2>
          <p className="text-sm text-muted-foreground">Open deals and their value in each stage</p>
        </div>
        {byStage.length === 0 ? (
          <p className="px-5 py-8 text-center text-sm text-muted-foreground">No open deals yet.</p>
        ) : (
          <table className="w-full text-sm">
            <thead className="bg-muted/60 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-5 py-2 text-left">
                  Stage
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Deals
                </th>
                <th scope="col" className="px-5 py-2 text-right">
                  Value
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {byStage.map((stage) => (
                <tr key={stage.stage}>
                  <td className="px-5 py-2.5 font-medium">{stage.stage}</td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{formatCount(stage.count)}</td>
                  <td className="px-5 py-2.5 text-right tabular-nums">
                    {formatKpiMoney(stage.totalValue, { currency })}
                    {total > 0 ? (
                      // Read as "$12,081, 17% of the open value", not "$12,08117%".
                      <span className="relative ml-2 text-xs text-muted-foreground">
                        <span className="sr-only">, </span>
                        {Math.round((stage.totalValue / total) * 100)}%
                        <span className="sr-only"> of the open value</span>
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      {trends.data?.dealsWonPerMonth ? (
        <DealsWonCard months={trends.data.dealsWonPerMonth} currency={currency} className="lg:col-span-2" />
      ) : (
        <ChartSkeleton className="lg:col-span-2" />
      )}
    </div>
  );
}

const deadlineWindows = [30, 60, 90, 180] as const;

function DeadlinesSection({ currency }: { currency: string | null }) {
  const [days, setDays] = useState<number>(30);
  return (
    <ClaimDeadlinesCard
      days={days}
      currency={currency}
      actions={
        <div className="w-40">
          <Select
            aria-label="Show deadlines within"
            value={String(days)}
            onChange={(event) => setDays(Number(event.target.value))}
          >
            {deadlineWindows.map((window) => (
              <option key={window} value={window}>
                Next {window} days
              </option>
            ))}
          </Select>
        </div>
      }
    />
  );
}
