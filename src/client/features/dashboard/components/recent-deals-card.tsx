import { Handshake } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { recentDealsLimit, useRecentDeals } from '../api';
import { formatDay, formatKpiMoney } from '../dashboard-model';

/** The deals changed last — a new case, an edit, a card dragged to its next stage — newest first. */
export function RecentDealsCard({ currency }: { currency: string | null }) {
  const deals = useRecentDeals(true);
  const headingId = useId();
  const items = deals.data?.items ?? [];

  return (
    <Card className="flex flex-col overflow-hidden" aria-labelledby={headingId}>
      <div className="flex items-center justify-between gap-3 border-b border-border px-5 py-4">
        <div>
          <h2 id={headingId} className="text-base font-semibold tracking-tight">
            Recently updated deals
          </h2>
          <p className="text-xs text-muted-foreground">The last {recentDealsLimit} changed</p>
        </div>
        <Link href="/deals" className="text-sm font-medium text-primary hover:underline">
          View all
        </Link>
      </div>
      {deals.isPending ? (
        <div
          role="status"
          className="divide-y divide-border"
          aria-busy="true"
          aria-label="Loading recent deals"
        >
          {[0, 1, 2].map((key) => (
            <div key={key} className="flex items-center gap-3 px-5 py-3.5">
              <Skeleton className="h-4 flex-1" />
              <Skeleton className="h-6 w-20 rounded-full" />
            </div>
          ))}
        </div>
      ) : deals.isError ? (
        <div className="p-5">
          <FormError message={`Could not load recent deals: ${readApiError(deals.error).message}`} />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={Handshake}
          title="No deals yet"
          description="Deals you add or move show here."
          className="py-10"
        />
      ) : (
        <table className="w-full text-sm" aria-labelledby={headingId}>
          <thead className="sr-only">
            <tr>
              <th scope="col">Deal and client</th>
              <th scope="col">Stage</th>
              <th scope="col">Value</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {items.map((deal) => (
              <tr key={deal.id} data-testid="recent-deal-row">
                <td className="w-full max-w-0 px-5 py-3 align-middle">
                  <Link
                    href={`/deals/${deal.id}`}
                    className="block truncate font-medium text-foreground hover:text-primary hover:underline"
                  >
                    {deal.dealName}
                  </Link>
                  <div className="truncate text-xs text-muted-foreground">
                    {deal.relatedClientName ?? 'No client'}
                  </div>
                </td>
                <td className="px-2 py-3 align-middle">
                  <span className="inline-flex rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium whitespace-nowrap">
                    {deal.stage}
                  </span>
                </td>
                <td className="hidden px-2 py-3 text-right align-middle tabular-nums sm:table-cell">
                  {deal.dealValue === null ? '—' : formatKpiMoney(deal.dealValue, { currency })}
                </td>
                <td className="px-5 py-3 text-right align-middle text-xs whitespace-nowrap text-muted-foreground">
                  {formatDay(deal.updatedAt.slice(0, 10))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
