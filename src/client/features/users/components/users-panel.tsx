import {
  Mail,
  Send,
  Crown,
  Ellipsis,
  KeyRound,
  Pencil,
  Search,
  Trash2,
  UserCheck,
  UserPlus,
  UserX,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { can } from '../../../../common/permissions';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { readApiError, isReloaded } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast, reloadedMessage } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSignedInUser } from '../../auth/signed-in-user';
import {
  type TeamItem,
  type UserItem,
  useDeleteUser,
  useResendInvitation,
  useUpdateUser,
  useUsers,
} from '../api';
import { roleLabel } from '../user-options';
import { CreateUserDialog, EditUserDialog } from './user-form-dialog';

const dateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** The Users tab: search, list with paging, and the add/edit/deactivate/delete actions. */
export function UsersPanel({ teams }: { teams: TeamItem[] | null }) {
  const me = useSignedInUser();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const users = useUsers(debouncedSearch);
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<UserItem | null>(null);
  const [deleting, setDeleting] = useState<UserItem | null>(null);

  const permissions = {
    create: can(me, 'users', 'create'),
    update: can(me, 'users', 'update'),
    remove: can(me, 'users', 'delete'),
    managePermissions: can(me, 'users', 'manage_permissions'),
  };
  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];
  const resendInvitation = useResendInvitation();
  const resend = async (user: UserItem) => {
    try {
      await resendInvitation.mutateAsync(user);
      toast.success('Invitation sent again', {
        description: `A new link went to ${user.email}; the old one no longer works.`,
      });
    } catch (error) {
      toast.error(readApiError(error).message);
    }
  };
  const total = users.data?.pages[0]?.total ?? 0;
  const teamName = (id: string | null) => (id ? teams?.find((team) => team.id === id)?.name : undefined);

  const setStatus = async (user: UserItem, status: UserItem['status']) => {
    try {
      const saved = await updateUser.mutateAsync({ user, input: { status } });
      if (isReloaded(saved)) {
        toast(reloadedMessage);
        return;
      }
      toast.success(status === 'active' ? 'User activated' : 'User deactivated', {
        description:
          status === 'active'
            ? `${user.firstName} ${user.lastName} can sign in again.`
            : `${user.firstName} ${user.lastName} can no longer sign in.`,
      });
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteUser.mutateAsync(deleting.id);
      toast.success('User deleted', {
        description: `${deleting.firstName} ${deleting.lastName} was removed.`,
      });
      setDeleting(null);
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
    }
  };

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center sm:justify-between sm:px-5">
        <div className="relative w-full sm:max-w-xs">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search by name or email"
            aria-label="Search users"
            className="pl-9"
          />
        </div>
        <div className="flex items-center justify-between gap-3 sm:justify-end">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {users.isPending ? '' : `${total} ${total === 1 ? 'user' : 'users'}`}
          </p>
          {permissions.create ? (
            <Button onClick={() => setCreating(true)}>
              <UserPlus aria-hidden="true" />
              Add user
            </Button>
          ) : null}
        </div>
      </div>

      {users.isPending ? (
        <LoadingRows />
      ) : users.isError ? (
        <div className="p-5">
          <FormError message={`Could not load users: ${readApiError(users.error).message}`} />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={Users}
          title={debouncedSearch ? 'No users found' : 'No users yet'}
          description={
            debouncedSearch
              ? `Nobody matches “${debouncedSearch}”. Try a name or an e-mail address.`
              : 'Add the people you work with so you can share leads, clients and deals.'
          }
        />
      ) : (
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Name</TableHead>
              <TableHead className="hidden sm:table-cell">Role</TableHead>
              <TableHead className="hidden md:table-cell">Team</TableHead>
              <TableHead className="hidden sm:table-cell">Status</TableHead>
              <TableHead className="hidden lg:table-cell">Added</TableHead>
              <TableHead className="w-12">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((user) => {
              const isSelf = user.id === me.id;
              // The owner's account is changed only by the owner (server rule); nobody deletes it.
              const canEdit = permissions.update && (!user.isOwner || isSelf);
              const canToggle = canEdit && !isSelf && !user.isOwner;
              const canDelete = permissions.remove && !isSelf && !user.isOwner;
              return (
                <TableRow key={user.id}>
                  <TableCell>
                    <div className="flex items-center gap-3">
                      <span
                        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary-soft-foreground"
                        aria-hidden="true"
                      >
                        {`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase()}
                      </span>
                      <div className="min-w-0">
                        <div className="flex items-center gap-2">
                          <span className="truncate font-medium">
                            {user.firstName} {user.lastName}
                          </span>
                          {user.isOwner ? (
                            <Badge variant="primary">
                              <Crown className="size-3" aria-hidden="true" />
                              Owner
                            </Badge>
                          ) : null}
                          {isSelf ? <span className="text-xs text-muted-foreground">(you)</span> : null}
                        </div>
                        <div className="max-w-56 truncate text-sm text-muted-foreground sm:max-w-none">
                          <span className="sm:hidden">{roleLabel(user.role)} · </span>
                          {user.email}
                        </div>
                        <StatusBadges user={user} className="mt-1.5 sm:hidden" />
                      </div>
                    </div>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">{roleLabel(user.role)}</TableCell>
                  <TableCell className="hidden text-muted-foreground md:table-cell">
                    {teamName(user.teamId) ?? '—'}
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <StatusBadges user={user} />
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">
                    {formatDate(user.createdAt)}
                  </TableCell>
                  <TableCell className="text-right">
                    {canEdit || canDelete || (permissions.create && user.invitationPending) ? (
                      <DropdownMenu modal={false}>
                        <DropdownMenuTrigger asChild>
                          <Button variant="ghost" size="icon" className="size-8">
                            <Ellipsis aria-hidden="true" />
                            <span className="sr-only">
                              Actions for {user.firstName} {user.lastName}
                            </span>
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent>
                          {canEdit ? (
                            <DropdownMenuItem onSelect={() => setEditing(user)}>
                              <Pencil aria-hidden="true" />
                              Edit
                            </DropdownMenuItem>
                          ) : null}
                          {permissions.create && user.invitationPending ? (
                            <DropdownMenuItem onSelect={() => void resend(user)}>
                              <Send aria-hidden="true" />
                              Resend invitation
                            </DropdownMenuItem>
                          ) : null}
                          {canToggle ? (
                            <DropdownMenuItem
                              onSelect={() =>
                                void setStatus(user, user.status === 'active' ? 'inactive' : 'active')
                              }
                            >
                              {user.status === 'active' ? (
                                <UserX aria-hidden="true" />
                              ) : (
                                <UserCheck aria-hidden="true" />
                              )}
                              {user.status === 'active' ? 'Deactivate' : 'Activate'}
                            </DropdownMenuItem>
                          ) : null}
                          {canDelete ? (
                            <>
                              {canEdit ? <DropdownMenuSeparator /> : null}
                              <DropdownMenuItem destructive onSelect={() => setDeleting(user)}>
                                <Trash2 aria-hidden="true" />
                                Delete
                              </DropdownMenuItem>
                            </>
                          ) : null}
                        </DropdownMenuContent>
                      </DropdownMenu>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}

      {users.hasNextPage ? (
        <div className="flex flex-col items-center gap-2 border-t border-border px-4 py-4">
          <p className="text-xs text-muted-foreground">
            Showing {rows.length} of {total}
          </p>
          <Button
            variant="secondary"
            onClick={() => void users.fetchNextPage()}
            disabled={users.isFetchingNextPage}
          >
            {users.isFetchingNextPage ? <Spinner /> : null}
            {users.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}

      <CreateUserDialog
        open={creating}
        onOpenChange={setCreating}
        teams={teams}
        canManagePermissions={permissions.managePermissions}
      />
      <EditUserDialog
        user={editing}
        onOpenChange={(open) => !open && setEditing(null)}
        teams={teams}
        canManagePermissions={permissions.managePermissions}
        isSelf={editing?.id === me.id}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.firstName ?? ''} ${deleting?.lastName ?? ''}?`}
        description="Their account is removed and they can no longer sign in. This cannot be undone. To keep their account for later, deactivate it instead."
        confirmLabel="Delete user"
        pendingLabel="Deleting…"
        pending={deleteUser.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </Card>
  );
}

function StatusBadges({ user, className }: { user: UserItem; className?: string }) {
  return (
    <div className={cn('flex flex-wrap gap-1.5', className)}>
      <Badge variant={user.status === 'active' ? 'success' : 'neutral'}>
        {user.status === 'active' ? 'Active' : 'Inactive'}
      </Badge>
      {user.invitationPending ? (
        <Badge variant="primary" title="Invited by e-mail, has not joined yet">
          <Mail className="size-3" aria-hidden="true" />
          Invited
        </Badge>
      ) : null}
      {user.mustChangePassword ? (
        <Badge variant="warning" title="Has not chosen a password yet">
          <KeyRound className="size-3" aria-hidden="true" />
          Temporary password
        </Badge>
      ) : null}
    </div>
  );
}

function LoadingRows() {
  return (
    <div role="status" className="divide-y divide-border" aria-busy="true" aria-label="Loading users">
      {[0, 1, 2, 3].map((key) => (
        <div key={key} className="flex items-center gap-3 px-4 py-3.5">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex-1">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="mt-1.5 h-3.5 w-56" />
          </div>
          <Skeleton className="hidden h-5 w-16 sm:block" />
        </div>
      ))}
    </div>
  );
}
