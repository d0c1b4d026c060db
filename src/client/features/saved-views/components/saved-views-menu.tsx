import { Check, ChevronDown, CopyPlus, Pencil, RefreshCw, Save, Share2, Trash2, Users } from 'lucide-react';
import { lazy, useState } from 'react';
import type { ListKey } from '../../../../common/validation/preferences';
import type { SavedView, UpdateSavedViewInput } from '../../../../common/validation/saved-views';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuItemIndicator,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Spinner } from '../../../components/ui/spinner';
import { readApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useCreateSavedView, useDeleteSavedView, useUpdateSavedView } from '../api';
import { useSavedViewSelection } from '../use-saved-view-selection';
import { LoadOnOpen } from '../../../components/load-on-open';
import type { ViewNameMode, ViewNameValues } from './view-name-dialog';

// Its form (react-hook-form, zod) loads when a view is first saved or renamed.
const ViewNameDialog = lazy(() =>
  import('./view-name-dialog').then((module) => ({ default: module.ViewNameDialog })),
);

interface SavedViewsMenuProps {
  listKey: ListKey;
  /** The list's filter keys (its URL state's). */
  filterKeys: readonly string[];
  /** "leads": the default view is "All leads". */
  plural: string;
}

const allValue = '';

/**
 * "View: All leads ▾" in a list's toolbar: the default view, the user's views and the ones the
 * team shares, one click apart; saving, updating, renaming, sharing and deleting the user's own.
 */
