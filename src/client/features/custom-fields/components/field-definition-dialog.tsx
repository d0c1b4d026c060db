import { Fragment, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { fieldTypesWithOptions } from '../../../components/custom-fields/types';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormError, FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import type { FieldDefinitionFormState } from '../use-field-definition-form';
import {
  FieldKeyInput,
  FieldTypeSelect,
  OptionsEditor,
  PlaceholderAndDefault,
  ToggleRow,
} from './field-form-parts';

/*
 * The field definition dialog of Settings › Custom fields and Settings › Objects: the shell and
 * the body both show; each screen adds its section input, toggles and rules.
 */

/** Opens on a field to edit or a new one; a fresh form each time it opens on another target. */
export function FieldDefinitionDialog<T extends { id: string } | { new: true }>({
  target,
  onOpenChange,
  children,
}: {
  /** The field to edit, a new one, or null when closed. */
  target: T | null;
  onOpenChange: (open: boolean) => void;
  children: (
    field: Extract<T, { id: string }> | null,
    fresh: Extract<T, { new: true }> | null,
    onDone: () => void,
  ) => ReactNode;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        {target ? (
          <Fragment key={'id' in target ? target.id : 'new'}>
            {children(
              'id' in target ? (target as Extract<T, { id: string }>) : null,
              'new' in target ? (target as Extract<T, { new: true }>) : null,
              () => onOpenChange(false),
            )}
          </Fragment>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

interface ToggleSpec {
  /** The boolean's name in the form. */
  name: string;
  id: string;
  label: string;
  description: string;
}

export function FieldDefinitionForm({
  state,
  editing,
  title,
  description,
  namePlaceholder,
  keyLabel,
  existingKey,
  section,
  requiredDescription,
  toggles = [],
  children,
  onDone,
}: {
  state: FieldDefinitionFormState;
  editing: boolean;
  title: string;
  description: string;
  namePlaceholder: string;
  keyLabel: string;
  /** The key of the field being edited; null for a new field. */
  existingKey: string | null;
  /** The section input, beside the key. */
  section: ReactNode;
  requiredDescription: string;
  /** Switches shown after Required, each over a boolean of the form. */
  toggles?: ToggleSpec[];
  /** What the screen asks after the placeholder and default. */
  children?: ReactNode;
  onDone: () => void;
}) {
  const { register, error, paths, fieldType } = state;
  return (
    <form onSubmit={state.onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-5">
        <FormError message={state.formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="field-name" label="Name" error={error(paths.name)}>
            <Input
              {...fieldA11y('field-name', error(paths.name))}
              placeholder={namePlaceholder}
              autoComplete="off"
              {...register(paths.name)}
            />
          </FormField>
          <FieldTypeSelect error={error('fieldType')} register={register('fieldType')} />
          <FieldKeyInput
            label={keyLabel}
            existingKey={existingKey}
            preview={state.keyPreview}
            error={error(paths.key)}
            register={register(paths.key)}
          />
          {section}
        </div>

        {fieldTypesWithOptions.includes(fieldType) ? (
          <OptionsEditor
            options={state.options}
            registerOption={(index) => register(`options.${index}.value`)}
            optionError={state.optionError}
            listError={state.listError}
          />
        ) : null}

        <PlaceholderAndDefault
          type={fieldType}
          options={state.optionValues}
          placeholder={{ register: register('placeholder'), error: error('placeholder') }}
          defaultValue={{ register: register('defaultValue'), error: error('defaultValue') }}
        />

        {children}

        <div className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {[
            { name: 'isRequired', id: 'field-required', label: 'Required', description: requiredDescription },
            ...toggles,
          ].map((toggle) => (
            <Controller
              key={toggle.id}
              control={state.control}
              name={toggle.name}
              render={({ field }) => (
                <ToggleRow
                  id={toggle.id}
                  label={toggle.label}
                  description={toggle.description}
                  checked={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          ))}
        </div>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={state.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={state.isSubmitting}>
          {state.isSubmitting ? <Spinner /> : null}
          {state.isSubmitting ? 'Saving…' : editing ? 'Save field' : 'Add field'}
        </Button>
      </DialogFooter>
    </form>
  );
}
