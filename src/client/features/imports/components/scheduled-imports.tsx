import { CalendarClock, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime } from '../../../components/data-table/format';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import {
  importEntityLabels,
  type PollingIntegration,
  useDeleteIntegration,
  usePollingIntegrations,
  useRunIntegration,
} from '../api';
import { intervalLabel } from '../polling-form';
import { PollingIntegrationDialog } from './polling-integration-dialog';

const statusTones = { active: 'success', inactive: 'neutral', error: 'danger' } as const;
const statusLabels = { active: 'Active', inactive: 'Paused', error: 'Error' } as const;

/** Scheduled imports (polling integrations): the list with last run, Run now, edit and delete. */
export function ScheduledImports({
  canManage,
  watchUntil,
  onRun,
}: {
  canManage: boolean;
  watchUntil?: number;
  onRun?: () => void;
}) {
  const list = usePollingIntegrations({ watchUntil });
  const [dialog, setDialog] = useState<PollingIntegration | 'new' | null>(null);
  const items = list.data?.items ?? [];

  return (
    <section aria-labelledby="scheduled-imports-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h3 id="scheduled-imports-title" className="text-base font-semibold">
            Scheduled imports
          </h3>
          <p className="text-sm text-muted-foreground">
            A published list (a county&apos;s excess-proceeds file, a partner&apos;s feed) fetched on a
            schedule.
          </p>
        </div>
        {canManage && items.length > 0 ? (
          <Button variant="secondary" onClick={() => setDialog('new')}>
            <Plus aria-hidden="true" />
            New scheduled import
          </Button>
        ) : null}
      </div>
      {list.isPending ? (
        <Skeleton className="h-24 w-full" aria-label="Loading scheduled imports" />
      ) : !list.data ? (
        <FormError message={`Could not load the scheduled imports: ${readApiError(list.error).message}`} />
      ) : items.length === 0 ? (
        <Card>
          <EmptyState
            icon={CalendarClock}
            title="No scheduled imports"
            description="Point Locus at a CSV or JSON address and it imports new and changed rows on a schedule, without duplicates."
            action={
              canManage ? (
                <Button onClick={() => setDialog('new')}>
                  <Plus aria-hidden="true" />
                  New scheduled import
                </Button>
              ) : undefined
            }
          />
        </Card>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Scheduled imports">
          {items.map((integration) => (
            <li key={integration.id}>
              <ScheduledImportCard
                integration={integration}
                canManage={canManage}
                onEdit={() => setDialog(integration)}
                onRun={onRun}
              />
            </li>
          ))}
        </ul>
      )}
      <PollingIntegrationDialog integration={dialog} onOpenChange={(open) => !open && setDialog(null)} />
    </section>
  );
}

function ScheduledImportCard({
  integration,
  canManage,
  onEdit,
  onRun,
}: {
  integration: PollingIntegration;
  canManage: boolean;
  onEdit: () => void;
  onRun?: () => void;
}) {
  const run = useRunIntegration();
  const remove = useDeleteIntegration();
  const [confirming, setConfirming] = useState(false);
  const titleId = `scheduled-${integration.id}`;
  const { config } = integration;

  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-3 p-4 sm:p-5" data-testid="scheduled-import">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h4 id={titleId} className="truncate font-semibold">
              {integration.name}
            </h4>
            <Badge variant={statusTones[integration.status]}>{statusLabels[integration.status]}</Badge>
          </div>
          <p className="mt-0.5 truncate text-sm text-muted-foreground" title={config.url}>
            {config.format.toUpperCase()} · {config.url}
          </p>
        </div>
        {canManage ? (
          <div className="flex flex-wrap gap-2 sm:shrink-0">
            <Button
              variant="secondary"
              size="sm"
              disabled={run.isPending}
              onClick={() =>
                run.mutate(integration.id, {
                  onSuccess: () => {
                    onRun?.();
                    toast.success('Run started: it shows in the import history');
                  },
                  onError: (error) => toast.error(`Could not start the run: ${readApiError(error).message}`),
                })
              }
            >
              <Play aria-hidden="true" />
              Run now
            </Button>
            <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${integration.name}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setConfirming(true)}
              aria-label={`Delete ${integration.name}`}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        ) : null}
      </div>
      {integration.errorMessage ? (
        <FormError message={`The last run failed: ${integration.errorMessage}`} />
      ) : null}
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-muted-foreground">Imports into</dt>
          <dd className="capitalize">{importEntityLabels[config.entityType]?.other ?? config.entityType}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Schedule</dt>
          <dd>{intervalLabel(config.intervalMinutes)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Id column</dt>
          <dd className="truncate">{config.externalIdColumn}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Last run</dt>
          <dd>{integration.lastSync ? formatDateTime(integration.lastSync) : 'Never'}</dd>
        </div>
      </dl>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${integration.name}?`}
        description="The schedule stops. Records it imported stay, and so does its import history."
        confirmLabel="Delete scheduled import"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(integration.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success('Scheduled import deleted');
            },
            onError: (error) => toast.error(`Could not delete: ${readApiError(error).message}`),
          })
        }
      />
    </Card>
  );
}
