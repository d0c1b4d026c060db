import { Building2, ChevronRight, Search } from 'lucide-react';
import { useState } from 'react';
import { ListSkeleton, PagedListBody } from '../../../components/paged-list-body';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  type OrganizationListFilters,
  type OrganizationStatus,
  type PlanType,
  usePlatformOrganizations,
} from '../api/organizations';
import { OrganizationDetailDialog } from './organization-detail-dialog';
import {
  formatActivity,
  formatCount,
  formatStorage,
  planLabels,
  planTones,
  statusLabels,
  statusTones,
} from './organization-format';

const sortChoices = [
  { value: 'name', label: 'Name (A–Z)' },
  { value: '-lastActivity', label: 'Latest activity' },
  { value: '-totalUsers', label: 'Most users' },
  { value: '-storageUsed', label: 'Most storage' },
  { value: '-apiCallsMonth', label: 'Most API calls this month' },
  { value: 'planType', label: 'Plan' },
  { value: 'status', label: 'Status' },
  { value: '-createdAt', label: 'Newest' },
] as const;

/** The Organizations section: every organization on the platform, then one in detail. */
export function OrganizationsSection() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<string>('name');
  const [status, setStatus] = useState<OrganizationListFilters['status']>('');
  const [planType, setPlanType] = useState<OrganizationListFilters['planType']>('');
  const [openId, setOpenId] = useState<string | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const organizations = usePlatformOrganizations({ search: debouncedSearch, sort, status, planType });
  const rows = organizations.data?.pages.flatMap((page) => page.items) ?? [];
  const total = organizations.data?.pages[0]?.total ?? 0;
  const filtered = Boolean(debouncedSearch || status || planType);

  return (
    <>
      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:px-5">
          <div className="flex flex-col gap-3 md:flex-row md:items-center">
            <div className="relative w-full md:max-w-xs">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder="Search name, domain or member e-mail"
                aria-label="Search organizations"
                className="pl-9"
              />
            </div>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:flex md:flex-1 md:justify-end">
              <Select
                aria-label="Filter by status"
                value={status}
                onChange={(event) => setStatus(event.target.value as OrganizationStatus | '')}
              >
                <option value="">All statuses</option>
                {Object.entries(statusLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
              <Select
                aria-label="Filter by plan"
                value={planType}
                onChange={(event) => setPlanType(event.target.value as PlanType | '')}
              >
                <option value="">All plans</option>
                {Object.entries(planLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
              <div className="col-span-2 sm:col-span-1">
                <Select aria-label="Sort by" value={sort} onChange={(event) => setSort(event.target.value)}>
                  {sortChoices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
          </div>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {organizations.isPending
              ? ''
              : `${formatCount(total)} ${total === 1 ? 'organization' : 'organizations'}`}
          </p>
        </div>

        <PagedListBody
          query={organizations}
          empty={rows.length === 0}
          what="organizations"
          loading={<ListSkeleton label="Loading organizations" rows={4} rowClassName="h-10 w-full" />}
          emptyState={{
            icon: Building2,
            title: filtered ? 'No organizations found' : 'No organizations yet',
            description: filtered
              ? 'Nothing matches these filters. Try another name, or clear the filters.'
              : 'Organizations appear here as people register.',
          }}
        >
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Organization</TableHead>
                <TableHead className="hidden md:table-cell">Plan</TableHead>
                <TableHead className="hidden sm:table-cell">Status</TableHead>
                <TableHead className="hidden text-right lg:table-cell">Users</TableHead>
                <TableHead className="hidden text-right xl:table-cell">Storage</TableHead>
                <TableHead className="hidden text-right xl:table-cell">API calls</TableHead>
                <TableHead className="hidden lg:table-cell">Last activity</TableHead>
                <TableHead className="w-10">
                  <span className="sr-only">Open</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((organization) => (
                <TableRow
                  key={organization.id}
                  className="cursor-pointer"
                  onClick={() => setOpenId(organization.id)}
                >
                  <TableCell className="max-w-0 min-w-48">
                    <button
                      type="button"
                      className="block w-full min-w-0 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                      onClick={(event) => {
                        event.stopPropagation();
                        setOpenId(organization.id);
                      }}
                    >
                      <span className="block truncate font-medium">{organization.name}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {organization.billingEmail ?? organization.subdomain}
                      </span>
                    </button>
                    {/* Phones: the facts the hidden columns hold, in one line. */}
                    <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground sm:hidden">
                      <Badge variant={statusTones[organization.status]}>
                        {statusLabels[organization.status]}
                      </Badge>
                      <span>
                        {planLabels[organization.planType]} · {formatCount(organization.totalUsers)}{' '}
                        {organization.totalUsers === 1 ? 'user' : 'users'}
                      </span>
                    </span>
                  </TableCell>
                  <TableCell className="hidden md:table-cell">
                    <Badge variant={planTones[organization.planType]}>
                      {planLabels[organization.planType]}
                    </Badge>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <Badge variant={statusTones[organization.status]}>
                      {statusLabels[organization.status]}
                    </Badge>
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums lg:table-cell">
                    {formatCount(organization.totalUsers)}
                    <span className="text-muted-foreground"> / {formatCount(organization.maxUsers)}</span>
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums xl:table-cell">
                    {formatStorage(organization.storageUsed)}
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums xl:table-cell">
                    {formatCount(organization.apiCallsMonth)}
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">
                    {formatActivity(organization.lastActivity)}
                  </TableCell>
                  <TableCell>
                    <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </PagedListBody>
        {organizations.hasNextPage ? (
          <div className="flex justify-center border-t border-border p-3">
            <Button
              variant="secondary"
              size="sm"
              disabled={organizations.isFetchingNextPage}
              onClick={() => organizations.fetchNextPage()}
            >
              {organizations.isFetchingNextPage ? <Spinner /> : null}
              Load more
            </Button>
          </div>
        ) : null}
      </Card>
      <OrganizationDetailDialog organizationId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
