import { AlertTriangle, Download, ShieldCheck, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { auditActionLabel, auditActionLabels, type AuditAction } from '../../../../common/audit-actions';
import { FilterField } from '../../../components/list-toolbar';
import { LoadMoreFooter, PagedListBody } from '../../../components/paged-list-body';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { describeAuditEvent } from '../../audit/describe-audit-event';
import {
  noPlatformAuditFilters,
  type PlatformAuditFilters,
  type PlatformAuditItem,
  platformAuditExportUrl,
  useOrganizationChoices,
  usePlatformAuditLogs,
  usePlatformAuditSummary,
} from '../api/platform-audit';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const riskBadges: Record<PlatformAuditItem['riskLevel'], { label: string; variant: BadgeVariant }> = {
  low: { label: 'Low', variant: 'neutral' },
  medium: { label: 'Medium', variant: 'warning' },
  high: { label: 'High', variant: 'danger' },
};

const categoryNames: Record<string, string> = {
  failed_sign_ins: 'Repeated failed sign-ins',
  permission_escalations: 'Permission escalations',
  exports: 'Exports',
};

const actionOptions = (Object.entries(auditActionLabels) as [AuditAction, string][]).toSorted((a, b) =>
  a[1].localeCompare(b[1]),
);

/** Super admin › Audit: every organization's trail, high-risk events called out, CSV download. */
export function AuditSection() {
  const [filters, setFilters] = useState<PlatformAuditFilters>(noPlatformAuditFilters);
  // Remembered so a row's organization or user can be named in the filter bar once picked.
  const [pickedNames, setPickedNames] = useState<{ organization?: string; user?: string }>({});
  const [searchText, setSearchText] = useState('');
  const logs = usePlatformAuditLogs(filters);
  const organizations = useOrganizationChoices();
  const rows = logs.data?.pages.flatMap((page) => page.items) ?? [];
  const total = logs.data?.pages[0]?.total ?? 0;
  const filtered = Object.values(filters).some((value) => value !== '');
  const set = (key: keyof PlatformAuditFilters) => (value: string) =>
    setFilters((f) => ({ ...f, [key]: value }));

  // Searching as one types, a quarter second after the last key.
  useEffect(() => {
    const timer = setTimeout(
      () => setFilters((f) => (f.search === searchText ? f : { ...f, search: searchText })),
      250,
    );
    return () => clearTimeout(timer);
  }, [searchText]);

  const organizationChoices = organizations.data?.items ?? [];
  const pickedOrganizationMissing =
    filters.organizationId !== '' &&
    filters.organizationId !== 'platform' &&
    !organizationChoices.some((org) => org.id === filters.organizationId);

  const clear = () => {
    setFilters(noPlatformAuditFilters);
    setSearchText('');
    setPickedNames({});
  };

  return (
    <div className="flex flex-col gap-5">
      <HighRiskSummary
        onShow={(next) => {
          setFilters({ ...noPlatformAuditFilters, ...next });
          setSearchText('');
        }}
      />
      <Card className="overflow-hidden">
        <div className="grid grid-cols-2 gap-3 border-b border-border p-4 sm:grid-cols-3 sm:px-5 lg:grid-cols-5">
          <FilterField
            id="platform-audit-search"
            label="Search"
            className="col-span-2 sm:col-span-3 lg:col-span-5"
          >
            <Input
              id="platform-audit-search"
              type="search"
              placeholder="E-mail, organization, action, IP…"
              value={searchText}
              maxLength={200}
              onChange={(e) => setSearchText(e.target.value)}
            />
          </FilterField>
          <FilterField
            id="platform-audit-organization"
            label="Organization"
            className="col-span-2 sm:col-span-1"
          >
            <Select
              id="platform-audit-organization"
              value={filters.organizationId}
              onChange={(e) => set('organizationId')(e.target.value)}
            >
              <option value="">All organizations</option>
              <option value="platform">Platform (no organization)</option>
              {pickedOrganizationMissing ? (
                <option value={filters.organizationId}>
                  {pickedNames.organization ?? 'Picked organization'}
                </option>
              ) : null}
              {organizationChoices.map((org) => (
                <option key={org.id} value={org.id}>
                  {org.name}
                </option>
              ))}
            </Select>
          </FilterField>
          <FilterField id="platform-audit-action" label="Action" className="col-span-2 sm:col-span-1">
            <Select
              id="platform-audit-action"
              value={filters.action}
              onChange={(e) => set('action')(e.target.value)}
            >
              <option value="">All actions</option>
              {actionOptions.map(([action, label]) => (
                <option key={action} value={action}>
                  {label}
                </option>
              ))}
            </Select>
          </FilterField>
          <FilterField id="platform-audit-risk" label="Risk" className="col-span-2 sm:col-span-1">
            <Select
              id="platform-audit-risk"
              value={filters.riskLevel}
              onChange={(e) => set('riskLevel')(e.target.value)}
            >
              <option value="">Any risk</option>
              <option value="high">High</option>
              <option value="medium">Medium</option>
              <option value="low">Low</option>
            </Select>
          </FilterField>
          <FilterField id="platform-audit-from" label="From">
            <Input
              id="platform-audit-from"
              type="date"
              value={filters.from}
              max={filters.to || undefined}
              onChange={(e) => set('from')(e.target.value)}
            />
          </FilterField>
          <FilterField id="platform-audit-to" label="To">
            <Input
              id="platform-audit-to"
              type="date"
              value={filters.to}
              min={filters.from || undefined}
              onChange={(e) => set('to')(e.target.value)}
            />
          </FilterField>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border px-4 py-3 sm:px-5">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {logs.isPending ? 'Loading events…' : `${total} ${total === 1 ? 'event' : 'events'}`}
            </p>
            {filters.category ? (
              <Badge variant="danger" className="gap-1">
                {categoryNames[filters.category] ?? filters.category}
                <button
                  type="button"
                  aria-label="Show every kind of event"
                  className="-mr-1 rounded p-0.5 hover:bg-red-600/10"
                  onClick={() => set('category')('')}
                >
                  <X className="size-3" aria-hidden="true" />
                </button>
              </Badge>
            ) : null}
            {filters.userId ? (
              <Badge variant="primary" className="gap-1">
                User: {pickedNames.user ?? 'picked user'}
                <button
                  type="button"
                  aria-label="Stop filtering by this user"
                  className="-mr-1 rounded p-0.5 hover:bg-primary/10"
                  onClick={() => set('userId')('')}
                >
                  <X className="size-3" aria-hidden="true" />
                </button>
              </Badge>
            ) : null}
          </div>
          <div className="flex items-center gap-2">
            {filtered || searchText ? (
              <Button variant="ghost" size="sm" onClick={clear}>
                Clear filters
              </Button>
            ) : null}
            <a
              href={platformAuditExportUrl(filters)}
              download
              className={buttonClassName({ variant: 'secondary', size: 'sm', className: 'h-9' })}
            >
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </div>
        </div>

        <PagedListBody
          query={logs}
          empty={rows.length === 0}
          what="the audit trail"
          loading={<LoadingRows />}
          emptyState={{
            icon: ShieldCheck,
            title: filtered ? 'No events match these filters' : 'No events yet',
            description: filtered
              ? 'Try another organization, action, risk or date range.'
              : "Every organization's sign-ins, permission changes, exports and deletions appear here.",
          }}
        >
          <Table aria-label="Platform audit trail">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Event</TableHead>
                <TableHead className="hidden md:table-cell">Organization</TableHead>
                <TableHead className="hidden md:table-cell">User</TableHead>
                <TableHead className="hidden xl:table-cell">Details</TableHead>
                <TableHead className="hidden sm:table-cell">Risk</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <AuditRow
                  key={row.id}
                  row={row}
                  onOrganization={(org) => {
                    setPickedNames((names) => ({ ...names, organization: org.name }));
                    set('organizationId')(org.id);
                  }}
                  onUser={(user) => {
                    setPickedNames((names) => ({ ...names, user: user.email }));
                    set('userId')(user.id);
                  }}
                />
              ))}
            </TableBody>
          </Table>
        </PagedListBody>

        <LoadMoreFooter query={logs} shown={rows.length} total={total} />
      </Card>
    </div>
  );
}

