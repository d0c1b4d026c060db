import { CircleAlert, Inbox, Mail, Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Progress } from '../../../components/ui/progress';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { type EmailAccount, isActiveJob, useDeleteEmailAccount, useEmailAccounts, useSyncNow } from '../api';
import { mailboxStatus, providerLabels, timeAgo } from '../mailbox-status';
import { MailboxDialog } from './mailbox-dialog';

/** What the OAuth callback left in the address (?connected=1 or ?error=…), read once and cleared. */
function useSignInOutcome() {
  const [outcome] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    return { connected: params.get('connected') === '1', error: params.get('error') };
  });
  useEffect(() => {
    if (outcome.connected) toast.success('Mailbox connected: its first sync has started');
    if (outcome.connected || outcome.error) {
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
  }, [outcome]);
  return outcome.error;
}

/** Settings › Email: the signed-in user's own mailboxes, their sync state, and connecting one. */
export function MailboxesSection() {
  const { data, isPending, error } = useEmailAccounts();
  const [dialog, setDialog] = useState<EmailAccount | 'new' | null>(null);
  const signInError = useSignInOutcome();

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-base font-semibold">Your mailboxes</h3>
          <p className="text-sm text-muted-foreground">
            Only you see and manage your mailboxes. Mail with your leads, clients and companies appears on
            their pages.
          </p>
        </div>
        {data && data.items.length > 0 ? (
          <Button onClick={() => setDialog('new')}>
            <Plus className="size-4" aria-hidden="true" />
            Connect a mailbox
          </Button>
        ) : null}
      </div>
      {signInError ? <FormError message={signInError} /> : null}
      {isPending ? (
        <div role="status" className="flex flex-col gap-3" aria-busy="true" aria-label="Loading mailboxes">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : !data ? (
        <FormError message={`Could not load your mailboxes: ${readApiError(error).message}`} />
      ) : data.items.length === 0 ? (
        <Card>
          <EmptyState
            icon={Inbox}
            title="Connect your mailbox"
            description="Your mail with leads, clients and companies then appears on their pages, and you can send from Locus with your own address. Gmail, Outlook and any IMAP server work."
            action={
              <Button onClick={() => setDialog('new')}>
                <Plus className="size-4" aria-hidden="true" />
                Connect a mailbox
              </Button>
            }
          />
        </Card>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Mailboxes">
          {data.items.map((account) => (
            <li key={account.id}>
              <MailboxCard account={account} onEdit={() => setDialog(account)} />
            </li>
          ))}
        </ul>
      )}
      <MailboxDialog account={dialog} onOpenChange={(open) => !open && setDialog(null)} />
    </div>
  );
}

const toneOf = { success: 'success', primary: 'primary', danger: 'danger', neutral: 'neutral' } as const;

function MailboxCard({ account, onEdit }: { account: EmailAccount; onEdit: () => void }) {
  const status = mailboxStatus(account);
  const syncNow = useSyncNow();
  const remove = useDeleteEmailAccount();
  const [confirming, setConfirming] = useState(false);
  const running = isActiveJob(account.latestSyncJob) || account.syncStatus === 'syncing';
  const titleId = `mailbox-${account.id}`;

  return (
    <Card aria-labelledby={titleId} className="p-4 sm:p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
            <Mail className="size-5" aria-hidden="true" />
          </div>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h4 id={titleId} className="truncate font-semibold">
                {account.email}
              </h4>
              <Badge variant={toneOf[status.tone]} data-testid="mailbox-status">
                {status.tone === 'primary' ? <Spinner className="size-3" /> : null}
                {status.label}
              </Badge>
            </div>
            <p className="mt-0.5 text-sm text-muted-foreground">
              {providerLabels[account.provider]}
              {account.authType === 'oauth'
                ? ' · signed in with ' + (account.provider === 'gmail' ? 'Google' : 'Microsoft')
                : ''}
              {account.displayName ? ` · ${account.displayName}` : ''}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 sm:shrink-0">
          <Button
            variant="secondary"
            size="sm"
            disabled={running || syncNow.isPending}
            onClick={() =>
              syncNow.mutate(account.id, {
                onError: (error) => toast.error(`Could not start a sync: ${readApiError(error).message}`),
              })
            }
          >
            <RefreshCw className={running ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
            {running ? 'Syncing…' : 'Sync now'}
          </Button>
          <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${account.email}`}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setConfirming(true)}
            aria-label={`Remove ${account.email}`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Remove
          </Button>
        </div>
      </div>
      {status.progress ? (
        <div className="mt-4 flex flex-col gap-1.5">
          <Progress value={status.percent ?? 0} aria-label={`Sync progress of ${account.email}`} />
          <p className="text-xs text-muted-foreground">{status.progress} messages</p>
        </div>
      ) : null}
      {status.detail ? (
        <div className="mt-4 flex gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <span className="font-semibold">The last sync failed: </span>
            {status.detail}
          </p>
        </div>
      ) : null}
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-muted-foreground">Last sync</dt>
          <dd title={account.lastSyncAt ? new Date(account.lastSyncAt).toLocaleString() : undefined}>
            {account.lastSyncAt ? timeAgo(account.lastSyncAt) : 'Never'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Messages imported</dt>
          <dd>{account.messagesImported.toLocaleString('en-US')}</dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-xs text-muted-foreground">Folders</dt>
          <dd className="truncate">{account.folderWhitelist.join(', ') || 'All'}</dd>
        </div>
      </dl>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${account.email}?`}
        description="Remove mailbox and its synced mail from Locus? Nothing is deleted from the mail server."
        confirmLabel="Remove mailbox"
        pendingLabel="Removing…"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(account.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success('Mailbox removed');
            },
            onError: (error) => toast.error(`Could not remove the mailbox: ${readApiError(error).message}`),
          })
        }
      />
    </Card>
  );
}
