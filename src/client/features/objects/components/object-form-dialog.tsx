import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { objectPermissionCategories, type ObjectDefinition } from '../../../../common/validation/objects';
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
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { changedFields } from '../../../lib/changed-fields';
import { applyApiErrors, errorText } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useCreateEntityDefinition, useUpdateEntityDefinition } from '../api';
import {
  entityTypeFromName,
  objectFormDefaults,
  objectFormSchema,
  type ObjectFormValues,
  permissionCategoryHelp,
  pluralOf,
  toDefinitionInput,
} from '../object-form-model';
import { IconPicker } from './icon-picker';

/** The object to edit, a new one, or null when closed. */
export type ObjectDialogTarget = ObjectDefinition | { new: true } | null;

export function ObjectFormDialog({
  target,
  nextOrder,
  onOpenChange,
  onCreated,
}: {
  target: ObjectDialogTarget;
  /** The order a new object gets (after the last one). */
  nextOrder: number;
  onOpenChange: (open: boolean) => void;
  onCreated?: (definition: ObjectDefinition) => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        {target ? (
          <ObjectForm
            key={'id' in target ? target.id : 'new'}
            definition={'id' in target ? target : null}
            nextOrder={nextOrder}
            onDone={(created) => {
              onOpenChange(false);
              if (created) onCreated?.(created);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const serverFields = [
  'displayName',
  'pluralName',
  'entityType',
  'description',
  'iconName',
  'permissionCategory',
  'displayOrder',
] as const;

function ObjectForm({
  definition,
  nextOrder,
  onDone,
}: {
  definition: ObjectDefinition | null;
  nextOrder: number;
  onDone: (created?: ObjectDefinition) => void;
}) {
  const create = useCreateEntityDefinition();
  const update = useUpdateEntityDefinition();
  const [formError, setFormError] = useState<string | null>(null);
  const [opened] = useState(() => objectFormDefaults(definition, nextOrder));
  // On a new object the plural and the type follow the name until the user types their own.
  const [typed, setTyped] = useState({ pluralName: definition !== null, entityType: definition !== null });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ObjectFormValues>({
    resolver: zodResolver(objectFormSchema) as unknown as Resolver<ObjectFormValues>,
    defaultValues: opened,
  });
  useUnsavedChanges(isDirty);
  const category = useWatch({ control, name: 'permissionCategory' });

  const nameField = register('displayName', {
    onChange: (event: { target: { value: string } }) => {
      const name = event.target.value;
      if (!typed.pluralName) setValue('pluralName', pluralOf(name));
      if (!typed.entityType) setValue('entityType', entityTypeFromName(name));
    },
  });

  // The resolver hands over the parsed values (numbers, nulls); the body is built from what was typed.
  const onSubmit = handleSubmit(async () => {
    const values = getValues();
    setFormError(null);
    const input = toDefinitionInput(values);
    try {
      if (definition) {
        const { entityType: _type, ...changes } = changedFields(toDefinitionInput(opened), input);
        await update.mutateAsync({ definition, changes });
        toast.success('Object saved', { description: `${input.displayName} was updated.` });
        onDone();
      } else {
        const created = await create.mutateAsync(input);
        toast.success('Object created', {
          description: `${created.pluralName} is ready: add its fields next.`,
        });
        onDone(created);
      }
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('409:') && !definition) {
        setError(
          'entityType',
          { type: 'server', message: 'An object with this type already exists' },
          { shouldFocus: true },
        );
        return;
      }
      setFormError(applyApiErrors(error, setError, serverFields));
    }
  });

  const error = (key: keyof ObjectFormValues) => errorText(errors[key]);
  const typeHint = definition
    ? 'The type names the records in addresses and imports, so it stays as it is.'
    : 'Lowercase letters, numbers and underscores; it cannot be changed later.';

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{definition ? `Edit ${definition.displayName}` : 'New object'}</DialogTitle>
        <DialogDescription>
          An object is a kind of record your team keeps besides leads, clients, companies and deals.
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-5">
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="object-name" label="Name" error={error('displayName')}>
            <Input
              {...fieldA11y('object-name', error('displayName'))}
              placeholder="Court filing"
              autoComplete="off"
              {...nameField}
            />
          </FormField>
          <FormField id="object-plural" label="Plural name" error={error('pluralName')}>
            <Input
              {...fieldA11y('object-plural', error('pluralName'))}
              placeholder="Court filings"
              autoComplete="off"
              {...register('pluralName', { onChange: () => setTyped((t) => ({ ...t, pluralName: true })) })}
            />
          </FormField>
          <FormField id="object-type" label="Type" hint={typeHint} error={error('entityType')}>
            <Input
              {...fieldA11y('object-type', error('entityType'), typeHint)}
              placeholder="court_filing"
              autoComplete="off"
              spellCheck={false}
              readOnly={definition !== null}
              disabled={definition !== null}
              className="font-mono text-xs"
              {...register('entityType', { onChange: () => setTyped((t) => ({ ...t, entityType: true })) })}
            />
          </FormField>
          <FormField
            id="object-order"
            label="Order"
            hint="Lower numbers come first."
            error={error('displayOrder')}
          >
            <Input
              {...fieldA11y('object-order', error('displayOrder'), 'Lower numbers come first.')}
              inputMode="numeric"
              autoComplete="off"
              {...register('displayOrder')}
            />
          </FormField>
        </div>
        <FormField
          id="object-description"
          label="Description"
          labelAside="Optional"
          error={error('description')}
        >
          <Textarea
            {...fieldA11y('object-description', error('description'))}
            rows={2}
            placeholder="What these records are for"
            {...register('description')}
          />
        </FormField>
        <div className="flex flex-col gap-1.5">
          <p id="object-icon-label" className="text-sm font-medium">
            Icon
          </p>
          <Controller
            control={control}
            name="iconName"
            render={({ field }) => (
              <IconPicker value={field.value} onChange={field.onChange} labelledBy="object-icon-label" />
            )}
          />
          {error('iconName') ? (
            <p className="text-xs font-medium text-destructive">{error('iconName')}</p>
          ) : null}
        </div>
        <FormField
          id="object-permission"
          label="Permissions from"
          hint={permissionCategoryHelp[category]?.help}
          error={error('permissionCategory')}
        >
          <Select
            {...fieldA11y(
              'object-permission',
              error('permissionCategory'),
              permissionCategoryHelp[category]?.help,
            )}
            {...register('permissionCategory')}
          >
            {objectPermissionCategories.map((option) => (
              <option key={option} value={option}>
                {permissionCategoryHelp[option].label}
              </option>
            ))}
          </Select>
        </FormField>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={() => onDone()} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? 'Saving…' : definition ? 'Save object' : 'Create object'}
        </Button>
      </DialogFooter>
    </form>
  );
}
