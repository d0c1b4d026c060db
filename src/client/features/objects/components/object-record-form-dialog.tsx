import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { tagList } from '../../../../common/validation/common';
import { createRecordSchema, type ObjectRecord } from '../../../../common/validation/objects';
import { CustomFieldInputs } from '../../../components/custom-fields/custom-field-inputs';
import {
  customFieldDefaults,
  customFieldsSchema,
  toCustomFieldPayload,
} from '../../../components/custom-fields/validation';
import { Button } from '../../../components/ui/button';
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
import { Spinner } from '../../../components/ui/spinner';
import { TagsInput } from '../../../components/ui/tags-input';
import { Textarea } from '../../../components/ui/textarea';
import { readApiError } from '../../../lib/api';
import { errorText } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import type { ObjectRecordType } from '../object-record-type';
import { type ObjectRecordDetail, useCreateEntityRecord, useUpdateEntityRecord } from '../records-api';

export interface ObjectRecordFormDialogProps {
  type: ObjectRecordType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The record to edit; without it the dialog creates one. */
  record?: ObjectRecordDetail;
  tagSuggestions?: readonly string[];
  /** After a record was created (e.g. to link it to the page it was added from). */
  onCreated?: (record: ObjectRecord) => void | Promise<unknown>;
  /** Said under the title, e.g. "Linked to Estate of J. Doe". */
  context?: string;
}

/** "New heir" / "Edit heir": the name, the object's fields by section, tags and notes. */
export function ObjectRecordFormDialog({ open, onOpenChange, ...props }: ObjectRecordFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        {open ? <ObjectRecordForm {...props} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** The shared record rules (name, notes, tags); the object's fields are checked as custom fields are. */
const baseSchema = z.object({
  displayName: createRecordSchema.shape.displayName,
  notes: createRecordSchema.shape.notes,
  tags: tagList,
});

/** The server names a field's problem `data.<fieldName>`; the form holds it under `customFields`. */
export function formPathOf(apiPath: string): string {
  return apiPath.startsWith('data.') ? `customFields.${apiPath.slice('data.'.length)}` : apiPath;
}

function ObjectRecordForm({
  type,
  record,
  tagSuggestions = [],
  onCreated,
  context,
  onDone,
}: Omit<ObjectRecordFormDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const me = useSignedInUser();
  const create = useCreateEntityRecord();
  const update = useUpdateEntityRecord(record?.id ?? '');
  const [formError, setFormError] = useState<string | null>(null);
  const fields = type.fields.all;
  const schema = useMemo(
    () => baseSchema.extend({ customFields: customFieldsSchema(fields, { partial: Boolean(record) }) }),
    [fields, record],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      displayName: record?.displayName ?? '',
      notes: record?.notes ?? '',
      tags: record?.tags ?? [],
      customFields: customFieldDefaults(fields, record?.data),
    },
  });
  useUnsavedChanges(isDirty);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const input = {
      displayName: values.displayName.trim(),
      notes: values.notes?.trim() || null,
      tags: values.tags,
      data: toCustomFieldPayload(fields, values.customFields),
    };
    try {
      if (record) {
        await update.mutateAsync(input);
        toast.success(`${type.singular} saved`, { description: input.displayName });
      } else {
        const created = await create.mutateAsync({ entityType: type.entityType, ...input });
        await onCreated?.(created);
        toast.success(`${type.singular} created`, { description: created.displayName });
      }
      onDone();
    } catch (error) {
      const { message, fieldErrors } = readApiError(error);
      const entries = Object.entries(fieldErrors);
      entries.forEach(([path, fieldMessage], index) =>
        setError(
          // A path of the form: a field of the object (customFields.*) or one of the record's own.
          formPathOf(path) as 'displayName',
          { type: 'server', message: fieldMessage },
          { shouldFocus: index === 0 },
        ),
      );
      setFormError(entries.length > 0 ? null : message);
    }
  });

  const nameError = errors.displayName?.message;
  const notesError = errors.notes?.message;
  const noun = type.noun.one;
  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{record ? `Edit ${noun}` : `New ${noun}`}</DialogTitle>
        <DialogDescription>
          {context ?? record?.displayName ?? type.description ?? type.title}
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-5">
        <FormError message={formError} />
        <FormField id="object-record-name" label="Name" error={nameError}>
          <Input
            autoComplete="off"
            aria-required
            {...fieldA11y('object-record-name', nameError)}
            {...register('displayName')}
          />
        </FormField>
        <CustomFieldInputs control={control} definitions={type.fields} currency={me.defaultCurrency} />
        <Controller
          control={control}
          name="tags"
          render={({ field, fieldState }) => (
            <FormField id="object-record-tags" label="Tags" error={errorText(fieldState.error)}>
              <TagsInput
                id="object-record-tags"
                aria-label="Tags"
                value={field.value}
                onChange={field.onChange}
                suggestions={tagSuggestions}
              />
            </FormField>
          )}
        />
        <FormField id="object-record-notes" label="Notes" error={notesError}>
          <Textarea rows={3} {...fieldA11y('object-record-notes', notesError)} {...register('notes')} />
        </FormField>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Saving…' : record ? 'Save' : `Create ${noun}`}
        </Button>
      </DialogFooter>
    </form>
  );
}
