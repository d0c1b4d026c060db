import { CircleCheck, MailWarning, RefreshCw, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { OutboxKindGroup } from '../../../../common/validation/platform-health';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { type PlatformHealth, usePlatformHealth, useRetryFailedJobs } from '../api/platform-health';

const groupLabels: Record<OutboxKindGroup, string> = {
  email: 'E-mail',
  webhooks: 'Webhooks',
  sealing: 'Sealing',
  imports: 'Imports',
  notifications: 'Notifications',
  other: 'Other',
};

const kindLabels: Record<string, string> = {
  'email.send': 'Outgoing e-mail',
  'email.send_platform': 'Platform e-mail',
  'email.sync': 'Mailbox sync',
  'signing.completion_copies': 'Signed copies',
  'signing.seal': 'Document sealing',
  'webhook.deliver': 'Webhook deliveries',
  'import.run': 'Imports',
  'integration.poll': 'Scheduled imports',
  'notify.early_access_signup': 'Early-access notices',
  'notify.demo_request': 'Demo request notices',
  'notify.support_submission': 'Support notices',
  'notify.super_admins': 'Super admin notices',
};

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const numberFormat = new Intl.NumberFormat();

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

export function formatDuration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return `${minutes} min`;
}

/** /super-admin/health: what runs, the database, the outbox and mailboxes in error; retry dead letters. */
export function HealthSection() {
  const health = usePlatformHealth();
  if (health.isPending) {
    return (
      <div
        role="status"
        className="flex flex-col gap-4"
        aria-busy="true"
        aria-label="Loading the platform health"
      >
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (health.isError) {
    return (
      <FormError message={`Could not load the platform health: ${readApiError(health.error).message}`} />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center justify-between gap-4">
        <p className="text-xs text-muted-foreground" aria-live="polite">
          Updated {dateTimeFormat.format(new Date(health.dataUpdatedAt))}
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void health.refetch()}
          disabled={health.isFetching}
        >
          <RefreshCw aria-hidden="true" className={health.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      </div>
      <Overview health={health.data} />
      <OutboxCard health={health.data} />
      <MailboxesCard health={health.data} />
    </div>
  );
}

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border border-border px-4 py-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="truncate text-lg font-semibold tracking-tight">{value}</dd>
      {detail ? <dd className="truncate text-xs text-muted-foreground">{detail}</dd> : null}
    </div>
  );
}

function Overview({ health }: { health: PlatformHealth }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Platform overview">
      <Stat
        label="Version"
        value={health.version}
        detail={health.commit ? `commit ${health.commit.slice(0, 10)}` : 'commit unknown'}
      />
      <Stat label="Uptime" value={formatDuration(health.uptime)} detail={`Node ${health.node}`} />
      <Stat
        label="Database"
        value={formatBytes(health.database.sizeBytes)}
        detail={
          health.database.driver === 'pg'
            ? 'PostgreSQL'
            : health.database.driver === 'pglite'
              ? 'PGlite (embedded)'
              : undefined
        }
      />
      <Stat
        label="Last release"
        value={health.latestDeployment?.version ?? '—'}
        detail={
          health.latestDeployment
            ? `${health.latestDeployment.environment}, ${dateTimeFormat.format(new Date(health.latestDeployment.deployedAt))}`
            : 'none recorded'
        }
      />
    </dl>
  );
}