export function SavedViewsMenu({ listKey, filterKeys, plural }: SavedViewsMenuProps) {
  const selection = useSavedViewSelection(listKey, filterKeys, plural);
  const { views, selected } = selection;
  const createView = useCreateSavedView(listKey);
  const updateView = useUpdateSavedView(listKey);
  const deleteView = useDeleteSavedView(listKey);
  const [naming, setNaming] = useState<ViewNameMode | null>(null);
  const [deleting, setDeleting] = useState<SavedView | null>(null);

  const items = views.data?.items ?? [];
  const mine = items.filter((view) => view.isMine);
  const shared = items.filter((view) => !view.isMine);
  const defaultName = `All ${plural}`;
  const shownName = selected?.name ?? defaultName;

  const change = async (view: SavedView, input: UpdateSavedViewInput, done: string) => {
    try {
      await updateView.mutateAsync({ id: view.id, input });
      toast.success(done);
    } catch (error) {
      toast.error('The view was not changed', { description: readApiError(error).message });
    }
  };

  const onNamed = async ({ name, isShared }: ViewNameValues) => {
    if (naming?.kind === 'rename' && selected) {
      await updateView.mutateAsync({ id: selected.id, input: { name } });
      toast.success('View renamed', { description: `It is now “${name}”.` });
    } else {
      const created = await createView.mutateAsync({ name, isShared, ...selection.content() });
      selection.markShown(created.id);
      toast.success('View saved', {
        description: isShared ? `“${name}” is shared with your team.` : `“${name}” is in your views.`,
      });
    }
    setNaming(null);
  };

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="secondary"
            size="sm"
            className="h-9 max-w-32 sm:max-w-64"
            aria-label={`View: ${shownName}${selection.edited ? ' (edited)' : ''}`}
          >
            <span className="hidden text-muted-foreground sm:inline">View:</span>
            <span className="truncate">{shownName}</span>
            {selection.edited ? (
              <span
                className="hidden text-xs font-normal text-muted-foreground sm:inline"
                title="Changed since it was saved"
              >
                (edited)
              </span>
            ) : null}
            <ChevronDown aria-hidden="true" className="text-muted-foreground" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="start"
          className="max-h-[min(28rem,var(--radix-dropdown-menu-content-available-height))] w-72 overflow-y-auto"
        >
          <DropdownMenuRadioGroup
            value={selected?.id ?? allValue}
            onValueChange={(id) => selection.show(items.find((view) => view.id === id) ?? null)}
          >
            <ViewItem value={allValue} name={defaultName} />
            {views.isPending ? (
              <DropdownMenuItem disabled>
                <Spinner size="sm" />
                Loading views…
              </DropdownMenuItem>
            ) : null}
            {views.isError ? (
              <DropdownMenuItem onSelect={() => void views.refetch()}>
                <RefreshCw aria-hidden="true" />
                Views could not be loaded. Try again
              </DropdownMenuItem>
            ) : null}
            {mine.length > 0 ? <GroupLabel>My views</GroupLabel> : null}
            {mine.map((view) => (
              <ViewItem key={view.id} value={view.id} name={view.name} shared={view.isShared} />
            ))}
            {shared.length > 0 ? <GroupLabel>Shared with the team</GroupLabel> : null}
            {shared.map((view) => (
              <ViewItem key={view.id} value={view.id} name={view.name} owner={view.ownerName} />
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setNaming({ kind: 'create' })}>
            <CopyPlus aria-hidden="true" />
            Save as new view…
          </DropdownMenuItem>
          {selected?.isMine ? (
            <>
              {selection.edited ? (
                <DropdownMenuItem
                  onSelect={() => void change(selected, selection.content(), `“${selected.name}” updated`)}
                >
                  <Save aria-hidden="true" />
                  Update “{selected.name}”
                </DropdownMenuItem>
              ) : null}
              <DropdownMenuItem onSelect={() => setNaming({ kind: 'rename', name: selected.name })}>
                <Pencil aria-hidden="true" />
                Rename…
              </DropdownMenuItem>
              <DropdownMenuItem
                onSelect={() =>
                  void change(
                    selected,
                    { isShared: !selected.isShared },
                    selected.isShared
                      ? `“${selected.name}” is private now`
                      : `“${selected.name}” is shared with your team`,
                  )
                }
              >
                <Share2 aria-hidden="true" />
                {selected.isShared ? 'Stop sharing' : 'Share with my team'}
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem destructive onSelect={() => setDeleting(selected)}>
                <Trash2 aria-hidden="true" />
                Delete view…
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <LoadOnOpen open={naming !== null}>
        <ViewNameDialog mode={naming} onOpenChange={(open) => !open && setNaming(null)} onSubmit={onNamed} />
      </LoadOnOpen>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete “${deleting?.name ?? ''}”?`}
        description={
          deleting?.isShared
            ? 'The view is removed for you and for your team. The records stay as they are.'
            : 'The view is removed. The records stay as they are.'
        }
        confirmLabel="Delete view"
        pendingLabel="Deleting…"
        pending={deleteView.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteView.mutateAsync(deleting.id);
            if (selected?.id === deleting.id) selection.markShown(null);
            toast.success('View deleted', { description: `“${deleting.name}” was deleted.` });
            setDeleting(null);
          } catch (error) {
            toast.error('The view was not deleted', { description: readApiError(error).message });
          }
        }}
      />
    </>
  );
}

function GroupLabel({ children }: { children: string }) {
  return (
    <DropdownMenuLabel className="px-2.5 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
      {children}
    </DropdownMenuLabel>
  );
}

/** One view to switch to; a shared view of someone else names its owner. */
function ViewItem({
  value,
  name,
  shared,
  owner,
}: {
  value: string;
  name: string;
  shared?: boolean;
  owner?: string;
}) {
  return (
    <DropdownMenuRadioItem
      value={value}
      className="flex cursor-default items-center gap-2 rounded-md py-2 pr-2.5 pl-2 text-sm text-foreground outline-none select-none data-highlighted:bg-muted"
    >
      <span className="flex size-4 shrink-0 items-center justify-center">
        <DropdownMenuItemIndicator>
          <Check className="size-4 text-primary" aria-hidden="true" />
        </DropdownMenuItemIndicator>
      </span>
      <span className="min-w-0 flex-1 truncate">{name}</span>
      {owner ? (
        <span className="max-w-28 shrink-0 truncate text-xs text-muted-foreground">{owner}</span>
      ) : null}
      {shared ? (
        <span title="Shared with your team" className="shrink-0 text-muted-foreground">
          <Users className="size-3.5" aria-hidden="true" />
          <span className="sr-only">(shared)</span>
        </span>
      ) : null}
    </DropdownMenuRadioItem>
  );
}
