import {
  CircleAlert,
  KeyRound,
  Pencil,
  Plus,
  RotateCcw,
  Send,
  Trash2,
  Webhook as WebhookIcon,
} from 'lucide-react';
import { useState } from 'react';
import { can } from '../../../../common/permissions';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import { timeAgo } from '../../email-accounts/mailbox-status';
import {
  useDeleteWebhook,
  useRedeliver,
  useRotateSecret,
  useSendTest,
  useUpdateWebhook,
  useWebhookLogs,
  useWebhooks,
  type Webhook,
} from '../api';
import { eventLabels, WebhookDialog, WebhookSecretDialog } from './webhook-dialog';

/** The Webhooks tab of /integrations: the organization's webhooks, their health and deliveries. */
export function WebhooksSection() {
  const user = useSignedInUser();
  const mayChange = can(user, 'settings', 'update');
  const { data, isPending, error } = useWebhooks();
  const [dialog, setDialog] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<{ secret: string; name: string } | null>(null);

  const addButton = mayChange ? (
    <Button onClick={() => setDialog('new')}>
      <Plus className="size-4" aria-hidden="true" />
      Add webhook
    </Button>
  ) : null;

  return (
    <section className="flex flex-col gap-4" aria-labelledby="webhooks-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="webhooks-heading" className="text-base font-semibold">
            Webhooks
          </h2>
          <p className="text-sm text-muted-foreground">
            Tell other tools when leads, clients, deals and documents change. Each request is signed; failed
            deliveries are retried for about a day.
          </p>
        </div>
        {data && data.items.length > 0 ? addButton : null}
      </div>
      {isPending ? (
        <div role="status" className="flex flex-col gap-3" aria-busy="true" aria-label="Loading webhooks">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : !data ? (
        <FormError message={`Could not load webhooks: ${readApiError(error).message}`} />
      ) : data.items.length === 0 ? (
        <Card>
          <EmptyState
            icon={WebhookIcon}
            title="No webhooks yet"
            description="Add a webhook to send events such as “deal stage changed” or “document completed” to Zapier, your own server, or any URL."
            action={addButton}
          />
        </Card>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Webhooks">
          {data.items.map((webhook) => (
            <li key={webhook.id}>
              <WebhookCard
                webhook={webhook}
                mayChange={mayChange}
                onEdit={() => setDialog(webhook)}
                onSecret={(value) => setSecret({ secret: value, name: webhook.name })}
              />
            </li>
          ))}
        </ul>
      )}
      <WebhookDialog
        webhook={dialog}
        onOpenChange={(open) => !open && setDialog(null)}
        onCreated={(value, name) => setSecret({ secret: value, name })}
      />
      <WebhookSecretDialog shown={secret} onClose={() => setSecret(null)} />
    </section>
  );
}

function statusOf(webhook: Webhook) {
  if (webhook.status === 'error') return { label: 'Disabled after failures', variant: 'danger' as const };
  if (webhook.status === 'inactive') return { label: 'Off', variant: 'neutral' as const };
  const health = webhook.health;
  if (health && health.recentFailures > 0 && health.lastDeliveryStatus === 'failed')
    return { label: 'Failing', variant: 'warning' as const };
  return { label: 'Active', variant: 'success' as const };
}

function WebhookCard({
  webhook,
  mayChange,
  onEdit,
  onSecret,
}: {
  webhook: Webhook;
  mayChange: boolean;
  onEdit: () => void;
  onSecret: (secret: string) => void;
}) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const sendTest = useSendTest();
  const rotate = useRotateSecret();
  const [confirming, setConfirming] = useState<'delete' | 'rotate' | null>(null);
  const [showLogs, setShowLogs] = useState(false);
  const status = statusOf(webhook);
  const health = webhook.health;
  const titleId = `webhook-${webhook.id}`;
  const on = webhook.status === 'active';

  return (
    <Card aria-labelledby={titleId} className="p-4 sm:p-5" data-testid="webhook-card">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="truncate font-semibold">
              {webhook.name}
            </h3>
            <Badge variant={status.variant} data-testid="webhook-status">
              {status.label}
            </Badge>
          </div>
          <p className="mt-0.5 truncate font-mono text-sm text-muted-foreground" title={webhook.config.url}>
            {webhook.config.method} {webhook.config.url}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">
            {webhook.config.events.map((event) => eventLabels[event] ?? event).join(' · ')}
          </p>
        </div>
        {mayChange ? (
          <div className="flex flex-wrap items-center gap-2 sm:shrink-0">
            <label className="flex items-center gap-2 text-sm">
              <Switch
                checked={on}
                disabled={update.isPending}
                aria-label={`${on ? 'Turn off' : 'Turn on'} ${webhook.name}`}
                onCheckedChange={(checked) =>
                  update.mutate(
                    { id: webhook.id, changes: { status: checked ? 'active' : 'inactive' } },
                    { onError: (error) => toast.error(readApiError(error).message) },
                  )
                }
              />
              {on ? 'On' : 'Off'}
            </label>
            <Button
              variant="secondary"
              size="sm"
              disabled={sendTest.isPending}
              onClick={() =>
                sendTest.mutate(webhook.id, {
                  onSuccess: () => {
                    toast.success('Test event queued');
                    setShowLogs(true);
                  },
                  onError: (error) => toast.error(readApiError(error).message),
                })
              }
            >
              <Send className="size-4" aria-hidden="true" />
              Send test
            </Button>
            <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${webhook.name}`}>
              <Pencil className="size-4" aria-hidden="true" />
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setConfirming('rotate')}
              aria-label={`New secret for ${webhook.name}`}
            >
              <KeyRound className="size-4" aria-hidden="true" />
              New secret
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setConfirming('delete')}
              aria-label={`Delete ${webhook.name}`}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Delete
            </Button>
          </div>
        ) : null}
      </div>
      {webhook.status === 'error' && webhook.errorMessage ? (
        <div className="mt-4 flex gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{webhook.errorMessage}. Fix the receiver, then turn the webhook back on.</p>
        </div>
      ) : null}
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-muted-foreground">Last delivery</dt>
          <dd data-testid="webhook-last-delivery">
            {health?.lastDeliveryAt
              ? `${timeAgo(health.lastDeliveryAt)} · ${health.lastDeliveryStatus === 'delivered' ? 'delivered' : 'failed'}${health.lastResponseStatus ? ` (${health.lastResponseStatus})` : ''}`
              : 'Never'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Last 24 hours</dt>
          <dd data-testid="webhook-failures">
            {health && health.recentDeliveries > 0
              ? `${health.recentFailures} of ${health.recentDeliveries} attempts failed`
              : 'No attempts'}
          </dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <Button
            variant="ghost"
            size="sm"
            className="h-auto p-0"
            aria-expanded={showLogs}
            onClick={() => setShowLogs(!showLogs)}
          >
            {showLogs ? 'Hide deliveries' : 'Recent deliveries'}
          </Button>
        </div>
      </dl>
      {showLogs ? <DeliveryList webhook={webhook} mayChange={mayChange} /> : null}
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Delete ${webhook.name}?`}
        description="Delete this webhook and its delivery log? Events stop going to its URL at once."
        confirmLabel="Delete webhook"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => {
          // Stop asking for its deliveries first: they go with it (a poll after would be a 404).
          setShowLogs(false);
          remove.mutate(webhook.id, {
            onSuccess: () => {
              setConfirming(null);
              toast.success('Webhook deleted');
            },
            onError: (error) => toast.error(readApiError(error).message),
          });
        }}
      />
      <ConfirmDialog
        open={confirming === 'rotate'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`New secret for ${webhook.name}?`}
        description="Deliveries are signed with the new secret from now on; your receiver must switch to it."
        confirmLabel="Make a new secret"
        pendingLabel="Making…"
        pending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(webhook.id, {
            onSuccess: (answer) => {
              setConfirming(null);
              onSecret(answer.secret);
            },
            onError: (error) => toast.error(readApiError(error).message),
          })
        }
      />
    </Card>
  );
}

