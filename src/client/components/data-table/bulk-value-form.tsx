import { type FormEvent, useId, useState } from 'react';
import { tagName } from '../../../common/validation/common';
import { Button } from '../ui/button';
import { DialogBody, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';
import { FormField, fieldA11y } from '../ui/form-field';
import { Select } from '../ui/select';
import { Spinner } from '../ui/spinner';
import { SuggestionInput } from '../ui/suggestion-input';
import type { DialogMode } from './bulk-actions';

/** The one value a bulk change applies: a field's new value, or a tag to add or remove. */
export function BulkValueForm({
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
