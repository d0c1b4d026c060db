import {
  AlarmClock,
  BadgeDollarSign,
  ChartNoAxesColumnIncreasing,
  CircleCheckBig,
  type LucideIcon,
  Percent,
  Target,
} from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import type { ReadableSummary } from '../api';
import { formatCount, formatKpiMoney, formatRate } from '../dashboard-model';

interface Kpi {
  id: string;
  label: string;
  value: string;
  detail: string;
  icon: LucideIcon;
  alert?: boolean;
}

/**
 * The headline figures (six for a user who may read leads, deals and activities; those of records
 * the user may not read are not in the summary, so their tiles are left out). They are figures,
 * not links: a tile named "New leads" would share its name with the navigation's Leads link, and
 * the lists are one click away there.
 */
export function buildKpis(summary: ReadableSummary, currency: string | null, surplus: boolean): Kpi[] {
  const money = (value: number) => formatKpiMoney(value, { currency });
  const { newLeads, leadConversion, openPipeline, dealsWonThisMonth, expectedFees, overdueTasks } = summary;
  const kpis: Kpi[] = [];
  if (newLeads && leadConversion) {
    kpis.push(
      {
        id: 'new-leads',
        label: 'New leads',
        value: formatCount(newLeads.last30Days),
        detail: `Last 30 days · ${formatCount(newLeads.thisMonth)} this month`,
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
        icon: Percent,
      },
    );
  }
  if (openPipeline && dealsWonThisMonth && expectedFees !== undefined) {
    const averageDeal = openPipeline.count > 0 ? openPipeline.totalValue / openPipeline.count : 0;
    kpis.push(
      {
        id: 'open-pipeline',
        label: 'Open pipeline',
        value: money(openPipeline.totalValue),
        detail: `${formatCount(openPipeline.count)} open ${openPipeline.count === 1 ? 'deal' : 'deals'}`,
        icon: ChartNoAxesColumnIncreasing,
      },
      {
        id: 'deals-won',
        label: 'Won this month',
        value: formatCount(dealsWonThisMonth.count),
        detail: `${money(dealsWonThisMonth.totalValue)} in deal value`,
        icon: CircleCheckBig,
      },
      surplus
        ? {
            id: 'expected-fees',
            label: 'Expected fees',
            value: money(expectedFees),
            detail: 'Your fees on open claims',
            icon: BadgeDollarSign,
          }
        : {
            id: 'average-deal',
            label: 'Average open deal',
            value: money(averageDeal),
            detail: 'Open pipeline ÷ open deals',
            icon: BadgeDollarSign,
          },
    );
  }
  if (overdueTasks !== undefined) {
    kpis.push({
      id: 'overdue-tasks',
      label: 'Overdue tasks',
      value: formatCount(overdueTasks),
      detail: overdueTasks === 0 ? 'You are all caught up' : 'Past their due date',
      icon: AlarmClock,
      alert: overdueTasks > 0,
    });
  }
  return kpis;
}

/** Wide screens put every tile in one row, however many the user may see. */
const columnsOnWideScreens: Record<number, string> = {
  1: 'xl:grid-cols-3',
  2: 'xl:grid-cols-3',
  3: 'xl:grid-cols-3',
  4: 'xl:grid-cols-4',
  5: 'xl:grid-cols-5',
  6: 'xl:grid-cols-6',
};

export function KpiCards({
  summary,
  currency,
  surplus,
}: {
  summary: ReadableSummary;
  currency: string | null;
  surplus: boolean;
}) {
  const kpis = buildKpis(summary, currency, surplus);
  if (kpis.length === 0) return null;
  return (
    <ul
      className={cn('grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3', columnsOnWideScreens[kpis.length])}
      aria-label="Key figures"
    >
      {kpis.map((kpi) => (
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
    <div
      data-testid={`kpi-${kpi.id}`}
      className={cn(
        'flex h-full flex-col rounded-xl border bg-surface p-4 shadow-xs',
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
      <span className="mt-1 text-xs leading-5 text-muted-foreground">{kpi.detail}</span>
    </div>
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
