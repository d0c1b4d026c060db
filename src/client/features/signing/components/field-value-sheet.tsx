import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { SigningField } from '../api';
import { type FieldValue, inputHintsFor, validateFieldValue } from '../signing-fields';
import { BottomSheet } from './bottom-sheet';
import { signerControlClassName } from './control-class';

interface FieldValueSheetProps {
  field: SigningField;
  value: FieldValue | undefined;
  /** The server's message for this field after a refused finish. */
  serverError?: string;
  onSave: (value: FieldValue | undefined) => void;
  onClose: () => void;
}

/** Text, date, dropdown and radio fields are filled here, with the keyboard each one needs. */
export function FieldValueSheet({ field, value, serverError, onSave, onClose }: FieldValueSheetProps) {
  const [text, setText] = useState(value?.kind === 'text' ? value.text : '');
  const [problem, setProblem] = useState<string | null>(serverError ?? null);
  const inputId = useId();
  const hints = inputHintsFor(field);
  const choices = field.options ?? [];

  const save = (next: string) => {
    const candidate: FieldValue | undefined = next.trim() === '' ? undefined : { kind: 'text', text: next };
    const message = validateFieldValue(field, candidate);
    if (message) {
      setProblem(message);
      return;
    }
    onSave(candidate);
  };

  let control;
  if (field.fieldType === 'radio') {
    control = (
      <fieldset className="space-y-2">
        <legend className="sr-only">{field.fieldName}</legend>
        {choices.map((choice) => (
          <label
            key={choice}
            className={cn(
              'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-3 text-sm',
              text === choice ? 'border-primary bg-primary-soft' : 'border-border',
            )}
          >
            <input
              type="radio"
              name={inputId}
              value={choice}
              checked={text === choice}
              onChange={() => setText(choice)}
              className="size-5 accent-[var(--color-primary)]"
            />
            {choice}
          </label>
        ))}
      </fieldset>
    );
  } else if (field.fieldType === 'dropdown') {
    control = (
      <select
        id={inputId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={problem ? true : undefined}
        className={`${signerControlClassName} h-12 text-base`}
      >
        <option value="">Choose…</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        id={inputId}
        type={hints.type}
        inputMode={hints.inputMode}
        autoComplete={hints.autoComplete}
        value={text}
        maxLength={field.maxLength ?? 500}
        placeholder={field.placeholder ?? undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${inputId}-problem` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        className={`${signerControlClassName} h-12 text-base`}
      />
    );
  }

  return (
    <BottomSheet
      title={field.fieldName || 'Fill in'}
      description={field.tooltip ?? (field.isRequired ? 'Required' : 'Optional')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" size="lg" className="flex-1" onClick={onClose}>
            Cancel
          </Button>
          <Button size="lg" className="flex-1" onClick={() => save(text)}>
            Done
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save(text);
        }}
        className="space-y-2"
      >
        {field.fieldType === 'radio' ? null : (
          <label htmlFor={inputId} className="text-sm font-medium">
            {field.fieldName}
          </label>
        )}
        {control}
        {problem ? (
          <p id={`${inputId}-problem`} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
      </form>
    </BottomSheet>
  );
}
