import { BarChart3, CalendarRange, Kanban, type LucideIcon, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import type { DashboardSummary, DashboardTrends } from '../api';
import { formatCount, formatKpiMoney, hasData, monthLabel, weekLabel } from '../dashboard-model';
import { DealsWonChart, LeadsPerWeekChart, PipelineByStageChart } from './charts';

/** A chart's card: title, a one-line summary, the chart, and its figures for screen readers. */
export function ChartCard({
  title,
  summary,
  children,
  srTable,
  className,
}: {
  title: string;
  summary?: ReactNode;
  children: ReactNode;
  /** The chart's figures as a list for screen readers (the chart itself is an image named by its title). */
  srTable?: { label: string; value: string }[];
  className?: string;
}) {
  return (
    <Card className={cn('flex min-w-0 flex-col', className)}>
      <div className="px-5 pt-4">
        <h2 className="text-base font-semibold tracking-tight">{title}</h2>
        {summary ? <p className="text-sm text-muted-foreground">{summary}</p> : null}
      </div>
      <div className="min-w-0 flex-1 px-3 pt-3 pb-3">{children}</div>
      {srTable ? (
        <ul className="sr-only">
          {srTable.map((row) => (
            <li key={row.label}>
              {row.label}: {row.value}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function ChartEmpty({
  icon: Icon,
  text,
  action,
}: {
  icon: LucideIcon;
  text: string;
  action?: { label: string; href: string };
}) {
  return (
    <div className="flex h-[212px] flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-border px-4 text-center">
      <Icon className="size-6 text-muted-foreground/70" aria-hidden="true" />
      <p className="max-w-60 text-sm text-muted-foreground">{text}</p>
      {action ? (
        <Link href={action.href} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          <Plus aria-hidden="true" />
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}

export function ChartSkeleton({ className }: { className?: string }) {
  return (
    <Card className={cn('p-5', className)}>
      <Skeleton className="h-5 w-40" />
      <Skeleton className="mt-2 h-4 w-24" />
      <Skeleton className="mt-5 h-[196px] w-full" />
    </Card>
  );
}

export function PipelineValueCard({
  pipeline,
  currency,
  tall,
  className,
}: {
  pipeline: DashboardSummary['openPipeline'];
  currency: string | null;
  tall?: boolean;
  className?: string;
}) {
  const { byStage, totalValue, count } = pipeline;
  return (
    <ChartCard
      title="Open pipeline by stage"
      summary={`${formatKpiMoney(totalValue, { currency })} across ${formatCount(count)} open ${count === 1 ? 'deal' : 'deals'}`}
      srTable={
        byStage.length > 0
          ? byStage.map((s) => ({
              label: s.stage,
              value: `${formatKpiMoney(s.totalValue, { currency })}, ${formatCount(s.count)} ${s.count === 1 ? 'deal' : 'deals'}`,
            }))
          : undefined
      }
      className={className}
    >
      {byStage.length === 0 ? (
        <ChartEmpty
          icon={Kanban}
          text="No open deals yet. Deals you add show up here by stage."
          action={{ label: 'Add a deal', href: '/deals' }}
        />
      ) : (
        <PipelineByStageChart
          label="Open pipeline by stage, bar chart"
          byStage={byStage}
          currency={currency}
          height={tall ? 320 : undefined}
        />
      )}
    </ChartCard>
  );
}

export function LeadsTrendCard({
  weeks,
  className,
}: {
  weeks: DashboardTrends['leadsPerWeek'];
  className?: string;
}) {
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  return (
    <ChartCard
      title="New leads per week"
      summary={`${formatCount(total)} in the last 12 weeks`}
      srTable={weeks.map((w) => ({
        label: `Week of ${weekLabel(w.weekStart)}`,
        value: String(w.count),
      }))}
      className={className}
    >
      {hasData(weeks) ? (
        <LeadsPerWeekChart label="New leads per week, area chart" weeks={weeks} />
      ) : (
        <ChartEmpty
          icon={CalendarRange}
          text="No leads in the last 12 weeks."
          action={{ label: 'Add your first lead', href: '/leads?new=1' }}
        />
      )}
    </ChartCard>
  );
}

export function DealsWonCard({
  months,
  currency,
  className,
}: {
  months: DashboardTrends['dealsWonPerMonth'];
  currency: string | null;
  className?: string;
}) {
  const won = months.reduce((sum, month) => sum + month.count, 0);
  const value = months.reduce((sum, month) => sum + month.totalValue, 0);
  return (
    <ChartCard
      title="Deals won per month"
      summary={`${formatCount(won)} won · ${formatKpiMoney(value, { currency })} in 6 months`}
      srTable={months.map((m) => ({
        label: monthLabel(m.month, { withYear: true }),
        value: `${m.count} won, ${formatKpiMoney(m.totalValue, { currency })}`,
      }))}
      className={className}
    >
      {hasData(months) ? (
        <DealsWonChart label="Deals won per month, column chart" months={months} currency={currency} />
      ) : (
        <ChartEmpty
          icon={BarChart3}
          text="No deals won in the last 6 months yet. Closed deals will show up here."
        />
      )}
    </ChartCard>
  );
}
