import { Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { auditActionLabel, auditActionLabels, type AuditAction } from '../../../../common/audit-actions';
import { can } from '../../../../common/permissions';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { readApiError } from '../../../lib/api';
import { useSignedInUser } from '../../auth/signed-in-user';
import {
  type AuditLogFilters,
  type AuditLogItem,
  auditLogExportUrl,
  noAuditLogFilters,
  useAuditLogs,
  useAuditUserChoices,
} from '../api';
import { describeAuditEvent } from '../describe-audit-event';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const riskBadges: Record<AuditLogItem['riskLevel'], { label: string; variant: BadgeVariant }> = {
  low: { label: 'Low', variant: 'neutral' },
  medium: { label: 'Medium', variant: 'warning' },
  high: { label: 'High', variant: 'danger' },
};

const actionOptions = (Object.entries(auditActionLabels) as [AuditAction, string][]).toSorted((a, b) =>
  a[1].localeCompare(b[1]),
);

/** Settings › Security: the organization's audit log with filters and a CSV download. */
export function AuditLogSection() {
  const me = useSignedInUser();
  const [filters, setFilters] = useState<AuditLogFilters>(noAuditLogFilters);
  const logs = useAuditLogs(filters);
  const canListUsers = can(me, 'users', 'read');
  const users = useAuditUserChoices(canListUsers);
  const rows = logs.data?.pages.flatMap((page) => page.items) ?? [];
  const total = logs.data?.pages[0]?.total ?? 0;
  const filtered = Object.values(filters).some((value) => value !== '');
  const set = (key: keyof AuditLogFilters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));

  return (
    <Card className="overflow-hidden">
      {/* Phones: user and action full width, the two dates side by side. */}
      <div className="grid grid-cols-2 gap-3 border-b border-border p-4 sm:px-5 lg:grid-cols-4">
        {canListUsers ? (
          <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-1">
            <Label htmlFor="audit-user">User</Label>
            <Select id="audit-user" value={filters.userId} onChange={(e) => set('userId')(e.target.value)}>
              <option value="">All users</option>
              {(users.data?.items ?? []).map((user) => (
                <option key={user.id} value={user.id}>
                  {user.firstName} {user.lastName}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-1">
          <Label htmlFor="audit-action">Action</Label>
          <Select id="audit-action" value={filters.action} onChange={(e) => set('action')(e.target.value)}>
            <option value="">All actions</option>
            {actionOptions.map(([action, label]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-from">From</Label>
          <Input
            id="audit-from"
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => set('from')(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-to">To</Label>
          <Input
            id="audit-to"
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => set('to')(e.target.value)}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border px-4 py-3 sm:px-5">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {logs.isPending ? 'Loading events…' : `${total} ${total === 1 ? 'event' : 'events'}`}
        </p>
        <div className="flex items-center gap-2">
          {filtered ? (
            <Button variant="ghost" size="sm" onClick={() => setFilters(noAuditLogFilters)}>
              Clear filters
            </Button>
          ) : null}
          <a
            href={auditLogExportUrl(filters)}
            download
            className={buttonClassName({ variant: 'secondary', size: 'sm', className: 'h-9' })}
          >
            <Download aria-hidden="true" />
            Download CSV
          </a>
        </div>
      </div>

      {logs.isPending ? (
        <LoadingRows />
      ) : logs.isError ? (
        <div className="p-5">
          <FormError message={`Could not load the audit log: ${readApiError(logs.error).message}`} />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={ShieldCheck}
          title={filtered ? 'No events match these filters' : 'No events yet'}
          description={
            filtered
              ? 'Try another user, action or date range.'
              : 'Sign-ins, changes to users and permissions, exports and deletions will appear here.'
          }
        />
      ) : (
        <Table aria-label="Audit log">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Event</TableHead>
              <TableHead className="hidden md:table-cell">User</TableHead>
              <TableHead className="hidden lg:table-cell">Details</TableHead>
              <TableHead className="hidden sm:table-cell">Risk</TableHead>
              <TableHead className="hidden xl:table-cell">IP address</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <AuditLogRow key={row.id} row={row} />
            ))}
          </TableBody>
        </Table>
      )}

      {logs.hasNextPage ? (
        <div className="flex flex-col items-center gap-2 border-t border-border px-4 py-4">
          <p className="text-xs text-muted-foreground">
            Showing {rows.length} of {total}
          </p>
          <Button
            variant="secondary"
            onClick={() => void logs.fetchNextPage()}
            disabled={logs.isFetchingNextPage}
          >
            {logs.isFetchingNextPage ? <Spinner /> : null}
            {logs.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

function AuditLogRow({ row }: { row: AuditLogItem }) {
  const risk = riskBadges[row.riskLevel] ?? riskBadges.low;
  const who = row.user ? (row.user.name ?? row.user.email) : 'Unknown user';
  const details = describeAuditEvent(row);
  return (
    <TableRow>
      <TableCell className="align-top md:min-w-44">
        <div className="font-medium">{auditActionLabel(row.action)}</div>
        <time dateTime={row.timestamp} className="text-xs text-muted-foreground">
          {timeFormat.format(new Date(row.timestamp))}
        </time>
        {/* Phones: everything in the first column. */}
        <div className="mt-1 flex flex-col gap-1 text-sm md:hidden">
          <span>{who}</span>
          {details ? <span className="break-words text-muted-foreground">{details}</span> : null}
          <span className="flex items-center gap-2 sm:hidden">
            <Badge variant={risk.variant}>{risk.label} risk</Badge>
            {row.ipAddress ? <span className="text-xs text-muted-foreground">{row.ipAddress}</span> : null}
          </span>
        </div>
      </TableCell>
      <TableCell className="hidden align-top md:table-cell">
        <div>{who}</div>
        {row.user && row.user.name ? (
          <div className="text-xs text-muted-foreground">{row.user.email}</div>
        ) : null}
      </TableCell>
      <TableCell className="hidden max-w-80 align-top break-words text-muted-foreground lg:table-cell">
        {details || '—'}
      </TableCell>
      <TableCell className="hidden align-top sm:table-cell">
        <Badge variant={risk.variant}>{risk.label}</Badge>
      </TableCell>
      <TableCell className="hidden align-top xl:table-cell">
        <div className="text-muted-foreground">{row.ipAddress ?? '—'}</div>
        {row.userAgent ? (
          <div className="max-w-56 truncate text-xs text-muted-foreground" title={row.userAgent}>
            {row.userAgent}
          </div>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

function LoadingRows() {
  return (
    <div role="status" className="divide-y divide-border" aria-busy="true" aria-label="Loading the audit log">
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
