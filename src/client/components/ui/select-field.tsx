import type { ReactNode } from 'react';
import { FormField, fieldA11y } from './form-field';
import { Select } from './select';

interface SelectFieldProps<Value extends string> {
  id: string;
  label: ReactNode;
  error?: string;
  /** The chosen value (a form may hold it as any string). */
  value: string;
  /** The allowed values, in the order offered. */
  options: readonly Value[];
  /** What an option shows. */
  labelOf: (value: Value) => ReactNode;
  onChange: (value: Value) => void;
}

/** A labelled drop-down of a fixed list of values, with its error below (FormField). */
export function SelectField<Value extends string>({
  id,
  label,
  error,
  value,
  options,
  labelOf,
  onChange,
}: SelectFieldProps<Value>) {
  return (
    <FormField id={id} label={label} error={error}>
      <Select {...fieldA11y(id, error)} value={value} onChange={(e) => onChange(e.target.value as Value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
