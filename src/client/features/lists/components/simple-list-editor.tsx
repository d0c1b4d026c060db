import { Ellipsis, Lock, Pencil, Plus, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ColorDot } from '../../../components/ui/color-input';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Notice } from '../../../components/ui/notice';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormError } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { DragHandle, type SortableHandleProps, SortableList } from '../../../components/ui/sortable-list';
import { Switch } from '../../../components/ui/switch';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { type ListEntry, useDeleteEntry, useListEntries, useReorderEntries, useUpdateEntry } from '../api';
import type { SimpleListConfig } from '../list-configs';
import { countLabel, sentenceCase, sortEntries } from '../list-model';
import { EntryFormDialog } from './entry-form-dialog';
import { ReadOnlyNotice } from './read-only-notice';

interface SimpleListEditorProps {
  config: SimpleListConfig;
  /** settings:update; without it the list is shown read-only. */
  canEdit: boolean;
}

type Editing = ListEntry | { new: true; type?: 'won' | 'loss' } | null;

/**
 * The editor of a name (+ colour, + order) list: lead sources, revenue types, deal and person
 * statuses, deal reasons (split into won and loss) and tags. Add and edit in a dialog, switch
 * entries on and off in place, drag (or use the keyboard) to reorder, delete with confirmation.
 */
