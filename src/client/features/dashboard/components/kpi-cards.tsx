import {
  AlarmClock,
  ArrowUpRight,
  BadgeDollarSign,
  ChartNoAxesColumnIncreasing,
  CircleCheckBig,
  type LucideIcon,
  Percent,
  Target,
} from 'lucide-react';
import { Link } from 'wouter';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import type { DashboardSummary } from '../api';
import { formatCount, formatKpiMoney, formatRate } from '../dashboard-model';

interface Kpi {
  id: string;
  label: string;
  value: string;
  detail: string;
  href: string;
  icon: LucideIcon;
  alert?: boolean;
}

/** The six headline figures, each a link to the list behind it. */
export function buildKpis(summary: DashboardSummary, currency: string | null, surplus: boolean): Kpi[] {
  const money = (value: number) => formatKpiMoney(value, { currency });
  const { newLeads, leadConversion, openPipeline, dealsWonThisMonth, expectedFees, overdueTasks } = summary;
  const averageDeal = openPipeline.count > 0 ? openPipeline.totalValue / openPipeline.count : 0;
  return [
    {
      id: 'new-leads',
      label: 'New leads',
      value: formatCount(newLeads.last30Days),
      detail: `Last 30 days · ${formatCount(newLeads.thisMonth)} this month`,
      href: '/leads?sort=-createdAt',
      icon: Target,
    },
    {
      id: 'conversion-rate',
      label: 'Conversion rate',
      value: formatRate(leadConversion.rate),
      detail:
        leadConversion.total === 0
          ? 'No leads in the last 90 days'
          : `${formatCount(leadConversion.converted)} of ${formatCount(leadConversion.total)} leads · 90 days`,
      href: '/leads?leadStatus=Converted',
      icon: Percent,
    },
    {
      id: 'open-pipeline',
      label: 'Open pipeline',
      value: money(openPipeline.totalValue),
      detail: `${formatCount(openPipeline.count)} open ${openPipeline.count === 1 ? 'deal' : 'deals'}`,
      href: '/deals',
      icon: ChartNoAxesColumnIncreasing,
    },
    {
      id: 'deals-won',
      label: 'Won this month',
      value: formatCount(dealsWonThisMonth.count),
      detail: `${money(dealsWonThisMonth.totalValue)} in deal value`,
      href: '/deals',
      icon: CircleCheckBig,
    },
    surplus
      ? {
          id: 'expected-fees',
          label: 'Expected fees',
          value: money(expectedFees),
          detail: 'Your fees on open claims',
          href: '/deals',
          icon: BadgeDollarSign,
        }
      : {
          id: 'average-deal',
          label: 'Average open deal',
          value: money(averageDeal),
          detail: 'Open pipeline ÷ open deals',
          href: '/deals',
          icon: BadgeDollarSign,
        },
    {
      id: 'overdue-tasks',
      label: 'Overdue tasks',
      value: formatCount(overdueTasks),
      detail: overdueTasks === 0 ? 'You are all caught up' : 'Past their due date',
      href: '/dashboard/tasks',
      icon: AlarmClock,
      alert: overdueTasks > 0,
    },
  ];
}

export function KpiCards({
  summary,
  currency,
  surplus,
}: {
  summary: DashboardSummary;
  currency: string | null;
  surplus: boolean;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-6" aria-label="Key figures">
      {buildKpis(summary, currency, surplus).map((kpi) => (
        <li key={kpi.id}>
          <KpiCard kpi={kpi} />
        </li>
      ))}
    </ul>
  );
}

function KpiCard({ kpi }: { kpi: Kpi }) {
  const Icon = kpi.icon;
  return (
    <Link
      href={kpi.href}
      data-testid={`kpi-${kpi.id}`}
      className={cn(
        'group flex h-full flex-col rounded-xl border bg-surface p-4 shadow-xs transition',
        'hover:border-primary/30 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        kpi.alert ? 'border-red-200 bg-red-50/40' : 'border-border',
      )}
    >
      <span className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-muted-foreground">{kpi.label}</span>
        <span
          className={cn(
            'flex size-7 items-center justify-center rounded-md',
            kpi.alert ? 'bg-red-100 text-red-700' : 'bg-primary-soft text-primary',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </span>
      <span
        className={cn(
          'mt-2 text-2xl font-semibold tracking-tight tabular-nums',
          kpi.alert ? 'text-red-700' : 'text-foreground',
        )}
        data-testid={`kpi-${kpi.id}-value`}
      >
        {kpi.value}
      </span>
      <span className="mt-1 flex items-end justify-between gap-1 text-xs leading-5 text-muted-foreground">
        <span>{kpi.detail}</span>
        <ArrowUpRight
          className="size-3.5 shrink-0 opacity-0 transition group-hover:opacity-100"
          aria-hidden="true"
        />
      </span>
    </Link>
  );
}

export function KpiSkeleton() {
  return (
    <div
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-6"
      aria-busy="true"
      aria-label="Loading key figures"
    >
      {[0, 1, 2, 3, 4, 5].map((key) => (
        <div key={key} className="rounded-xl border border-border bg-surface p-4 shadow-xs">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="mt-3 h-7 w-20" />
          <Skeleton className="mt-2 h-3.5 w-28" />
        </div>
      ))}
    </div>
  );
}
