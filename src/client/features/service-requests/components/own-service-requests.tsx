import { Inbox } from 'lucide-react';
import {
  serviceRequestCategoryLabels,
  type ServiceRequestCategory,
} from '../../../../common/validation/service-requests';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { useOwnServiceRequests } from '../api';
import { ServiceRequestPriorityBadge, ServiceRequestStatusBadge } from './service-request-badges';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The organization's requests with their status and the platform's answer, newest first. */
export function OwnServiceRequests() {
  const list = useOwnServiceRequests();
  if (list.isPending) {
    return (
      <div role="status" className="flex flex-col gap-2" aria-busy="true" aria-label="Loading your requests">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (list.isError) {
    return <FormError message={`Could not load your requests: ${readApiError(list.error).message}`} />;
  }
  if (list.rows.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed border-border px-3 py-4 text-sm text-muted-foreground">
        <Inbox className="size-4 shrink-0" aria-hidden="true" />
        No requests yet. Requests you send appear here with their status.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-2" aria-label="Your service requests">
        {list.rows.map((request) => (
          <li
            key={request.id}
            data-testid="own-service-request"
            className="rounded-lg border border-border bg-surface px-3 py-2.5"
          >
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-medium break-words">{request.subject}</p>
              <ServiceRequestStatusBadge status={request.status} />
            </div>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
              <time dateTime={request.createdAt}>{dateFormat.format(new Date(request.createdAt))}</time>
              <span aria-hidden="true">·</span>
              <span>
                {serviceRequestCategoryLabels[request.category as ServiceRequestCategory] ?? request.category}
              </span>
              <ServiceRequestPriorityBadge priority={request.priority} />
              {request.filedBy?.name ? <span>by {request.filedBy.name}</span> : null}
            </p>
            {request.resolution ? (
              <div className="mt-2 rounded-md bg-muted/60 px-2.5 py-2 text-sm">
                <p className="text-xs font-medium text-muted-foreground">
                  Answer from the Locus team
                  {request.resolvedAt ? ` · ${dateFormat.format(new Date(request.resolvedAt))}` : ''}
                </p>
                <p className="mt-0.5 whitespace-pre-line break-words">{request.resolution}</p>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button variant="secondary" size="sm" onClick={list.fetchNextPage} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? <Spinner /> : null}
          Load more
        </Button>
      ) : null}
    </div>
  );
}
