import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ColorInput } from '../../../components/ui/color-input';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useUnsavedChanges,
} from '../../../components/ui/dialog';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import { applyApiErrors, errorText } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { type ListEntry, useCreateEntry, useUpdateEntry } from '../api';
import type { SimpleListConfig } from '../list-configs';
import { conflictMessage, nameInUse, sentenceCase } from '../list-model';
import { changedFields } from '../../../lib/changed-fields';

export interface EntryFormValues {
  name: string;
  color: string;
  description: string;
  type: 'won' | 'loss';
  showInDialog: boolean;
  showInDetails: boolean;
}

interface EntryFormDialogProps {
  config: SimpleListConfig;
  /** The entry to edit, a new one (with its group's type), or null when closed. */
  entry: ListEntry | { new: true; type?: 'won' | 'loss' } | null;
  /** The list's entries, so a name already in use is caught before it is sent. */
  entries: ListEntry[];
  onOpenChange: (open: boolean) => void;
}

export function EntryFormDialog({ config, entry, entries, onOpenChange }: EntryFormDialogProps) {
  return (
    <Dialog open={entry !== null} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        {entry ? (
          <EntryForm
            key={'id' in entry ? entry.id : 'new'}
            config={config}
            entry={'id' in entry ? entry : null}
            newType={'new' in entry ? entry.type : undefined}
            entries={entries}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const fieldNames = ['name', 'color', 'description', 'type', 'showInDialog', 'showInDetails'] as const;

function EntryForm({
  config,
  entry,
  newType,
  entries,
  onDone,
}: {
  config: SimpleListConfig;
  entry: ListEntry | null;
  newType?: 'won' | 'loss';
  entries: ListEntry[];
  onDone: () => void;
}) {
  const create = useCreateEntry(config.path);
  const update = useUpdateEntry(config.path);
  const [formError, setFormError] = useState<string | null>(null);
  // The values the form opened with: an edit sends only what differs from them.
  const [opened] = useState<EntryFormValues>(() => ({
    name: entry?.name ?? '',
    color: entry?.color ?? config.color?.defaultColor ?? '',
    description: entry?.description ?? '',
    type: entry?.type ?? newType ?? 'won',
    showInDialog: entry?.showInDialog ?? true,
    showInDetails: entry?.showInDetails ?? true,
  }));
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<EntryFormValues>({
    resolver: zodResolver(config.schema as never) as unknown as Resolver<EntryFormValues>,
    defaultValues: opened,
  });
  const inputOf = (values: EntryFormValues) => {
    const input: Record<string, unknown> = { name: values.name };
    if (config.color) input.color = values.color;
    if (config.description) input.description = values.description;
    if (config.groups) input.type = values.type;
    for (const toggle of config.toggles ?? []) input[toggle.key] = values[toggle.key];
    return input;
  };
  useUnsavedChanges(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    // Two entries of one name would be one choice twice in the forms that offer them (the API
    // keeps accepting them, as the spec does not forbid it).
    if (
      nameInUse(entries, values.name, { except: entry?.id, type: config.groups ? values.type : undefined })
    ) {
      setError(
        'name',
        { type: 'validate', message: `A ${config.singular} with this name already exists` },
        { shouldFocus: true },
      );
      return;
    }
    const input = inputOf(values);
    try {
      if (entry) {
        await update.mutateAsync({ entry, input: changedFields(inputOf(opened), input) });
        toast.success(`${sentenceCase(config.singular)} saved`, {
          description: `${values.name} was updated.`,
        });
      } else {
        await create.mutateAsync(input);
        toast.success(`${sentenceCase(config.singular)} added`, { description: `${values.name} was added.` });
      }
      onDone();
    } catch (error) {
      // A duplicate name (409) belongs under the name.
      const conflict = conflictMessage(error);
      if (conflict) setError('name', { type: 'server', message: conflict }, { shouldFocus: true });
      else setFormError(applyApiErrors(error, setError, fieldNames));
    }
  });

  const error = (name: (typeof fieldNames)[number]) => errorText(errors[name]);
  const title = entry ? `Edit ${config.singular}` : `Add ${config.singular}`;

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{sentenceCase(title)}</DialogTitle>
        <DialogDescription>
          {entry ? `Changes apply wherever this ${config.singular} is used.` : config.emptyDescription}
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <FormError message={formError} />
        <FormField id="entry-name" label="Name" error={error('name')}>
          <Input
            {...fieldA11y('entry-name', error('name'))}
            placeholder={config.namePlaceholder}
            autoComplete="off"
            {...register('name')}
          />
        </FormField>
        {config.groups ? (
          <FormField id="entry-type" label="Type" error={error('type')}>
            <Select {...fieldA11y('entry-type', error('type'))} {...register('type')}>
              <option value="won">Won</option>
              <option value="loss">Loss</option>
            </Select>
          </FormField>
        ) : null}
        {config.color ? (
          <FormField id="entry-color" label="Color" error={error('color')}>
            <Controller
              control={control}
              name="color"
              render={({ field }) => (
                <ColorInput
                  {...fieldA11y('entry-color', error('color'))}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          </FormField>
        ) : null}
        {config.description ? (
          <FormField
            id="entry-description"
            label="Description"
            labelAside="Optional"
            error={error('description')}
          >
            <Textarea
              {...fieldA11y('entry-description', error('description'))}
              rows={2}
              placeholder="When to use it"
              {...register('description')}
            />
          </FormField>
        ) : null}
        {config.toggles?.map((toggle) => (
          <Controller
            key={toggle.key}
            control={control}
            name={toggle.key}
            render={({ field }) => (
              <div className="flex items-start justify-between gap-4 rounded-lg border border-border px-3.5 py-3">
                <label htmlFor={`entry-${toggle.key}`} className="text-sm">
                  <span className="block font-medium">Show in {toggle.label.toLowerCase()}</span>
                  <span className="block text-muted-foreground">{toggle.description}</span>
                </label>
                <Switch
                  id={`entry-${toggle.key}`}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                />
              </div>
            )}
          />
        ))}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Saving…' : entry ? 'Save changes' : sentenceCase(`Add ${config.singular}`)}
        </Button>
      </DialogFooter>
    </form>
  );
}
