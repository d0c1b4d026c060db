import { Ban, Crown, Pencil, PlayCircle, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import {
  type PlatformOrganizationDetail,
  useDeletePlatformOrganization,
  usePlatformOrganization,
  useSetOrganizationSuspended,
} from '../api/organizations';
import { OrganizationEditForm } from './organization-edit-form';
import {
  formatActivity,
  formatCount,
  formatDate,
  formatStorage,
  planLabels,
  planTones,
  statusLabels,
  statusTones,
} from './organization-format';
import { StartSupportAccessButton } from './start-support-access-button';

interface OrganizationDetailDialogProps {
  organizationId: string | null;
  onClose: () => void;
}

/** One organization: usage, contract, members (with "Open as this user"), and the platform's actions on it. */
export function OrganizationDetailDialog({ organizationId, onClose }: OrganizationDetailDialogProps) {
  const [editing, setEditing] = useState(false);
  const close = () => {
    setEditing(false);
    onClose();
  };
  return (
    <Dialog open={organizationId !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent size="xl">
        {organizationId ? (
          <OrganizationDetail
            key={organizationId}
            id={organizationId}
            editing={editing}
            setEditing={setEditing}
            onDeleted={close}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function OrganizationDetail({
  id,
  editing,
  setEditing,
  onDeleted,
}: {
  id: string;
  editing: boolean;
  setEditing: (editing: boolean) => void;
  onDeleted: () => void;
}) {
  const detail = usePlatformOrganization(id);
  if (detail.isPending) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Organization</DialogTitle>
          <DialogDescription>Loading…</DialogDescription>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-40 w-full" />
        </DialogBody>
      </>
    );
  }
  if (detail.isError) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Organization</DialogTitle>
          <DialogDescription>It could not be loaded.</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <FormError message={readApiError(detail.error).message} />
        </DialogBody>
      </>
    );
  }
  const organization = detail.data;
  if (editing) {
    return <OrganizationEditForm organization={organization} onDone={() => setEditing(false)} />;
  }
  return (
    <OrganizationSummary organization={organization} onEdit={() => setEditing(true)} onDeleted={onDeleted} />
  );
}

function OrganizationSummary({
  organization,
  onEdit,
  onDeleted,
}: {
  organization: PlatformOrganizationDetail;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState<'suspend' | 'reactivate' | 'delete' | null>(null);
  const [typedName, setTypedName] = useState('');
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const setSuspended = useSetOrganizationSuspended();
  const remove = useDeletePlatformOrganization();
  const suspended = organization.status !== 'active';
  const { usage } = organization;
  const month = organization.analytics.reduce(
    (sum, day) => ({
      logins: sum.logins + day.totalLogins,
      apiCalls: sum.apiCalls + day.apiCalls,
      errors: sum.errors + day.errorCount,
    }),
    { logins: 0, apiCalls: 0, errors: 0 },
  );

  const changeStatus = async (suspend: boolean) => {
    try {
      await setSuspended.mutateAsync({ id: organization.id, suspended: suspend });
      toast.success(suspend ? 'Organization suspended' : 'Organization reactivated', {
        description: suspend
          ? `${organization.name}'s members were signed out and cannot sign in.`
          : `${organization.name}'s members can sign in again.`,
      });
      setConfirming(null);
    } catch (error) {
      toast.error(suspend ? 'Could not suspend' : 'Could not reactivate', {
        description: readApiError(error).message,
      });
      setConfirming(null);
    }
  };

  const confirmDelete = async () => {
    setDeleteError(null);
    try {
      await remove.mutateAsync({ id: organization.id, input: { confirm: typedName } });
      toast.success('Organization deleted', {
        description: `${organization.name} and all its data are gone.`,
      });
      setConfirming(null);
      onDeleted();
    } catch (error) {
      const { message, fieldErrors } = readApiError(error);
      setDeleteError(fieldErrors.confirm ?? message);
    }
  };

  return (
    <>
      <DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <DialogTitle className="break-all">{organization.name}</DialogTitle>
          <Badge variant={statusTones[organization.status]}>{statusLabels[organization.status]}</Badge>
          <Badge variant={planTones[organization.planType]}>{planLabels[organization.planType]}</Badge>
        </div>
        <DialogDescription>
          {organization.subdomain} · {organization.industrySector} · created{' '}
          {formatDate(organization.createdAt)}
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-6">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Stat
            label="Active users"
            value={`${formatCount(usage.activeUsers)} / ${formatCount(usage.maxUsers)}`}
          >
            {formatCount(usage.totalUsers)} in all
          </Stat>
          <Stat label="Storage" value={formatStorage(usage.storageUsed)} />
          <Stat label="API calls this month" value={formatCount(usage.apiCallsMonth)} />
          <Stat label="Last activity" value={formatActivity(usage.lastActivity)} />
        </dl>

        <div className="grid gap-4 sm:grid-cols-2">
          <section className="rounded-xl border border-border p-4">
            <h3 className="text-sm font-semibold">Contract and billing</h3>
            <dl className="mt-2 grid grid-cols-[8rem_minmax(0,1fr)] gap-y-1.5 text-sm">
              <dt className="text-muted-foreground">Billing e-mail</dt>
              <dd className="truncate">{organization.billingEmail ?? '—'}</dd>
              <dt className="text-muted-foreground">Contract</dt>
              <dd>
                {organization.contractStart || organization.contractEnd
                  ? `${formatDate(organization.contractStart) || '…'} – ${formatDate(organization.contractEnd) || '…'}`
                  : '—'}
              </dd>
              <dt className="text-muted-foreground">Seats</dt>
              <dd>{formatCount(organization.maxUsers)}</dd>
            </dl>
          </section>
          <section className="rounded-xl border border-border p-4">
            <h3 className="text-sm font-semibold">Last 30 days</h3>
            {organization.analytics.length === 0 ? (
              <p className="mt-2 text-sm text-muted-foreground">No activity collected yet.</p>
            ) : (
              <dl className="mt-2 grid grid-cols-[8rem_minmax(0,1fr)] gap-y-1.5 text-sm">
                <dt className="text-muted-foreground">Sign-ins</dt>
                <dd>{formatCount(month.logins)}</dd>
                <dt className="text-muted-foreground">API calls</dt>
                <dd>{formatCount(month.apiCalls)}</dd>
                <dt className="text-muted-foreground">Errors</dt>
                <dd>{formatCount(month.errors)}</dd>
              </dl>
            )}
          </section>
        </div>

        <section aria-labelledby="organization-users-heading">
          <h3 id="organization-users-heading" className="text-sm font-semibold">
            Users <span className="font-normal text-muted-foreground">({formatCount(usage.totalUsers)})</span>
          </h3>
          <ul className="mt-2 divide-y divide-border rounded-xl border border-border">
            {organization.users.map((user) => {
              const name = `${user.firstName} ${user.lastName}`;
              return (
                <li
                  key={user.id}
                  className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-1.5">
                      <span className="truncate text-sm font-medium">{name}</span>
                      {user.isOwner ? (
                        <Badge variant="primary">
                          <Crown className="size-3" aria-hidden="true" />
                          Owner
                        </Badge>
                      ) : null}
                      {user.isSuperAdmin ? (
                        <Badge variant="warning">
                          <ShieldCheck className="size-3" aria-hidden="true" />
                          Super admin
                        </Badge>
                      ) : null}
                      {user.status !== 'active' ? <Badge>Inactive</Badge> : null}
                    </div>
                    <p className="truncate text-xs text-muted-foreground">
                      {user.email} · {user.role === 'admin' ? 'Admin' : 'User'}
                    </p>
                  </div>
                  {user.status === 'active' && !suspended ? (
                    <StartSupportAccessButton
                      organizationId={organization.id}
                      userId={user.id}
                      userName={name}
                    />
                  ) : null}
                </li>
              );
            })}
          </ul>
          {organization.users.length < usage.totalUsers ? (
            <p className="mt-2 text-xs text-muted-foreground">
              The first {organization.users.length} users are shown.
            </p>
          ) : null}
        </section>
      </DialogBody>
      <DialogFooter className="sm:justify-between">
        <Button
          variant="ghost"
          className="text-destructive"
          onClick={() => {
            setTypedName('');
            setDeleteError(null);
            setConfirming('delete');
          }}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {suspended ? (
            <Button variant="secondary" onClick={() => setConfirming('reactivate')}>
              <PlayCircle aria-hidden="true" />
              Reactivate
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming('suspend')}>
              <Ban aria-hidden="true" />
              Suspend
            </Button>
          )}
          <Button onClick={onEdit}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        </div>
      </DialogFooter>

      <ConfirmDialog
        open={confirming === 'suspend' || confirming === 'reactivate'}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={
          confirming === 'reactivate' ? `Reactivate ${organization.name}?` : `Suspend ${organization.name}?`
        }
        description={
          confirming === 'reactivate'
            ? 'Its members can sign in again and its API keys work again.'
            : 'Every member is signed out at once and sign-in answers “This organization is suspended”. API keys stop. Its data is kept.'
        }
        confirmLabel={confirming === 'reactivate' ? 'Reactivate' : 'Suspend'}
        pendingLabel={confirming === 'reactivate' ? 'Reactivating…' : 'Suspending…'}
        pending={setSuspended.isPending}
        onConfirm={() => changeStatus(confirming === 'suspend')}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={`Delete ${organization.name}?`}
        description="Its users, records, files and audit trail are deleted for good. This cannot be undone."
        confirmLabel="Delete organization"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        confirmDisabled={typedName.trim() !== organization.name.trim()}
        onConfirm={confirmDelete}
      >
        <FormField
          id="delete-organization-name"
          label={
            <>
              Type <strong className="font-semibold">{organization.name}</strong> to confirm
            </>
          }
          error={deleteError ?? undefined}
        >
          <Input
            {...fieldA11y('delete-organization-name', deleteError ?? undefined)}
            value={typedName}
            autoComplete="off"
            onChange={(event) => setTypedName(event.target.value)}
          />
        </FormField>
      </ConfirmDialog>
    </>
  );
}

function Stat({ label, value, children }: { label: string; value: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">{value}</dd>
      {children ? <dd className="text-xs text-muted-foreground">{children}</dd> : null}
    </div>
  );
}