export function SimpleListEditor({ config, canEdit }: SimpleListEditorProps) {
  const list = useListEntries(config.path);
  const update = useUpdateEntry(config.path);
  const remove = useDeleteEntry(config.path);
  const reorder = useReorderEntries(config.path);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ListEntry | null>(null);

  const entries = config.ordered ? sortEntries(list.data?.items ?? []) : (list.data?.items ?? []);

  const patch = async (entry: ListEntry, input: Record<string, unknown>, done: string) => {
    try {
      await update.mutateAsync({ entry, input });
      toast.success(done);
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
    }
  };

  const onReorder = useCallback(
    (ids: string[]) =>
      reorder.mutate(ids, {
        onError: (error) => toast.error('Error', { description: readApiError(error).message }),
      }),
    [reorder],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`${sentenceCase(config.singular)} deleted`, {
        description: `${deleting.name} was removed.`,
      });
      setDeleting(null);
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
    }
  };

  const groups = config.groups
    ? config.groups.map((group) => ({
        ...group,
        entries: entries.filter((entry) => entry.type === group.value),
      }))
    : [{ value: undefined, label: null, description: null, entries }];

  return (
    <div className="flex flex-col gap-5">
      {canEdit ? null : <ReadOnlyNotice />}
      {groups.map((group) => (
        <Card key={group.value ?? 'all'} className="overflow-hidden">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border px-4 py-3 sm:px-5">
            <div className="min-w-0">
              {group.label ? (
                <h3 className="text-sm font-semibold">{group.label}</h3>
              ) : (
                <p className="text-sm text-muted-foreground" aria-live="polite">
                  {list.isPending ? '' : countLabel(group.entries.length, config.singular, config.plural)}
                </p>
              )}
              {group.description ? (
                <p className="text-sm text-muted-foreground">{group.description}</p>
              ) : null}
            </div>
            {canEdit ? (
              <Button size="sm" onClick={() => setEditing({ new: true, type: group.value })}>
                <Plus aria-hidden="true" />
                {group.value
                  ? `Add ${group.value === 'won' ? 'won' : 'loss'} reason`
                  : sentenceCase(`Add ${config.singular}`)}
              </Button>
            ) : null}
          </div>
          {list.isPending ? (
            <LoadingRows />
          ) : list.isError ? (
            <div className="p-5">
              <FormError message={`Could not load ${config.plural}: ${readApiError(list.error).message}`} />
            </div>
          ) : group.entries.length === 0 ? (
            <EmptyState
              icon={config.icon}
              title={`No ${group.label ? group.label.toLowerCase() : config.plural} yet`}
              description={config.emptyDescription}
              className="py-10"
            />
          ) : (
            <>
              <ListHeader config={config} />
              <SortableList
                items={group.entries}
                getId={getId}
                getLabel={getName}
                onReorder={onReorder}
                disabled={!canEdit || !config.ordered}
                aria-label={group.label ?? sentenceCase(config.plural)}
                className="divide-y divide-border"
                renderItem={(entry, sortable) => (
                  <EntryRow
                    config={config}
                    entry={entry}
                    sortable={sortable}
                    canEdit={canEdit}
                    onEdit={() => setEditing(entry)}
                    onDelete={() => setDeleting(entry)}
                    onPatch={(input, done) => void patch(entry, input, done)}
                  />
                )}
              />
            </>
          )}
        </Card>
      ))}

      {config.usage ? <Notice title="How these are used">{config.usage}</Notice> : null}

      <EntryFormDialog
        config={config}
        entry={editing}
        entries={entries}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? ''}?`}
        description={
          config.ordered
            ? `Records that use this ${config.singular} keep their value, but it is no longer offered. To keep it for later, switch it off instead.`
            : `The ${config.singular} is removed from the list of suggestions. Records that carry it keep it.`
        }
        confirmLabel={sentenceCase(`Delete ${config.singular}`)}
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

const getId = (entry: ListEntry) => entry.id;
const getName = (entry: ListEntry) => entry.name;

/** The row grid: handle, name, one column per toggle, active, actions (phones: toggles below the name). */
function rowGrid(config: SimpleListConfig): string {
  if (!config.ordered) return 'grid-cols-[minmax(0,1fr)_2rem]';
  const toggles = config.toggles?.length ?? 0;
  return cn(
    'grid-cols-[2rem_minmax(0,1fr)_auto_2rem]',
    toggles === 2
      ? 'sm:grid-cols-[2rem_minmax(0,1fr)_7.5rem_7.5rem_3.5rem_2rem]'
      : 'sm:grid-cols-[2rem_minmax(0,1fr)_3.5rem_2rem]',
  );
}

/** Column names above the rows (wide screens). */
function ListHeader({ config }: { config: SimpleListConfig }) {
  return (
    <div
      className={cn(
        'hidden items-center gap-x-3 border-b border-border bg-muted/50 px-3 py-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase sm:grid sm:px-4',
        rowGrid(config),
      )}
      aria-hidden="true"
    >
      {config.ordered ? <span /> : null}
      <span className={cn(!config.ordered && 'pl-1')}>Name</span>
      {config.toggles?.map((toggle) => (
        <span key={toggle.key} title={toggle.description}>
          {toggle.label}
        </span>
      ))}
      {config.ordered ? <span>Active</span> : null}
      <span />
    </div>
  );
}

function EntryRow({
  config,
  entry,
  sortable,
  canEdit,
  onEdit,
  onDelete,
  onPatch,
}: {
  config: SimpleListConfig;
  entry: ListEntry;
  sortable: SortableHandleProps | null;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onPatch: (input: Record<string, unknown>, done: string) => void;
}) {
  const blocked = config.undeletable?.(entry) ?? null;
  const inactive = config.ordered && entry.isActive === false;
  return (
    <div
      className={cn(
        'grid items-center gap-x-3 gap-y-1.5 bg-surface px-3 py-2.5 sm:px-4',
        rowGrid(config),
        sortable?.isDragging && 'rounded-lg shadow-lg ring-1 ring-border',
      )}
    >
      {config.ordered ? (
        sortable ? (
          <DragHandle sortable={sortable} label={`Reorder ${entry.name}`} />
        ) : (
          <span />
        )
      ) : null}
      <div className={cn('flex min-w-0 items-center gap-2.5', !config.ordered && 'pl-1')}>
        {config.color ? <ColorDot color={entry.color ?? ''} className="size-3.5" /> : null}
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className={cn('text-sm font-medium break-words', inactive && 'text-muted-foreground')}>
              {entry.name}
            </span>
            {entry.isSystem ? (
              <Badge title="Created with your organization">
                <Lock className="size-3" aria-hidden="true" />
                System
              </Badge>
            ) : null}
            {inactive ? <Badge>Inactive</Badge> : null}
          </div>
          {entry.description ? (
            <p className="truncate text-xs text-muted-foreground">{entry.description}</p>
          ) : null}
        </div>
      </div>
      {config.toggles ? (
        // Phones: a line under the name; wide screens: a column each (display: contents).
        <div className="order-last col-span-3 col-start-2 flex flex-wrap gap-x-5 gap-y-2 sm:order-none sm:contents">
          {config.toggles.map((toggle) => (
            <label
              key={toggle.key}
              className="flex items-center gap-2 text-xs text-muted-foreground"
              title={toggle.description}
            >
              <Switch
                aria-label={`Show ${entry.name} in ${toggle.label.toLowerCase()}`}
                checked={entry[toggle.key] !== false}
                disabled={!canEdit}
                onCheckedChange={(checked) =>
                  onPatch(
                    { [toggle.key]: checked },
                    `${entry.name} ${checked ? 'shown' : 'hidden'} in ${toggle.label.toLowerCase()}`,
                  )
                }
              />
              <span className="sm:sr-only">{toggle.label}</span>
            </label>
          ))}
        </div>
      ) : null}
      {config.ordered ? (
        <Switch
          checked={entry.isActive !== false}
          disabled={!canEdit}
          aria-label={`${entry.name} active`}
          title={entry.isActive !== false ? 'Active: offered in forms' : 'Inactive: not offered in forms'}
          onCheckedChange={(checked) =>
            onPatch({ isActive: checked }, `${entry.name} ${checked ? 'activated' : 'deactivated'}`)
          }
        />
      ) : null}
      {canEdit ? (
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="size-8">
              <Ellipsis aria-hidden="true" />
              <span className="sr-only">Actions for {entry.name}</span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem onSelect={onEdit}>
              <Pencil aria-hidden="true" />
              Edit
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem destructive disabled={blocked !== null} onSelect={onDelete}>
              <Trash2 aria-hidden="true" />
              Delete
            </DropdownMenuItem>
            {blocked ? (
              <p className="max-w-56 px-2.5 pb-1.5 text-xs text-muted-foreground">{blocked}</p>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : (
        <span />
      )}
    </div>
  );
}

function LoadingRows() {
  return (
    <div role="status" className="divide-y divide-border" aria-busy="true" aria-label="Loading">
      {[0, 1, 2, 3].map((key) => (
        <div key={key} className="flex items-center gap-3 px-4 py-3.5">
          <Skeleton className="size-5" />
          <Skeleton className="h-4 w-48" />
          <Skeleton className="ml-auto h-5 w-10 rounded-full" />
        </div>
      ))}
    </div>
  );
}
