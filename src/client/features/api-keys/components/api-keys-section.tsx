import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { can } from '../../../../common/permissions';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import { type ApiKey, useApiKeys, useDeleteApiKey, useRevokeApiKey } from '../api';
import { apiKeyLevelText, CreateApiKeyDialog } from './create-api-key-dialog';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const statusBadges: Record<ApiKey['status'], { label: string; variant: BadgeVariant }> = {
  active: { label: 'Active', variant: 'success' },
  expired: { label: 'Expired', variant: 'warning' },
  revoked: { label: 'Revoked', variant: 'neutral' },
};

/** The strongest level names the key's access (the levels add up). */
function accessOf(key: ApiKey): string {
  const level = (['admin', 'write', 'read'] as const).find((l) => key.permissions.includes(l)) ?? 'read';
  return apiKeyLevelText[level].label;
}

/** /integrations › API keys: the organization's keys; created and revoked with settings:update. */
export function ApiKeysSection() {
  const user = useSignedInUser();
  const canChange = can(user, 'settings', 'update');
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const items = keys.data?.items ?? [];

  return (
    <Card aria-labelledby="api-keys-title">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle id="api-keys-title">API keys</CardTitle>
          <CardDescription>
            Let other tools read and change your Locus data through the API. A key acts as the person who made
            it, never beyond what they may do, and may make a limited number of requests a minute.
          </CardDescription>
        </div>
        {canChange && keys.isSuccess ? (
          <Button className="shrink-0 self-start" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Create API key
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {keys.isPending ? (
          <div role="status" className="flex flex-col gap-3" aria-busy="true" aria-label="Loading API keys">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : keys.isError ? (
          <FormError message={`Could not load the API keys: ${readApiError(keys.error).message}`} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={KeyRound}
            title="No API keys yet"
            description={
              canChange
                ? 'Create one to connect Zapier, a script or your own app.'
                : 'Someone who can change settings can create one.'
            }
            className="py-8"
          />
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border" aria-label="API keys">
            {items.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} canChange={canChange} />
            ))}
          </ul>
        )}
      </CardContent>
      {canChange ? <CreateApiKeyDialog open={creating} onOpenChange={setCreating} /> : null}
    </Card>
  );
}

function ApiKeyRow({ apiKey, canChange }: { apiKey: ApiKey; canChange: boolean }) {
  const revoke = useRevokeApiKey();
  const remove = useDeleteApiKey();
  const [confirming, setConfirming] = useState<'revoke' | 'delete' | null>(null);
  const badge = statusBadges[apiKey.status];
  const pending = revoke.isPending || remove.isPending;

  const onConfirm = async () => {
    try {
      if (confirming === 'revoke') {
        await revoke.mutateAsync(apiKey.id);
        toast.success('API key revoked', { description: `“${apiKey.name}” no longer works.` });
      } else {
        await remove.mutateAsync(apiKey.id);
        toast.success('API key deleted');
      }
      setConfirming(null);
    } catch (error) {
      toast.error(confirming === 'revoke' ? 'Could not revoke the key' : 'Could not delete the key', {
        description: readApiError(error).message,
      });
    }
  };

  return (
    <li
      className="flex flex-col gap-3 px-4 py-3 lg:flex-row lg:items-center lg:gap-6"
      data-testid="api-key-row"
      aria-label={apiKey.name}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate text-sm font-semibold">{apiKey.name}</span>
          <Badge variant={badge.variant}>{badge.label}</Badge>
          <Badge variant="primary">{accessOf(apiKey)}</Badge>
        </div>
        <p className="text-xs text-muted-foreground">
          <span className="font-mono">{apiKey.keyPrefix}…</span>
          {' · '}created {dateFormat.format(new Date(apiKey.createdAt))}
          {apiKey.createdByName ? ` by ${apiKey.createdByName}` : ''}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-xs sm:flex sm:gap-6 lg:shrink-0">
        <div className="flex flex-col">
          <dt className="text-muted-foreground">Last used</dt>
          <dd>{apiKey.lastUsed ? dateTimeFormat.format(new Date(apiKey.lastUsed)) : 'Never'}</dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-muted-foreground">{apiKey.status === 'revoked' ? 'Revoked' : 'Expires'}</dt>
          <dd>
            {apiKey.status === 'revoked' && apiKey.revokedAt
              ? dateFormat.format(new Date(apiKey.revokedAt))
              : apiKey.expiresAt
                ? dateFormat.format(new Date(apiKey.expiresAt))
                : 'Never'}
          </dd>
        </div>
      </dl>
      {canChange ? (
        <div className="flex lg:w-24 lg:shrink-0 lg:justify-end">
          {apiKey.status === 'revoked' ? (
            <Button variant="ghost" size="sm" onClick={() => setConfirming('delete')}>
              Delete
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              onClick={() => setConfirming('revoke')}
              aria-label={`Revoke ${apiKey.name}`}
            >
              Revoke
            </Button>
          )}
        </div>
      ) : null}
      {canChange ? (
        <ConfirmDialog
          open={confirming !== null}
          onOpenChange={(open) => !open && setConfirming(null)}
          title={confirming === 'delete' ? 'Delete this API key?' : `Revoke “${apiKey.name}”?`}
          description={
            confirming === 'delete'
              ? 'It disappears from this list. The audit log keeps a record of it.'
              : 'Every tool using it stops at once: their next request is refused. This cannot be undone.'
          }
          confirmLabel={confirming === 'delete' ? 'Delete' : 'Revoke key'}
          pendingLabel={confirming === 'delete' ? 'Deleting…' : 'Revoking…'}
          pending={pending}
          onConfirm={() => void onConfirm()}
        />
      ) : null}
    </li>
  );
}
