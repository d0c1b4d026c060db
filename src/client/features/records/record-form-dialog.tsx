import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useMemo, useState } from 'react';
import { type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import { CustomFieldInputs } from '../../components/custom-fields/custom-field-inputs';
import {
  type CustomFieldDefinitions,
  useCustomFieldDefinitions,
} from '../../components/custom-fields/use-custom-field-definitions';
import {
  customFieldDefaults,
  customFieldPaths,
  customFieldsSchema,
  toCustomFieldPayload,
} from '../../components/custom-fields/validation';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useUnsavedChanges,
} from '../../components/ui/dialog';
import { FormError } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { applyApiErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useSignedInUser } from '../auth/signed-in-user';
import { RecordFieldInput } from './record-field-input';
import { useRecordChoices } from './use-record-choices';
import {
  type RecordFormDescription,
  type RecordFormSection,
  formDefaults,
  formFieldPaths,
  formPayload,
} from './record-form-description';

/**
 * What a record type adds to the kit's form before it saves (the lead's duplicate check). The
 * type's dialog holds it (a hook) and resets it when the dialog closes.
 */
export interface RecordFormGuard {
  /** Runs once the values pass the rules; false stops the save (the guard's notice says why). */
  check: (values: Record<string, unknown>) => Promise<boolean>;
  /** Shown above the fields. */
  notice?: ReactNode;
  /** The submit button's text while the check runs ("Checking…"); undefined when idle. */
  busyLabel?: string;
  /** The submit button's text after the check stopped a save ("Save anyway"). */
  submitLabel?: string;
  /** Fields whose change makes the check run again. */
  watches?: readonly string[];
  /** Forgets what the check found (after the save failed, or a watched field changed). */
  reset: () => void;
}

export interface RecordFormDialogProps<Saved> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: RecordFormDescription<Saved>;
  /** Sends the values (POST, or PATCH when editing); the kit maps a 400's messages to the fields. */
  save: (values: Record<string, unknown>) => Promise<Saved>;
  /** After the save and the toast, once the dialog closed. */
  onSaved?: (record: Saved) => void;
  /** The record being edited; without it the form creates one. */
  record?: Record<string, unknown> | null;
  /** Suggestion lists besides the organization's tags (`tags`), e.g. `sources`. */
  suggestions?: Readonly<Record<string, readonly string[]>>;
  guard?: RecordFormGuard;
  /** Overrides the description's title and submit label (an edit form). */
  title?: string;
  submitLabel?: string;
}

/** A record type's create (or edit) form, from its description; waits for the custom fields. */
export function RecordFormDialog<Saved>({ open, onOpenChange, ...props }: RecordFormDialogProps<Saved>) {
  const entityType = props.description.customFields;
  const definitions = useCustomFieldDefinitions(entityType ?? 'lead', { enabled: open && !!entityType });
  // The form starts once the organization's own fields are known (their defaults and rules).
  const ready = !entityType || !definitions.isPending || definitions.isError;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size={props.description.size ?? 'md'}>
        {open && ready ? (
          <RecordForm
            definitions={entityType ? definitions : null}
            onDone={() => onOpenChange(false)}
            {...props}
          />
        ) : open ? (
          <FormLoading />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** A dialog's form waiting for what it starts from. */
export function FormLoading() {
  return (
    <div className="flex justify-center p-10">
      <Spinner label="Loading form" />
    </div>
  );
}

function RecordForm<Saved>({
  description,
  definitions,
  onDone,
  save,
  onSaved,
  record,
  suggestions,
  guard,
  title,
  submitLabel,
}: Omit<RecordFormDialogProps<Saved>, 'open' | 'onOpenChange'> & {
  definitions: CustomFieldDefinitions | null;
  onDone: () => void;
}) {
  const me = useSignedInUser();
  const choices = useRecordChoices(suggestions);
  const [formError, setFormError] = useState<string | null>(null);
  const customDefs = definitions?.all;
  const schema = useMemo(
    () =>
      customDefs
        ? description.schema.extend({ customFields: customFieldsSchema(customDefs) })
        : description.schema,
    [description.schema, customDefs],
  );
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting, isDirty },
  } = useForm<FieldValues>({
    resolver: zodResolver(schema) as Resolver<FieldValues>,
    defaultValues: {
      ...formDefaults(description, choices, record),
      ...(customDefs ? { customFields: customFieldDefaults(customDefs, record?.customFields as never) } : {}),
    },
  });
  useUnsavedChanges(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (guard && !(await guard.check(values))) return;
    try {
      const payload = formPayload(description, values);
      if (customDefs) payload.customFields = toCustomFieldPayload(customDefs, values.customFields);
      const saved = await save(payload);
      const message = description.savedToast(saved);
      toast.success(message.title, { description: message.description });
      onDone();
      onSaved?.(saved);
    } catch (error) {
      guard?.reset();
      const paths = [...formFieldPaths(description), ...customFieldPaths(customDefs ?? [])];
      setFormError(applyApiErrors(error, setError, paths as Path<FieldValues>[]));
    }
  });

  const busy = isSubmitting || guard?.busyLabel !== undefined;
  const watched = new Set(guard?.watches ?? []);
  const section = (part: RecordFormSection, index: number) => {
    const inputs = part.fields.map((field) => (
      <RecordFieldInput
        key={field.name}
        field={field}
        control={control}
        idPrefix={description.idPrefix}
        choices={choices}
        onUserChange={watched.has(field.name) ? guard?.reset : undefined}
      />
    ));
    const grid = cn('grid gap-4', columns[part.columns ?? 2]);
    if (!part.legend) {
      return (
        <div key={index} className={grid}>
          {inputs}
        </div>
      );
    }
    return (
      <fieldset key={index} className={grid}>
        <legend className="mb-2 text-sm font-medium">{part.legend}</legend>
        {inputs}
      </fieldset>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{title ?? description.title}</DialogTitle>
        <DialogDescription>{description.description}</DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-5">
        <FormError message={formError} />
        {guard?.notice}
        {description.sections.map(section)}
        {description.customFields && definitions && !definitions.isError ? (
          <CustomFieldInputs
            control={control}
            entityType={description.customFields}
            definitions={definitions}
            currency={me.defaultCurrency}
            className="border-t border-border pt-5"
          />
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : null}
          {guard?.busyLabel ??
            (isSubmitting ? 'Saving…' : (guard?.submitLabel ?? submitLabel ?? description.submitLabel))}
        </Button>
      </DialogFooter>
    </form>
  );
}

const columns = { 1: undefined, 2: 'sm:grid-cols-2', 6: 'sm:grid-cols-6' } as const;
