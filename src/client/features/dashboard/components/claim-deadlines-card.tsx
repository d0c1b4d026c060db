import { ArrowRight, CalendarCheck2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'wouter';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { type ClaimDeadline, useClaimDeadlines } from '../api';
import {
  daysLeftLabel,
  type DeadlineUrgency,
  deadlineUrgency,
  formatDay,
  formatKpiMoney,
} from '../dashboard-model';

const urgencyStyles: Record<DeadlineUrgency, { pill: string; dot: string; label: string }> = {
  critical: { pill: 'bg-red-50 text-red-700 ring-red-600/20', dot: 'bg-red-500', label: 'Urgent' },
  warning: { pill: 'bg-amber-50 text-amber-800 ring-amber-600/20', dot: 'bg-amber-500', label: 'Soon' },
  ok: {
    pill: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
    dot: 'bg-emerald-500',
    label: 'On track',
  },
};

/** Open surplus claims whose filing deadline falls in the next `days` days, soonest first. */
export function ClaimDeadlinesCard({
  days,
  currency,
  limit,
  className,
  actions,
}: {
  days: number;
  currency: string | null;
  limit?: number;
  className?: string;
  actions?: ReactNode;
}) {
  const deadlines = useClaimDeadlines(days, true);
  const headingId = useId();
  const items = deadlines.data?.items ?? [];
  const shown = limit ? items.slice(0, limit) : items;
  const total = deadlines.data?.total ?? 0;

  return (
    <Card className={cn('flex flex-col overflow-hidden', className)} aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border px-5 py-4">
        <div>
          <h2 id={headingId} className="text-base font-semibold tracking-tight">
            Upcoming claim deadlines
          </h2>
          <p className="text-xs text-muted-foreground">Next {days} days</p>
        </div>
        {actions ??
          (limit && total > 0 ? (
            <Link
              href="/dashboard/deadlines"
              className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
            >
              View all
              <ArrowRight className="size-3.5" aria-hidden="true" />
            </Link>
          ) : null)}
      </div>
      {deadlines.isPending ? (
        <div role="status" className="divide-y divide-border" aria-busy="true" aria-label="Loading deadlines">
          {[0, 1, 2].map((key) => (
            <div key={key} className="flex items-center gap-3 px-5 py-3.5">
              <div className="flex-1">
                <Skeleton className="h-4 w-44" />
                <Skeleton className="mt-1.5 h-3 w-28" />
              </div>
              <Skeleton className="h-6 w-16 rounded-full" />
            </div>
          ))}
        </div>
      ) : deadlines.isError ? (
        <div className="p-5">
          <FormError message={`Could not load deadlines: ${readApiError(deadlines.error).message}`} />
        </div>
      ) : shown.length === 0 ? (
        <EmptyState
          icon={CalendarCheck2}
          title={`No deadlines in the next ${days} days`}
          description="Add a sale date or claim deadline to your surplus deals and the ones coming up show here."
          action={
            <Link href="/deals" className="text-sm font-medium text-primary hover:underline">
              Open the pipeline
            </Link>
          }
          className="py-10"
        />
      ) : (
        <table className="w-full text-sm" aria-labelledby={headingId}>
          <thead className="sr-only">
            <tr>
              <th scope="col">Deal and client</th>
              <th scope="col">Deadline</th>
              <th scope="col">Days left</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {shown.map((item) => (
              <DeadlineRow key={item.dealId} item={item} currency={currency} />
            ))}
          </tbody>
        </table>
      )}
      {limit && total > shown.length ? (
        <p className="mt-auto border-t border-border px-5 py-2.5 text-xs text-muted-foreground">
          {total - shown.length} more in{' '}
          <Link href="/dashboard/deadlines" className="font-medium text-primary hover:underline">
            Claim deadlines
          </Link>
        </p>
      ) : null}
    </Card>
  );
}

function DeadlineRow({ item, currency }: { item: ClaimDeadline; currency: string | null }) {
  const urgency = deadlineUrgency(item.daysRemaining);
  const style = urgencyStyles[urgency];
  return (
    <tr data-testid="deadline-row" data-urgency={urgency}>
      <td className="px-5 py-3 align-middle">
        <Link
          href={`/deals/${item.dealId}`}
          className="font-medium text-foreground hover:text-primary hover:underline"
        >
          {item.dealName}
        </Link>
        <div className="mt-0.5 truncate text-xs text-muted-foreground">
          {item.relatedClient ? (
            <Link
              href={`/clients/${item.relatedClient.id}`}
              className="hover:text-foreground hover:underline"
            >
              {item.relatedClient.displayName}
            </Link>
          ) : (
            <span>No client yet</span>
          )}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          <span>{item.stage}</span>
        </div>
      </td>
      <td className="px-2 py-3 text-right align-middle whitespace-nowrap tabular-nums max-sm:hidden">
        <span className="block text-muted-foreground">{formatDay(item.claimDeadline)}</span>
        {item.expectedFee !== null ? (
          <span className="block text-xs text-muted-foreground">
            Fee {formatKpiMoney(item.expectedFee, { currency })}
          </span>
        ) : null}
      </td>
      <td className="py-3 pr-5 pl-2 text-right align-middle">
        <span
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset tabular-nums',
            style.pill,
          )}
          title={`${style.label}: due ${formatDay(item.claimDeadline)}`}
        >
          <span className={cn('size-1.5 rounded-full', style.dot)} aria-hidden="true" />
          {daysLeftLabel(item.daysRemaining)}
        </span>
        <span className="mt-0.5 block text-[11px] text-muted-foreground sm:hidden">
          {formatDay(item.claimDeadline)}
        </span>
      </td>
    </tr>
  );
}
