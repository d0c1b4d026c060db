import { Pencil, Plus, Trash2, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { can } from '../../../../common/permissions';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { Tooltip } from '../../../components/ui/tooltip';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import { type TeamItem, useDeleteTeam, useTeams } from '../api';
import { countOverrides } from '../permission-matrix-model';
import { TeamFormDialog } from './team-form-dialog';

/** The Teams tab: teams with member counts, and create/edit/delete. */
export function TeamsPanel() {
  const me = useSignedInUser();
  const teams = useTeams();
  const deleteTeam = useDeleteTeam();
  const [editing, setEditing] = useState<TeamItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TeamItem | null>(null);
  const permissions = {
    create: can(me, 'teams', 'create'),
    update: can(me, 'teams', 'update'),
    remove: can(me, 'teams', 'delete'),
    managePermissions: can(me, 'teams', 'manage_permissions'),
  };
  const rows = teams.data?.items ?? [];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteTeam.mutateAsync(deleting.id);
      toast.success('Team deleted', { description: `${deleting.name} was removed.` });
      setDeleting(null);
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
    }
  };

  const addButton = permissions.create ? (
    <Button onClick={() => setEditing('new')}>
      <Plus aria-hidden="true" />
      New team
    </Button>
  ) : null;

  return (
    <Card className="overflow-hidden">
      <div className="flex items-center justify-between gap-3 border-b border-border p-4 sm:px-5">
        <p className="text-sm text-muted-foreground">
          {teams.isPending ? '' : `${rows.length} ${rows.length === 1 ? 'team' : 'teams'}`}
        </p>
        {rows.length > 0 ? addButton : null}
      </div>
      {teams.isPending ? (
        <div role="status" className="flex flex-col gap-3 p-5" aria-busy="true" aria-label="Loading teams">
          <Skeleton className="h-5 w-56" />
          <Skeleton className="h-5 w-72" />
          <Skeleton className="h-5 w-48" />
        </div>
      ) : teams.isError ? (
        <div className="p-5">
          <FormError message={`Could not load teams: ${readApiError(teams.error).message}`} />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={UsersRound}
          title="No teams yet"
          description="Group people who work together, such as acquisitions or closing, and give the whole team the same permissions."
          action={addButton}
        />
      ) : (
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Team</TableHead>
              <TableHead>Members</TableHead>
              <TableHead className="hidden sm:table-cell">Permissions</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="w-24">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((team) => {
              const custom = countOverrides(team.permissions);
              return (
                <TableRow key={team.id}>
                  <TableCell>
                    <div className="font-medium">{team.name}</div>
                    {team.description ? (
                      <div className="max-w-md truncate text-sm text-muted-foreground">
                        {team.description}
                      </div>
                    ) : null}
                  </TableCell>
                  <TableCell className="tabular-nums">
                    {team.memberCount} {team.memberCount === 1 ? 'member' : 'members'}
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground sm:table-cell">
                    {custom === 0 ? 'Role defaults' : `${custom} custom ${custom === 1 ? 'rule' : 'rules'}`}
                  </TableCell>
                  <TableCell>
                    <Badge variant={team.status === 'active' ? 'success' : 'neutral'}>
                      {team.status === 'active' ? 'Active' : 'Inactive'}
                    </Badge>
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      {permissions.update ? (
                        <Tooltip content="Edit team">
                          <Button
                            variant="ghost"
                            size="icon"
                            className="size-8"
                            onClick={() => setEditing(team)}
                          >
                            <Pencil aria-hidden="true" />
                            <span className="sr-only">Edit {team.name}</span>
                          </Button>
                        </Tooltip>
                      ) : null}
                      {permissions.remove ? (
                        <Tooltip content="Delete team">
                          <Button
                            variant="ghost"
                            size="icon"
                            className="size-8 text-destructive hover:bg-red-50"
                            onClick={() => setDeleting(team)}
                          >
                            <Trash2 aria-hidden="true" />
                            <span className="sr-only">Delete {team.name}</span>
                          </Button>
                        </Tooltip>
                      ) : null}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <TeamFormDialog
        team={editing}
        onOpenChange={(open) => !open && setEditing(null)}
        canManagePermissions={permissions.managePermissions}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'team'}?`}
        description={
          deleting && deleting.memberCount > 0
            ? `Its ${deleting.memberCount} ${deleting.memberCount === 1 ? 'member stays' : 'members stay'} in your organization with their role, without this team’s permissions.`
            : 'The team is removed. This cannot be undone.'
        }
        confirmLabel="Delete team"
        pendingLabel="Deleting…"
        pending={deleteTeam.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </Card>
  );
}