function DeliveryList({ webhook, mayChange }: { webhook: Webhook; mayChange: boolean }) {
  const logs = useWebhookLogs(webhook.id, true);
  const redeliver = useRedeliver();
  const items = logs.data?.pages.flatMap((page) => page.items) ?? [];
  if (logs.isPending)
    return <Skeleton className="mt-4 h-24 w-full" aria-busy="true" aria-label="Loading deliveries" />;
  if (logs.error) return <FormError className="mt-4" message={readApiError(logs.error).message} />;
  if (items.length === 0)
    return (
      <p className="mt-4 rounded-md border border-dashed p-4 text-sm text-muted-foreground">
        No deliveries yet. Use Send test, or change a record this webhook listens to.
      </p>
    );
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-sm" aria-label={`Deliveries of ${webhook.name}`}>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th className="py-1.5 pr-3 font-medium">When</th>
            <th className="py-1.5 pr-3 font-medium">Event</th>
            <th className="py-1.5 pr-3 font-medium">Result</th>
            <th className="hidden py-1.5 pr-3 font-medium sm:table-cell">Try</th>
            <th className="hidden py-1.5 pr-3 font-medium sm:table-cell">Time</th>
            <th className="py-1.5 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((log) => (
            <tr key={log.id} className="border-t align-top" data-testid="webhook-log">
              <td className="py-2 pr-3 whitespace-nowrap" title={new Date(log.createdAt).toLocaleString()}>
                {timeAgo(log.createdAt)}
              </td>
              <td className="py-2 pr-3 font-mono text-xs">{log.eventType}</td>
              <td className="py-2 pr-3">
                <Badge variant={log.status === 'delivered' ? 'success' : 'danger'}>
                  {log.status === 'delivered' ? 'Delivered' : 'Failed'}
                  {log.responseStatus ? ` · ${log.responseStatus}` : ''}
                </Badge>
                {log.errorMessage ? (
                  <p className="mt-1 max-w-xs text-xs break-words text-muted-foreground">
                    {log.errorMessage}
                  </p>
                ) : null}
              </td>
              <td className="hidden py-2 pr-3 sm:table-cell">{log.attempt}</td>
              <td className="hidden py-2 pr-3 sm:table-cell">{log.processingTime ?? '–'} ms</td>
              <td className="py-2 text-right">
                {mayChange ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={redeliver.isPending}
                    aria-label={`Redeliver ${log.eventType} from ${timeAgo(log.createdAt)}`}
                    onClick={() =>
                      redeliver.mutate(log.id, {
                        onSuccess: () => toast.success('Redelivery queued'),
                        onError: (error) => toast.error(readApiError(error).message),
                      })
                    }
                  >
                    <RotateCcw className="size-4" aria-hidden="true" />
                    <span className="hidden sm:inline">Redeliver</span>
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {logs.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          disabled={logs.isFetchingNextPage}
          onClick={() => logs.fetchNextPage()}
        >
          {logs.isFetchingNextPage ? 'Loading…' : 'Show older deliveries'}
        </Button>
      ) : null}
    </div>
  );
}