function AuditRow({
  row,
  onOrganization,
  onUser,
}: {
  row: PlatformAuditItem;
  onOrganization: (org: { id: string; name: string }) => void;
  onUser: (user: { id: string; email: string }) => void;
}) {
  const risk = riskBadges[row.riskLevel] ?? riskBadges.low;
  const details = describeAuditEvent(row);
  const organization = row.organization ? (
    <button
      type="button"
      className="text-left hover:underline"
      title="Show only this organization"
      onClick={() => row.organization && onOrganization(row.organization)}
    >
      {row.organization.name}
    </button>
  ) : (
    <span className="text-muted-foreground">{row.organizationId ? 'Deleted organization' : 'Platform'}</span>
  );
  const user = row.user ? (
    <button
      type="button"
      className="text-left hover:underline"
      title="Show only this user"
      onClick={() => row.user && onUser(row.user)}
    >
      {row.user.name ?? row.user.email}
    </button>
  ) : (
    <span className="text-muted-foreground">Unknown user</span>
  );
  return (
    <TableRow
      data-high-risk={row.highRisk ? 'true' : undefined}
      className={cn(row.highRisk && 'bg-red-50/70 hover:bg-red-50')}
    >
      <TableCell className={cn('align-top md:min-w-48', row.highRisk && 'border-l-4 border-l-red-500')}>
        <div className="flex items-center gap-1.5 font-medium">
          {row.highRisk ? (
            <AlertTriangle className="size-4 shrink-0 text-red-600" aria-hidden="true" />
          ) : null}
          {auditActionLabel(row.action)}
        </div>
        <time dateTime={row.timestamp} className="text-xs text-muted-foreground">
          {timeFormat.format(new Date(row.timestamp))}
        </time>
        {row.highRiskReason ? (
          <div className="text-xs font-medium text-red-700">{row.highRiskReason}</div>
        ) : null}
        {/* Phones: everything in the first column. */}
        <div className="mt-1 flex flex-col gap-1 text-sm md:hidden">
          <span>
            {organization} · {user}
          </span>
          {details ? <span className="break-words text-muted-foreground">{details}</span> : null}
          <span className="sm:hidden">
            <Badge variant={risk.variant}>{risk.label} risk</Badge>
          </span>
        </div>
      </TableCell>
      <TableCell className="hidden align-top md:table-cell">{organization}</TableCell>
      <TableCell className="hidden align-top md:table-cell">
        <div>{user}</div>
        {row.user?.name ? <div className="text-xs text-muted-foreground">{row.user.email}</div> : null}
        {row.ipAddress ? <div className="text-xs text-muted-foreground">{row.ipAddress}</div> : null}
      </TableCell>
      <TableCell className="hidden max-w-80 align-top break-words text-muted-foreground xl:table-cell">
        {details || '—'}
      </TableCell>
      <TableCell className="hidden align-top sm:table-cell">
        <Badge variant={risk.variant}>{risk.label}</Badge>
      </TableCell>
    </TableRow>
  );
}

