import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { readApiError } from '../lib/api';
import { PageContainer } from './page-header';
import { buttonClassName } from './ui/button';
import { EmptyState } from './ui/empty-state';
import { Skeleton } from './ui/skeleton';

export interface RecordLoadErrorProps {
  error: Error | null;
  /** e.g. "Lead" / "/leads". */
  singular: string;
  listHref: string;
}

/** A detail page whose record is missing (404, also for another organization's id) or failed to load. */
export function RecordLoadError({ error, singular, listHref }: RecordLoadErrorProps) {
  const notFound = error ? error.message.startsWith('404:') : true;
  return (
    <PageContainer>
      <EmptyState
        headingLevel={1}
        icon={SearchX}
        title={notFound ? `${singular} not found` : `Could not load this ${singular.toLowerCase()}`}
        description={
          notFound ? 'It may have been deleted, or the link is wrong.' : readApiError(error).message
        }
        action={
          <Link href={listHref} className={buttonClassName({ variant: 'secondary' })}>
            {/* Not "Back to leads": the navigation's Leads link would share the name. */}
            Back to the {singular.toLowerCase()} list
          </Link>
        }
      />
    </PageContainer>
  );
}

/** The loading shape of a detail page: header, then a details column beside a timeline. */
export function RecordPageSkeleton() {
  return (
    <PageContainer>
      <div role="status" aria-busy="true" aria-label="Loading">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="mt-3 h-8 w-64" />
        <Skeleton className="mt-3 h-5 w-48" />
        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <Skeleton className="h-96 rounded-xl" />
          <Skeleton className="h-72 rounded-xl" />
        </div>
      </div>
    </PageContainer>
  );
}
