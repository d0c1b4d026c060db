import { Ellipsis, Landmark, Pencil, Plus, Trash2 } from 'lucide-react';
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
import { Notice } from '../../../components/ui/notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import { type StateRule, useDeleteStateRule, useStateRules } from '../api';
import { stateName } from '../../../../common/us-states';
import { StateRuleDialog } from './state-rule-dialog';

export const stateRulesNotice =
  'Rules differ by state and change over time. Verify each entry against current law before relying on it.';

/** Settings › State rules (surplus-funds organizations): what the team has verified per state. */
export function StateRulesSettings() {
  const user = useSignedInUser();
  const canEdit = can(user, 'settings', 'update');
  const rules = useStateRules();
  const remove = useDeleteStateRule();
  const [target, setTarget] = useState<StateRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StateRule | null>(null);
  const items = rules.data?.items ?? [];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success('State rule deleted', { description: `${stateName(deleting.state)} was removed.` });
      setDeleting(null);
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <Notice tone="warning" title="Check before you rely on it">
        {stateRulesNotice} Nothing here is filled in for you: each entry is what your team recorded.
      </Notice>
      {canEdit ? null : (
        <Notice>
          You can view the state rules. Changing them needs permission to update settings; ask an
          administrator.
        </Notice>
      )}
      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border px-4 py-3 sm:px-5">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {rules.isPending ? '' : `${items.length} ${items.length === 1 ? 'state' : 'states'} recorded`}
          </p>
          {canEdit ? (
            <Button size="sm" onClick={() => setTarget('new')}>
              <Plus aria-hidden="true" />
              Add state
            </Button>
          ) : null}
        </div>
        {rules.isPending ? (
          <LoadingRows />
        ) : rules.isError ? (
          <div className="p-5">
            <FormError message={`Could not load state rules: ${readApiError(rules.error).message}`} />
          </div>
        ) : items.length === 0 ? (
          <EmptyState
            icon={Landmark}
            title="No state rules recorded"
            description="Add the claim window and fee cap of the states you work in. Deals then suggest the claim deadline and warn when a fee is above the cap."
            action={
              canEdit ? (
                <Button onClick={() => setTarget('new')}>
                  <Plus aria-hidden="true" />
                  Add your first state
                </Button>
              ) : null
            }
          />
        ) : (
          <Table aria-label="State rules">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>State</TableHead>
                <TableHead className="text-right">Claim window</TableHead>
                <TableHead className="text-right">Fee cap</TableHead>
                <TableHead className="hidden md:table-cell">Assignment</TableHead>
                <TableHead className="hidden md:table-cell">Attorney</TableHead>
                <TableHead className="hidden lg:table-cell">Notes</TableHead>
                <TableHead className="w-12">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((rule) => (
                <TableRow key={rule.id}>
                  <TableCell>
                    <div className="flex items-center gap-2.5">
                      <span className="flex h-7 w-9 items-center justify-center rounded-md bg-muted font-mono text-xs font-semibold">
                        {rule.state}
                      </span>
                      <span className="font-medium">{stateName(rule.state)}</span>
                    </div>
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {rule.claimWindowDays === null ? <Unknown /> : `${rule.claimWindowDays} days`}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {rule.feeCapPercent === null ? <Unknown /> : `${rule.feeCapPercent}%`}
                  </TableCell>
                  <TableCell className="hidden md:table-cell">
                    <YesNo value={rule.assignmentAllowed} />
                  </TableCell>
                  <TableCell className="hidden md:table-cell">
                    <YesNo value={rule.attorneyRequired} />
                  </TableCell>
                  <TableCell
                    className="hidden max-w-72 truncate text-muted-foreground lg:table-cell"
                    title={rule.notes ?? undefined}
                  >
                    {rule.notes ?? ''}
                  </TableCell>
                  <TableCell className="text-right">
                    {canEdit ? (
                      <DropdownMenu modal={false}>
                        <DropdownMenuTrigger asChild>
                          <Button variant="ghost" size="icon" className="size-8">
                            <Ellipsis aria-hidden="true" />
                            <span className="sr-only">Actions for {stateName(rule.state)}</span>
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent>
                          <DropdownMenuItem onSelect={() => setTarget(rule)}>
                            <Pencil aria-hidden="true" />
                            Edit
                          </DropdownMenuItem>
                          <DropdownMenuSeparator />
                          <DropdownMenuItem destructive onSelect={() => setDeleting(rule)}>
                            <Trash2 aria-hidden="true" />
                            Delete
                          </DropdownMenuItem>
                        </DropdownMenuContent>
                      </DropdownMenu>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>

      <StateRuleDialog
        target={target}
        takenStates={items.map((rule) => rule.state)}
        onOpenChange={(open) => !open && setTarget(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete the rule for ${deleting ? stateName(deleting.state) : ''}?`}
        description="Deals in this state no longer get a suggested claim deadline or a fee-cap warning. Deals already saved keep their dates."
        confirmLabel="Delete rule"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

function Unknown() {
  return <span className="text-muted-foreground">Unknown</span>;
}

function YesNo({ value }: { value: boolean | null }) {
  if (value === null) return <Unknown />;
  return value ? <Badge variant="success">Yes</Badge> : <Badge>No</Badge>;
}

function LoadingRows() {
  return (
    <div role="status" className="divide-y divide-border" aria-busy="true" aria-label="Loading state rules">
      {[0, 1, 2].map((key) => (
        <div key={key} className="flex items-center gap-3 px-5 py-3.5">
          <Skeleton className="h-7 w-9" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="ml-auto h-4 w-16" />
        </div>
      ))}
    </div>
  );
}
