import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { changedFields } from '../../lib/changed-fields';
import { toast } from '../../lib/toast';
import { CustomFieldInputs } from '../custom-fields/custom-field-inputs';
import { CustomFieldValues } from '../custom-fields/custom-field-values';
import type { CustomFieldEntityType } from '../custom-fields/types';
import {
  type CustomFieldDefinitions,
  useCustomFieldDefinitions,
} from '../custom-fields/use-custom-field-definitions';
import {
  customFieldDefaults,
  customFieldPaths,
  customFieldsSchema,
  toCustomFieldPayload,
} from '../custom-fields/validation';
import { applyApiErrors } from '../../lib/form-errors';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useUnsavedChanges,
} from '../ui/dialog';
import { FormError } from '../ui/form-field';
import { Spinner } from '../ui/spinner';

interface RecordCustomFieldsProps {
  entityType: CustomFieldEntityType;
  /** The record's stored `customFields`. */
  values: Record<string, unknown> | null | undefined;
  /** The record's name, for the edit dialog's title. */
  recordName: string;
  canEdit: boolean;
  /** Saves `{ customFields }` (a PATCH; the server merges the keys sent into the stored ones). */
  onSave: (customFields: Record<string, unknown>) => Promise<unknown>;
  currency?: string | null;
  /** `card`: a card of its own (record pages); `section`: a titled section (side panels). */
  variant?: 'card' | 'section';
}

/**
 * A record's custom fields (the organization's own fields for leads, clients and companies):
 * shown read-only, and edited together in a dialog with the same inputs and rules as the forms.
 */
export function RecordCustomFields({
  entityType,
  values,
  recordName,
  canEdit,
  onSave,
  currency,
  variant = 'card',
}: RecordCustomFieldsProps) {
  const definitions = useCustomFieldDefinitions(entityType);
  const [editing, setEditing] = useState(false);
  const editable = canEdit && !definitions.isPending && !definitions.isError && definitions.fields.length > 0;
  const editButton = editable ? (
    <Button variant="ghost" size="sm" className="h-8" onClick={() => setEditing(true)}>
      <Pencil aria-hidden="true" />
      Edit
      <span className="sr-only"> custom fields</span>
    </Button>
  ) : null;

  const hasValues = Object.values(values ?? {}).some(
    (value) => value !== null && value !== undefined && value !== '',
  );
  // Nothing defined and nothing stored: the organization does not use custom fields here.
  if (!hasValues && (definitions.isError || (!definitions.isPending && definitions.fields.length === 0))) {
    return null;
  }
  const body = definitions.isError ? (
    <p className="text-sm text-muted-foreground">Custom fields are not available to you.</p>
  ) : (
    <CustomFieldValues
      entityType={entityType}
      values={values}
      definitions={definitions}
      currency={currency}
      showEmpty={false}
      className={variant === 'card' ? 'sm:[&_dl]:grid-cols-1' : undefined}
    />
  );
  const dialog = (
    <Dialog open={editing} onOpenChange={setEditing}>
      <DialogContent size="lg">
        {editing ? (
          <EditCustomFieldsForm
            entityType={entityType}
            definitions={definitions}
            values={values}
            recordName={recordName}
            currency={currency}
            onSave={onSave}
            onDone={() => setEditing(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
  const headingId = `custom-fields-${entityType}`;

  if (variant === 'section') {
    return (
      <section aria-labelledby={headingId} className="grid gap-2">
        <div className="flex min-h-8 items-center justify-between gap-2">
          <h3 id={headingId} className="text-sm font-semibold">
            Custom fields
          </h3>
          {editButton}
        </div>
        {body}
        {dialog}
      </section>
    );
  }
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle id={headingId}>Custom fields</CardTitle>
        {editButton}
      </CardHeader>
      <CardContent>{body}</CardContent>
      {dialog}
    </Card>
  );
}

function EditCustomFieldsForm({
  entityType,
  definitions,
  values,
  recordName,
  currency,
  onSave,
  onDone,
}: {
  entityType: CustomFieldEntityType;
  definitions: CustomFieldDefinitions;
  values: Record<string, unknown> | null | undefined;
  recordName: string;
  currency?: string | null;
  onSave: (customFields: Record<string, unknown>) => Promise<unknown>;
  onDone: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  // The values the form opened with: only the fields changed from these are sent.
  const [opened] = useState(() => customFieldDefaults(definitions.all, values));
  const schema = useMemo(
    () => z.object({ customFields: customFieldsSchema(definitions.all, { partial: true }) }),
    [definitions.all],
  );
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { customFields: opened },
  });
  useUnsavedChanges(isDirty);

  const submit = handleSubmit(async (form) => {
    setFormError(null);
    try {
      // The server merges customFields by key: a field someone else changed meanwhile stays theirs.
      const { customFields: changed } = changedFields(
        { customFields: toCustomFieldPayload(definitions.all, opened) },
        { customFields: toCustomFieldPayload(definitions.all, form.customFields) },
      );
      if (changed) await onSave(changed as Record<string, unknown>);
      toast.success('Custom fields saved');
      onDone();
    } catch (error) {
      setFormError(applyApiErrors(error, setError, customFieldPaths(definitions.all)));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>Custom fields</DialogTitle>
        <DialogDescription>{recordName}</DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <FormError message={formError} />
        <CustomFieldInputs
          control={control}
          entityType={entityType}
          definitions={definitions}
          currency={currency}
        />
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Saving…' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  );
}
