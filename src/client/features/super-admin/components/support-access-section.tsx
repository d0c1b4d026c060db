import { Eye, History, UserSearch } from 'lucide-react';
import { useState } from 'react';
import { ListSkeleton, PagedListBody } from '../../../components/paged-list-body';
import { SearchInput } from '../../../components/data-table/search-input';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  type SupportAccessVisit,
  useSupportAccessCandidates,
  useSupportAccessHistory,
} from '../api/support-access';
import { StartSupportAccessButton } from './start-support-access-button';

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Support access: open an organization as one of its users (read-only, 30 minutes), and every visit so far. */
export function SupportAccessSection() {
  return (
    <div className="flex flex-col gap-6">
      <StartCard />
      <HistoryCard />
    </div>
  );
}

function StartCard() {
  const [search, setSearch] = useState('');
  const candidates = useSupportAccessCandidates(search, true);
  const items = candidates.data?.items ?? [];
  return (
    <Card aria-labelledby="support-access-start-title">
      <CardHeader>
        <CardTitle id="support-access-start-title">Open an organization as a user</CardTitle>
        <CardDescription>
          Find the person who asked for help. You see what they see, cannot change anything, and every page
          you open is recorded in their organization’s audit log with your name.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <SearchInput
          value={search}
          onSearch={setSearch}
          placeholder="Name, e-mail or organization"
          aria-label="Find a user"
          wrapperClassName="sm:max-w-96"
        />
        <PagedListBody
          query={candidates}
          empty={items.length === 0}
          what="users"
          bareError
          loading={<ListSkeleton label="Loading users" rowClassName="h-12 w-full" className="gap-2" />}
          emptyState={{
            icon: UserSearch,
            title: 'No one found',
            description:
              'Only active users of active organizations who have chosen their password can be viewed.',
            className: 'py-6',
          }}
        >
          <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Users">
            {items.map((candidate) => (
              <li
                key={candidate.id}
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
                data-testid="support-access-candidate"
              >
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate text-sm font-medium">{candidate.name || candidate.email}</span>
                  <span className="truncate text-xs text-muted-foreground">{candidate.email}</span>
                  <span className="text-xs break-words text-muted-foreground">
                    {candidate.organization.name} · {candidate.role}
                  </span>
                </div>
                <div className="shrink-0">
                  <StartSupportAccessButton
                    organizationId={candidate.organization.id}
                    userId={candidate.id}
                    userName={candidate.name || candidate.email}
                  />
                </div>
              </li>
            ))}
          </ul>
        </PagedListBody>
        {candidates.data && candidates.data.total > items.length ? (
          <p className="text-xs text-muted-foreground">
            Showing {items.length} of {candidates.data.total}: search to narrow it down.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function HistoryCard() {
  const [search, setSearch] = useState('');
  const history = useSupportAccessHistory(search);
  const visits = history.data?.pages.flatMap((page) => page.items) ?? [];
  const total = history.data?.pages[0]?.total ?? 0;
  return (
    <Card aria-labelledby="support-access-history-title">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle id="support-access-history-title">History</CardTitle>
          <CardDescription>
            Every visit, newest first: who looked, as whom, why and for how long.
          </CardDescription>
        </div>
        <SearchInput
          value={search}
          onSearch={setSearch}
          placeholder="Search visits"
          aria-label="Search visits"
          wrapperClassName="sm:mt-1 sm:max-w-60"
        />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <PagedListBody
          query={history}
          empty={visits.length === 0}
          what="the visits"
          bareError
          loading={<ListSkeleton label="Loading visits" rowClassName="h-14 w-full" className="gap-2" />}
          emptyState={{
            icon: History,
            title: search ? 'No visits match' : 'No visits yet',
            description: search
              ? undefined
              : 'Visits appear here once someone opens an organization as a user.',
            className: 'py-6',
          }}
        >
          <ul
            className="divide-y divide-border rounded-lg border border-border"
            aria-label="Support access visits"
          >
            {visits.map((visit) => (
              <VisitRow key={visit.id} visit={visit} />
            ))}
          </ul>
        </PagedListBody>
        {history.hasNextPage ? (
          <Button
            variant="secondary"
            className="self-center"
            onClick={() => history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
          >
            Show more ({visits.length} of {total})
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function duration(visit: SupportAccessVisit): string {
  if (!visit.endedAt) return `until ${dateTimeFormat.format(new Date(visit.expiresAt))}`;
  const minutes = Math.max(0, Math.round((Date.parse(visit.endedAt) - Date.parse(visit.startedAt)) / 60000));
  return minutes < 1 ? 'under a minute' : `${minutes} min`;
}

function VisitRow({ visit }: { visit: SupportAccessVisit }) {
  return (
    <li
      className="flex flex-col gap-2 px-4 py-3 lg:flex-row lg:items-start lg:gap-6"
      data-testid="support-access-visit"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Eye className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="text-sm font-semibold">{visit.organization.name}</span>
          <span className="text-sm text-muted-foreground">as</span>
          <span className="text-sm font-medium">{visit.user.name || visit.user.email}</span>
          {visit.status === 'active' ? (
            <Badge variant="warning">Active</Badge>
          ) : (
            <Badge variant="neutral">Ended</Badge>
          )}
        </div>
        <p className="text-sm break-words text-foreground">{visit.reason}</p>
        <p className="text-xs text-muted-foreground">
          By {visit.superAdmin.name || visit.superAdmin.email} ({visit.superAdmin.email}) · {visit.user.email}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-xs sm:flex sm:gap-6 lg:shrink-0">
        <div className="flex flex-col">
          <dt className="text-muted-foreground">Started</dt>
          <dd>{dateTimeFormat.format(new Date(visit.startedAt))}</dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-muted-foreground">{visit.status === 'active' ? 'Open' : 'Lasted'}</dt>
          <dd>{duration(visit)}</dd>
        </div>
      </dl>
    </li>
  );
}
