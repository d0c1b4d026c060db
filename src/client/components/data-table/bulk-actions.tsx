import { useQuery } from '@tanstack/react-query';
import { CircleDot, Ellipsis, Tag, Tags, Trash2, UserRound, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { apiProgressRequest, apiRequest, readApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../ui/alert-dialog';
import { Button } from '../ui/button';
import { Dialog, DialogContent } from '../ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { Progress } from '../ui/progress';
import { Spinner } from '../ui/spinner';

// The value form validates with zod: it loads when a bulk change is first chosen.
const BulkValueForm = lazy(() =>
  import('./bulk-value-form').then((module) => ({ default: module.BulkValueForm })),
);
import { type FilterOption, formatCount } from './list-params';
import type { ListSelection } from './use-list-selection';
import { formatNumber } from './format';

/** A field the bulk "change" actions set on every selected record. */
export interface BulkField {
  /** The key in the bulk body's `changes` (e.g. `leadStatus`, `assignedOwner`). */
  key: string;
  /** "status" → "Change status". */
  label: string;
  options: FilterOption[];
  /** A choice meaning "none" (e.g. "Unassigned"), sent as an empty value. */
  emptyLabel?: string;
  /** Said under the choice, e.g. why some values are not offered here. */
  hint?: string;
}

interface BulkActionsBarProps {
  /** `/api/leads/bulk` (DESIGN §3): `{ ids | filter, excludeIds?, action, changes?, tag? }`. */
  endpoint: string;
  noun: { one: string; other: string };
  /** The list's selection (use-list-selection.ts): picked rows, or all matching the filter. */
  selection: ListSelection;
  /** After an action ran (all of it, or part of it before it failed): refresh the list, clear the selection. */
  onDone: () => void | Promise<unknown>;
  statusField?: BulkField;
  ownerField?: BulkField;
  /** Offer "Add tag" and "Remove tag"; suggestions come from the organization's tags. */
  tags?: boolean;
  tagSuggestions?: readonly string[];
  canUpdate: boolean;
  canDelete: boolean;
}

type BulkBody =
  | { action: 'update'; changes: Record<string, string> }
  | { action: 'addTag' | 'removeTag'; tag: string }
  | { action: 'delete' };

export type DialogMode =
  | { kind: 'field'; field: BulkField }
  | { kind: 'addTag' }
  | { kind: 'removeTag' }
  | null;

/** A progress line of the bulk answer (src/server/lib/bulk-job.ts). */
interface BulkProgressLine {
  total: number;
  processed: number;
  affected: number;
  done?: true;
  error?: { message: string };
}

interface Running {
  /** "Deleting", "Updating"… */
  verb: string;
  processed: number;
  total: number;
}

/**
 * The bar over a list while rows are selected: change status or owner, tag, untag, delete; and,
 * once every loaded row is ticked, "Select all N matching" the list's filter. An action on a
 * filter runs on the server in batches; the bar shows how far it has got.
 */
export function BulkActionsBar({
  endpoint,
  noun,
  selection,
  onDone,
  statusField,
  ownerField,
  tags = false,
  tagSuggestions = [],
  canUpdate,
  canDelete,
}: BulkActionsBarProps) {
  const [mode, setMode] = useState<DialogMode>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [running, setRunning] = useState<Running | null>(null);
  const pending = running !== null;
  // The list's total is an estimate above 10,000: the count to confirm is asked for exactly.
  const exact = useQuery({
    queryKey: [endpoint, 'dry-run', selection.target],
    queryFn: async () =>
      (await (
        await apiRequest('POST', endpoint, {
          ...selection.target,
          action: canDelete && !canUpdate ? 'delete' : 'update',
          dryRun: true,
        })
      ).json()) as { total: number },
    enabled: selection.allMatching,
    staleTime: 0,
    gcTime: 0,
  });
  const counting = selection.allMatching && exact.data === undefined;
  const count = selection.allMatching ? (exact.data?.total ?? selection.count) : selection.count;
  const counted = formatCount(count, noun);

  /**
   * Runs an action. Refused before it starts (validation, permission): false, the dialog stays
   * open and nothing changed. Once the server accepts it `onStarted` closes the dialog and the
   * bar shows the progress; whatever happens then, the list is refreshed.
   */
  const run = async (
    body: BulkBody,
    verb: string,
    success: (affected: number) => string,
    onStarted: () => void,
  ) => {
    let started = false;
    setRunning({ verb, processed: 0, total: count });
    try {
      const last = await apiProgressRequest<BulkProgressLine>(
        endpoint,
        { ...selection.target, ...body },
        (line) => {
          if (!started) {
            started = true;
            onStarted();
          }
          setRunning({ verb, processed: line.processed, total: line.total });
        },
      );
      const changed = formatCount(last.affected, noun);
      if (last.done) toast.success(success(last.affected));
      else
        toast.error('The action stopped before it finished', {
          description: `${last.error?.message ?? 'The connection was lost'}. ${changed} had been changed.`,
        });
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
      if (!started) return false;
    } finally {
      setRunning(null);
    }
    await onDone();
    return true;
  };

  const actions = [
    canUpdate && statusField
      ? {
          id: 'status',
          label: `Change ${statusField.label}`,
          icon: CircleDot,
          onSelect: () => setMode({ kind: 'field', field: statusField }),
        }
      : null,
    canUpdate && ownerField
      ? {
          id: 'owner',
          label: `Change ${ownerField.label}`,
          icon: UserRound,
          onSelect: () => setMode({ kind: 'field', field: ownerField }),
        }
      : null,
    canUpdate && tags
      ? { id: 'addTag', label: 'Add tag', icon: Tag, onSelect: () => setMode({ kind: 'addTag' }) }
      : null,
    canUpdate && tags
      ? { id: 'removeTag', label: 'Remove tag', icon: Tags, onSelect: () => setMode({ kind: 'removeTag' }) }
      : null,
  ].filter((action) => action !== null);
  const disabled = pending || counting;

  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 border-b border-primary/20 bg-primary-soft/60 px-3 py-2 sm:px-4"
    >
      <p className="text-sm font-medium text-primary-soft-foreground">
        {counting ? <Spinner size="sm" /> : null}
        {counted} selected
      </p>
      <Button
        variant="ghost"
        size="sm"
        className="h-8 px-2 text-primary-soft-foreground"
        onClick={selection.clear}
        disabled={pending}
      >
        <X aria-hidden="true" />
        Clear
      </Button>
      {running ? (
        <div className="ml-auto flex min-w-0 items-center gap-3" role="status">
          <Progress
            value={running.processed}
            max={Math.max(running.total, 1)}
            aria-label={`${running.verb} ${noun.other}`}
            className="w-20 sm:w-48"
          />
          <span className="text-sm whitespace-nowrap text-primary-soft-foreground tabular-nums">
            {running.verb} {formatNumber(running.processed)} of {formatCount(running.total, noun)}…
          </span>
        </div>
      ) : (
        <>
          <div className="ml-auto hidden items-center gap-1.5 md:flex">
            {actions.map((action) => (
              <Button
                key={action.id}
                variant="secondary"
                size="sm"
                onClick={action.onSelect}
                disabled={disabled}
              >
                <action.icon aria-hidden="true" />
                {action.label}
              </Button>
            ))}
            {canDelete ? (
              <Button
                variant="destructive"
                size="sm"
                onClick={() => setConfirmingDelete(true)}
                disabled={disabled}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            ) : null}
          </div>
          <div className="ml-auto md:hidden">
            <DropdownMenu modal={false}>
              <DropdownMenuTrigger asChild>
                <Button variant="secondary" size="sm" disabled={disabled}>
                  <Ellipsis aria-hidden="true" />
                  Actions
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent>
                {actions.map((action) => (
                  <DropdownMenuItem key={action.id} onSelect={action.onSelect}>
                    <action.icon aria-hidden="true" />
                    {action.label}
                  </DropdownMenuItem>
                ))}
                {canDelete ? (
                  <>
                    {actions.length > 0 ? <DropdownMenuSeparator /> : null}
                    <DropdownMenuItem destructive onSelect={() => setConfirmingDelete(true)}>
                      <Trash2 aria-hidden="true" />
                      Delete
                    </DropdownMenuItem>
                  </>
                ) : null}
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        </>
      )}
      {selection.canSelectAllMatching || selection.allMatching ? (
        <p className="w-full text-sm text-primary-soft-foreground">
          {selection.allMatching ? (
            `${selection.excludedCount > 0 ? '' : 'All '}${formatNumber(count)} matching ${count === 1 ? noun.one : noun.other} are selected.`
          ) : (
            <>
              All {formatCount(selection.loadedCount, noun)} on this page are selected.{' '}
              <button
                type="button"
                className="font-semibold underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-primary"
                onClick={selection.selectAllMatching}
              >
                {selection.totalIsLowerBound
                  ? `Select all matching ${noun.other}`
                  : `Select all ${formatNumber(selection.total)} matching ${noun.other}`}
              </button>
            </>
          )}
        </p>
      ) : null}

      <Dialog open={mode !== null} onOpenChange={(open) => !open && !pending && setMode(null)}>
        <DialogContent size="sm">
          {mode ? (
            <Suspense fallback={<DialogLoading />}>
              <BulkValueForm
                mode={mode}
                counted={counted}
                pending={pending}
                tagSuggestions={tagSuggestions}
                onCancel={() => setMode(null)}
                onSubmit={async (value) => {
                  const body: BulkBody =
                    mode.kind === 'field'
                      ? { action: 'update', changes: { [mode.field.key]: value } }
                      : { action: mode.kind, tag: value };
                  const verb =
                    mode.kind === 'addTag' ? 'Tagging' : mode.kind === 'removeTag' ? 'Untagging' : 'Updating';
                  await run(
                    body,
                    verb,
                    (affected) => {
                      const records = formatCount(affected, noun);
                      if (mode.kind === 'addTag') return `Tag “${value}” added to ${records}`;
                      if (mode.kind === 'removeTag') return `Tag “${value}” removed from ${records}`;
                      return `${records} updated`;
                    },
                    () => setMode(null),
                  );
                }}
              />
            </Suspense>
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={`Delete ${counted}?`}
        description={
          selection.allMatching
            ? `All ${counted} matching the list's search and filters will be deleted permanently, with their activity history. This cannot be undone.`
            : `The ${counted} you selected will be deleted permanently, with their activity history. This cannot be undone.`
        }
        confirmLabel={`Delete ${counted}`}
        pendingLabel="Deleting…"
        pending={pending}
        onConfirm={() =>
          run(
            { action: 'delete' },
            'Deleting',
            (affected) => `${formatCount(affected, noun)} deleted`,
            () => setConfirmingDelete(false),
          )
        }
      />
    </div>
  );
}

/** The dialog's body while the form's code arrives. */
function DialogLoading() {
  return (
    <div className="flex justify-center p-8">
      <Spinner className="text-primary" label="Loading" />
    </div>
  );
}
