import { BarChart3 } from 'lucide-react';
import { useState } from 'react';
import { type DailyValue, DailyBarChart } from '../../../components/charts/daily-bar-chart';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { formatFileSize } from '../../../lib/format-file-size';
import {
  type AnalyticsDay,
  type AnalyticsTotals,
  type AnalyticsWindow,
  useOrganizationAnalytics,
  usePlatformAnalytics,
} from '../api/tenant-analytics';

const numberFormat = new Intl.NumberFormat();
const count = (value: number) => numberFormat.format(value);
const milliseconds = (value: number) => `${numberFormat.format(value)} ms`;
const windows: AnalyticsWindow[] = [30, 90];

const seriesOf = (days: AnalyticsDay[], key: keyof Omit<AnalyticsDay, 'date'>): DailyValue[] =>
  days.map((day) => ({ date: day.date, value: day[key] }));

/** Super admin › Analytics: the platform or one organization by day, over 30 or 90 days. */
export function AnalyticsSection() {
  const [days, setDays] = useState<AnalyticsWindow>(30);
  const [organizationId, setOrganizationId] = useState('');
  const platform = usePlatformAnalytics(days);
  const organization = useOrganizationAnalytics(organizationId, days);
  const current = organizationId ? organization : platform;
  const choices = platform.data?.organizations ?? [];
  const picked = organization.data?.organization;
  // An organization picked earlier stays offered even when it had no activity in the window.
  const options = picked && !choices.some((org) => org.id === picked.id) ? [picked, ...choices] : choices;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex w-full flex-col gap-1.5 sm:w-72">
          <Label htmlFor="analytics-organization">Organization</Label>
          <Select
            id="analytics-organization"
            value={organizationId}
            onChange={(event) => setOrganizationId(event.target.value)}
          >
            <option value="">All organizations</option>
            {options.map((org) => (
              <option key={org.id} value={org.id}>
                {org.name}
              </option>
            ))}
          </Select>
        </div>
        <div
          role="group"
          aria-label="Period"
          className="inline-flex rounded-lg border border-border bg-surface p-0.5"
        >
          {windows.map((window) => (
            <button
              key={window}
              type="button"
              aria-pressed={days === window}
              onClick={() => setDays(window)}
              className={cn(
                'h-8 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                days === window
                  ? 'bg-primary-soft text-primary-soft-foreground'
                  : 'text-muted-foreground hover:bg-muted',
              )}
            >
              {window} days
            </button>
          ))}
        </div>
      </div>

      {current.isPending ? (
        <LoadingCharts />
      ) : current.isError ? (
        <FormError message={`Could not load the analytics: ${readApiError(current.error).message}`} />
      ) : (
        <>
          <Totals
            totals={current.data.totals}
            storageUsed={current.data.current.storageUsed}
            label={organizationId ? (picked?.name ?? 'This organization') : 'The platform'}
          />
          {current.data.totals.requestCount === 0 ? (
            <Card>
              <EmptyState
                icon={BarChart3}
                title="No activity in this period"
                description="Requests, sign-ins and API calls are counted as they happen and written every minute."
              />
            </Card>
          ) : (
            <Card className="grid gap-x-8 gap-y-6 p-4 sm:p-5 md:grid-cols-2">
              <DailyBarChart
                title="Active users"
                summary={`${count(current.data.totals.activeUsers)} ${current.data.totals.activeUsers === 1 ? 'person' : 'people'}`}
                data={seriesOf(current.data.series, 'activeUsers')}
                format={count}
              />
              <DailyBarChart
                title="Sign-ins"
                summary={count(current.data.totals.totalLogins)}
                data={seriesOf(current.data.series, 'totalLogins')}
                format={count}
              />
              <DailyBarChart
                title="Requests"
                summary={count(current.data.totals.requestCount)}
                data={seriesOf(current.data.series, 'requestCount')}
                format={count}
              />
              <DailyBarChart
                title="API calls"
                summary={count(current.data.totals.apiCalls)}
                data={seriesOf(current.data.series, 'apiCalls')}
                format={count}
              />
              <DailyBarChart
                title="Errors"
                summary={count(current.data.totals.errorCount)}
                data={seriesOf(current.data.series, 'errorCount')}
                format={count}
              />
              <DailyBarChart
                title="Average response time"
                summary={
                  current.data.totals.avgResponseTime === null
                    ? '—'
                    : milliseconds(current.data.totals.avgResponseTime)
                }
                data={seriesOf(current.data.series, 'avgResponseTime')}
                format={milliseconds}
              />
              <DailyBarChart
                title="Data stored"
                summary={formatFileSize(current.data.current.storageUsed)}
                data={seriesOf(current.data.series, 'dataUsage')}
                format={formatFileSize}
                className="md:col-span-2"
              />
            </Card>
          )}
        </>
      )}

      {!organizationId && platform.data && platform.data.organizations.length > 0 ? (
        <Card className="overflow-hidden">
          <div className="border-b border-border px-4 py-3 sm:px-5">
            <h3 className="text-sm font-semibold">Busiest organizations</h3>
            <p className="text-xs text-muted-foreground">
              By requests in the last {days} days. Pick one to see its days.
            </p>
          </div>
          <Table aria-label="Busiest organizations">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Organization</TableHead>
                <TableHead className="text-right">Requests</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Sign-ins</TableHead>
                <TableHead className="hidden text-right md:table-cell">API calls</TableHead>
                <TableHead className="text-right">Errors</TableHead>
                <TableHead className="hidden text-right lg:table-cell">Stored</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {platform.data.organizations.map((org) => (
                <TableRow key={org.id}>
                  <TableCell>
                    <button
                      type="button"
                      className="text-left font-medium text-primary hover:underline"
                      onClick={() => setOrganizationId(org.id)}
                    >
                      {org.name}
                    </button>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{count(org.requestCount)}</TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">
                    {count(org.totalLogins)}
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums md:table-cell">
                    {count(org.apiCalls)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{count(org.errorCount)}</TableCell>
                  <TableCell className="hidden text-right tabular-nums lg:table-cell">
                    {formatFileSize(org.storageUsed)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      ) : null}
    </div>
  );
}

function Totals({
  totals,
  storageUsed,
  label,
}: {
  totals: AnalyticsTotals;
  storageUsed: number;
  label: string;
}) {
  const errorRate = totals.requestCount > 0 ? (totals.errorCount / totals.requestCount) * 100 : 0;
  const tiles = [
    { label: 'Active users', value: count(totals.activeUsers) },
    { label: 'Sign-ins', value: count(totals.totalLogins) },
    { label: 'API calls', value: count(totals.apiCalls) },
    { label: 'Errors', value: `${count(totals.errorCount)}`, note: `${errorRate.toFixed(1)}% of requests` },
    {
      label: 'Avg. response',
      value: totals.avgResponseTime === null ? '—' : milliseconds(totals.avgResponseTime),
    },
    { label: 'Stored now', value: formatFileSize(storageUsed) },
  ];
  return (
    <dl aria-label={`${label}: totals`} className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
      {tiles.map((tile) => (
        <div key={tile.label} className="rounded-xl border border-border bg-surface px-4 py-3 shadow-xs">
          <dt className="text-xs text-muted-foreground">{tile.label}</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums">{tile.value}</dd>
          {tile.note ? <dd className="text-xs text-muted-foreground">{tile.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

function LoadingCharts() {
  return (
    <div role="status" className="flex flex-col gap-3" aria-busy="true" aria-label="Loading the analytics">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {[0, 1, 2, 3, 4, 5].map((key) => (
          <Skeleton key={key} className="h-16" />
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
