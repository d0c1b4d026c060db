import { useMutation } from '@tanstack/react-query';
import { CircleDot, Ellipsis, Tag, Tags, Trash2, UserRound, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { tagName } from '../../../common/validation/common';
import { apiRequest, readApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../ui/alert-dialog';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { FormField, fieldA11y } from '../ui/form-field';
import { Select } from '../ui/select';
import { Spinner } from '../ui/spinner';
import { SuggestionInput } from '../ui/suggestion-input';
import { type FilterOption, formatCount } from './list-params';

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
  /** `/api/leads/bulk` (DESIGN §3): `{ ids, action, changes?, tag? }` → `{ affected }`. */
  endpoint: string;
  noun: { one: string; other: string };
  selectedIds: ReadonlySet<string>;
  onClear: () => void;
  /** After a successful action: refresh the list, clear the selection. */
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

type DialogMode = { kind: 'field'; field: BulkField } | { kind: 'addTag' } | { kind: 'removeTag' } | null;

/** The bar over a list while rows are selected: change status or owner, tag, untag, delete. */
export function BulkActionsBar({
  endpoint,
  noun,
  selectedIds,
  onClear,
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
  const count = selectedIds.size;
  const counted = formatCount(count, noun);
  const mutation = useMutation({
    mutationFn: async (body: BulkBody) =>
      (await (await apiRequest('POST', endpoint, { ids: [...selectedIds], ...body })).json()) as {
        affected: number;
      },
  });

  const run = async (body: BulkBody, success: (affected: number) => string) => {
    try {
      const { affected } = await mutation.mutateAsync(body);
      toast.success(success(affected));
      await onDone();
      return true;
    } catch (error) {
      toast.error('Error', { description: readApiError(error).message });
      return false;
    }
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

  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 border-b border-primary/20 bg-primary-soft/60 px-3 py-2 sm:px-4"
    >
      <p className="text-sm font-medium text-primary-soft-foreground">{counted} selected</p>
      <Button variant="ghost" size="sm" className="h-8 px-2 text-primary-soft-foreground" onClick={onClear}>
        <X aria-hidden="true" />
        Clear
      </Button>
      <div className="ml-auto hidden items-center gap-1.5 md:flex">
        {actions.map((action) => (
          <Button key={action.id} variant="secondary" size="sm" onClick={action.onSelect}>
            <action.icon aria-hidden="true" />
            {action.label}
          </Button>
        ))}
        {canDelete ? (
          <Button variant="destructive" size="sm" onClick={() => setConfirmingDelete(true)}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        ) : null}
      </div>
      <div className="ml-auto md:hidden">
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="secondary" size="sm">
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

      <Dialog open={mode !== null} onOpenChange={(open) => !open && !mutation.isPending && setMode(null)}>
        <DialogContent size="sm">
          {mode ? (
            <BulkForm
              mode={mode}
              counted={counted}
              pending={mutation.isPending}
              tagSuggestions={tagSuggestions}
              onCancel={() => setMode(null)}
              onSubmit={async (value) => {
                const body: BulkBody =
                  mode.kind === 'field'
                    ? { action: 'update', changes: { [mode.field.key]: value } }
                    : { action: mode.kind, tag: value };
                const done = await run(body, (affected) => {
                  const records = formatCount(affected, noun);
                  if (mode.kind === 'addTag') return `Tag “${value}” added to ${records}`;
                  if (mode.kind === 'removeTag') return `Tag “${value}” removed from ${records}`;
                  return `${records} updated`;
                });
                if (done) setMode(null);
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={`Delete ${counted}?`}
        description={`The ${counted} you selected will be deleted permanently, with their activity history. This cannot be undone.`}
        confirmLabel={`Delete ${counted}`}
        pendingLabel="Deleting…"
        pending={mutation.isPending}
        onConfirm={async () => {
          const done = await run(
            { action: 'delete' },
            (affected) => `${formatCount(affected, noun)} deleted`,
          );
          if (done) setConfirmingDelete(false);
        }}
      />
    </div>
  );
}

function BulkForm({
  mode,
  counted,
  pending,
  tagSuggestions,
  onCancel,
  onSubmit,
}: {
  mode: NonNullable<DialogMode>;
  counted: string;
  pending: boolean;
  tagSuggestions: readonly string[];
  onCancel: () => void;
  onSubmit: (value: string) => void;
}) {
  const id = useId();
  const isField = mode.kind === 'field';
  const [value, setValue] = useState(
    isField ? (mode.field.emptyLabel ? '' : (mode.field.options[0]?.value ?? '')) : '',
  );
  const [error, setError] = useState<string | null>(null);
  const title = isField
    ? `Change ${mode.field.label}`
    : mode.kind === 'addTag'
      ? 'Add a tag'
      : 'Remove a tag';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tag = isField ? null : tagName('Tag is required').safeParse(value);
    if (tag?.error) {
      setError(tag.error.issues[0].message);
      return;
    }
    onSubmit(value.trim());
  };
  const fieldLabel = isField ? mode.field.label.charAt(0).toUpperCase() + mode.field.label.slice(1) : 'Tag';
  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>Applies to the {counted} you selected.</DialogDescription>
      </DialogHeader>
      <DialogBody>
        <FormField
          id={`${id}-value`}
          label={fieldLabel}
          error={error ?? undefined}
          hint={isField ? mode.field.hint : undefined}
        >
          {isField ? (
            <Select
              {...fieldA11y(`${id}-value`, error ?? undefined, mode.field.hint)}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            >
              {mode.field.emptyLabel ? <option value="">{mode.field.emptyLabel}</option> : null}
              {mode.field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          ) : (
            <SuggestionInput
              id={`${id}-value`}
              value={value}
              suggestions={tagSuggestions}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-value-error` : undefined}
              onChange={(next) => {
                setValue(next);
                setError(null);
              }}
            />
          )}
        </FormField>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner /> : null}
          {pending ? 'Applying…' : `Apply to ${counted}`}
        </Button>
      </DialogFooter>
    </form>
  );
}