function OutboxCard({ health }: { health: PlatformHealth }) {
  const retry = useRetryFailedJobs();
  const [confirming, setConfirming] = useState<{ kind?: string; count: number } | null>(null);
  const { outbox } = health;

  const onRetry = async () => {
    if (!confirming) return;
    try {
      const { retried } = await retry.mutateAsync(confirming.kind);
      toast.success(
        retried === 1 ? '1 job queued again' : `${numberFormat.format(retried)} jobs queued again`,
      );
      setConfirming(null);
    } catch (error) {
      toast.error('Could not retry the jobs', { description: readApiError(error).message });
    }
  };

  return (
    <Card aria-labelledby="outbox-title">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle id="outbox-title">Background jobs</CardTitle>
          <CardDescription>
            E-mail, webhooks, sealing and imports go through the outbox. A job that failed every try is
            dead-lettered here until retried.
          </CardDescription>
        </div>
        {outbox.failed > 0 ? (
          <Button className="shrink-0 self-start" onClick={() => setConfirming({ count: outbox.failed })}>
            <RotateCcw aria-hidden="true" />
            Retry all failed
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Outbox">
          <Stat label="Pending" value={numberFormat.format(outbox.pending)} />
          <Stat label="Processing" value={numberFormat.format(outbox.processing)} />
          <Stat label="Failed" value={numberFormat.format(outbox.failed)} />
          <Stat
            label="Oldest due"
            value={outbox.oldestPending ? dateTimeFormat.format(new Date(outbox.oldestPending)) : '—'}
            detail={outbox.oldestPending ? 'waiting for a worker' : 'nothing waiting'}
          />
        </dl>
        <div className="flex flex-wrap gap-2" aria-label="Failures by kind">
          {(Object.keys(groupLabels) as OutboxKindGroup[])
            .filter((group) => group !== 'other' || outbox.failedByGroup.other > 0)
            .map((group) => (
              <Badge key={group} variant={outbox.failedByGroup[group] > 0 ? 'danger' : 'neutral'}>
                {groupLabels[group]}: {numberFormat.format(outbox.failedByGroup[group] ?? 0)} failed
              </Badge>
            ))}
        </div>
        {outbox.kinds.length === 0 ? (
          <EmptyState
            icon={CircleCheck}
            title="The outbox is empty"
            description="No job is waiting or failed."
            className="py-6"
          />
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Jobs by kind">
            {outbox.kinds.map((kind) => (
              <li
                key={kind.kind}
                data-testid="outbox-kind"
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-6"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="text-sm font-semibold">{kindLabels[kind.kind] ?? kind.kind}</span>
                  <span className="font-mono text-xs text-muted-foreground">{kind.kind}</span>
                </div>
                <p className="text-xs text-muted-foreground sm:w-64 sm:shrink-0">
                  {numberFormat.format(kind.pending)} pending · {numberFormat.format(kind.processing)}{' '}
                  processing ·{' '}
                  <span className={kind.failed > 0 ? 'font-semibold text-red-700' : undefined}>
                    {numberFormat.format(kind.failed)} failed
                  </span>
                </p>
                <div className="flex sm:w-24 sm:shrink-0 sm:justify-end">
                  {kind.failed > 0 ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Retry ${kindLabels[kind.kind] ?? kind.kind}`}
                      onClick={() => setConfirming({ kind: kind.kind, count: kind.failed })}
                    >
                      Retry
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={
          confirming?.kind
            ? `Retry ${kindLabels[confirming.kind] ?? confirming.kind}?`
            : 'Retry every failed job?'
        }
        description={`${numberFormat.format(confirming?.count ?? 0)} failed job${confirming?.count === 1 ? '' : 's'} will be queued again with a fresh set of tries. Fix what made them fail first (a mail server, a webhook receiver), or they will fail again.`}
        confirmLabel="Retry"
        pendingLabel="Queuing…"
        pending={retry.isPending}
        onConfirm={() => void onRetry()}
      />
    </Card>
  );
}

function MailboxesCard({ health }: { health: PlatformHealth }) {
  const accounts = health.syncAccountsInError;
  return (
    <Card aria-labelledby="mailboxes-title">
      <CardHeader>
        <CardTitle id="mailboxes-title">Mailboxes in error</CardTitle>
        <CardDescription>
          Connected mailboxes whose sync fails; their owners see the error under Settings › Email.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {accounts.length === 0 ? (
          <EmptyState
            icon={CircleCheck}
            title="Every mailbox syncs"
            description="No sync error right now."
            className="py-6"
          />
        ) : (
          <>
            <ul
              className="divide-y divide-border rounded-lg border border-border"
              aria-label="Mailboxes in error"
            >
              {accounts.map((account) => (
                <li key={account.id} className="flex flex-col gap-1 px-4 py-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <MailWarning className="size-4 text-red-600" aria-hidden="true" />
                    <span className="text-sm font-semibold break-all">{account.email}</span>
                    <Badge>{account.organization}</Badge>
                  </div>
                  <p className="text-sm break-words text-red-800">{account.error ?? 'Unknown error'}</p>
                  <p className="text-xs text-muted-foreground">
                    {account.userEmail ? `Connected by ${account.userEmail}` : null}
                    {account.errorAt ? ` · since ${dateTimeFormat.format(new Date(account.errorAt))}` : null}
                  </p>
                </li>
              ))}
            </ul>
            {health.syncAccountsInErrorTotal > accounts.length ? (
              <p className="mt-3 text-xs text-muted-foreground">
                Showing {accounts.length} of {numberFormat.format(health.syncAccountsInErrorTotal)}.
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