/** The last seven days' high-risk events by kind; each card narrows the list to them. */
function HighRiskSummary({ onShow }: { onShow: (filters: Partial<PlatformAuditFilters>) => void }) {
  const summary = usePlatformAuditSummary();
  if (summary.isPending) {
    return (
      <div
        role="status"
        className="grid gap-3 md:grid-cols-3"
        aria-busy="true"
        aria-label="Loading the high-risk summary"
      >
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-28" />
        ))}
      </div>
    );
  }
  if (summary.isError) return null;
  const { failedSignIns, permissionEscalations, massExports } = summary.data;
  const cards = [
    {
      title: 'Repeated failed sign-ins',
      count: failedSignIns.accounts.length,
      unit: failedSignIns.accounts.length === 1 ? 'address' : 'addresses',
      lines: failedSignIns.accounts
        .slice(0, 3)
        .map(
          (account) =>
            `${account.email} · ${account.attempts} tries${account.organization ? ` · ${account.organization.name}` : ''}`,
        ),
      filters: { category: 'failed_sign_ins' },
    },
    {
      title: 'Permission escalations',
      count: permissionEscalations.count,
      unit: permissionEscalations.count === 1 ? 'event' : 'events',
      lines: permissionEscalations.latest
        .slice(0, 3)
        .map((row) => `${auditActionLabel(row.action)} · ${row.organization?.name ?? 'Platform'}`),
      filters: { category: 'permission_escalations' },
    },
    {
      title: 'Exports',
      count: massExports.count,
      unit: massExports.count === 1 ? 'export' : 'exports',
      lines: massExports.latest
        .slice(0, 3)
        .map((row) => `${row.user?.email ?? 'Unknown user'} · ${row.organization?.name ?? 'Platform'}`),
      filters: { category: 'exports' },
    },
  ];
  return (
    <section
      aria-label={`High-risk events, last ${summary.data.days} days`}
      className="grid gap-3 md:grid-cols-3"
    >
      {cards.map((card) => (
        <Card
          key={card.title}
          className={cn('flex flex-col gap-2 p-4', card.count > 0 && 'border-red-200 bg-red-50/50')}
        >
          <div className="flex items-start justify-between gap-2">
            <div>
              <h3 className="text-sm font-medium">{card.title}</h3>
              <p className="text-xs text-muted-foreground">Last {summary.data.days} days</p>
            </div>
            <p className={cn('text-2xl font-semibold tabular-nums', card.count > 0 && 'text-red-700')}>
              {card.count}
              <span className="sr-only"> {card.unit}</span>
            </p>
          </div>
          {card.lines.length ? (
            <ul className="flex flex-col gap-0.5 text-xs text-muted-foreground">
              {card.lines.map((line) => (
                <li key={line} className="truncate" title={line}>
                  {line}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-xs text-muted-foreground">None.</p>
          )}
          {card.count > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              className="mt-auto self-start"
              onClick={() => onShow(card.filters)}
            >
              Show in the list
            </Button>
          ) : null}
        </Card>
      ))}
    </section>
  );
}

function LoadingRows() {
  return (
    <div
      role="status"
      className="divide-y divide-border"
      aria-busy="true"
      aria-label="Loading the audit trail"
    >
      {[0, 1, 2, 3].map((key) => (
        <div key={key} className="flex items-center gap-3 px-4 py-3.5">
          <div className="flex-1">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="mt-1.5 h-3.5 w-28" />
          </div>
          <Skeleton className="hidden h-4 w-48 md:block" />
          <Skeleton className="hidden h-5 w-16 sm:block" />
        </div>
      ))}
    </div>
  );
}
