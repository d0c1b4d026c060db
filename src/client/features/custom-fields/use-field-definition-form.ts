import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import {
  type Control,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import type { z } from 'zod';
import type { CustomFieldType } from '../../components/custom-fields/types';
import { useUnsavedChanges } from '../../components/ui/dialog';
import { readApiError } from '../../lib/api';
import { changedFields } from '../../lib/changed-fields';
import { applyApiErrors, errorText } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import type { OptionsArray } from './components/field-form-parts';
import { fieldKeyFromName } from './field-form-model';

/*
 * The form behind a field definition dialog, shared by Settings › Custom fields and
 * Settings › Objects: the two differ only in the names of the label and key fields, their
 * schema and request body, and what else they ask (section, visibility, validation rules).
 */

/** What every field definition form holds, under these names. */
export interface FieldDefinitionValues {
  fieldType: CustomFieldType;
  isRequired: boolean;
  placeholder: string;
  defaultValue: string;
  options: { value: string }[];
}

/** What a screen's field form is: its schema, names and request body. */
export interface FieldDefinitionFormKind<V extends FieldDefinitionValues, I extends object> {
  schema: z.ZodType;
  /** The names of the field's label and its key in V. */
  paths: { name: Path<V>; key: Path<V> };
  toInput: (values: V, editing: boolean) => I;
  /** Fields the API's 400 errors are shown under. */
  serverFields: readonly Path<V>[];
  /** Shown under the key on a 409; the server's own message when not given. */
  conflictMessage?: string;
  /** How the field is named in the toast. */
  label: (values: V) => string;
}

/** One opening of the dialog. */
export interface FieldDefinitionFormOpening<V, F, I> {
  /** The field being edited, or null for a new one. */
  field: F | null;
  /** The values the form opens with (read once). */
  defaults: () => V;
  save: (request: { field: F | null; input: I | Partial<I> }) => Promise<unknown>;
  /** Where a new field shows up: "… now appears on every {appearsOn}." */
  appearsOn: string;
  onDone: () => void;
}

/** What the shared dialog body reads of the form, whatever the names of its own fields. */
export interface FieldDefinitionFormState {
  control: Control<FieldValues>;
  register: (path: string) => UseFormRegisterReturn;
  error: (path: string) => string | undefined;
  paths: { name: string; key: string };
  fieldType: CustomFieldType;
  /** The options typed so far, trimmed, without blanks. */
  optionValues: string[];
  options: OptionsArray;
  optionError: (index: number) => string | undefined;
  listError?: string;
  /** What a blank key becomes. */
  keyPreview: string;
  formError: string | null;
  isSubmitting: boolean;
  onSubmit: () => Promise<void>;
}

export function useFieldDefinitionForm<V extends FieldDefinitionValues, F, I extends object>(
  kind: FieldDefinitionFormKind<V, I>,
  opening: FieldDefinitionFormOpening<V, F, I>,
): { form: UseFormReturn<V>; state: FieldDefinitionFormState } {
  const { paths } = kind;
  const { field } = opening;
  const [formError, setFormError] = useState<string | null>(null);
  // The values the form opened with: an edit sends only what differs from them.
  const [opened] = useState(opening.defaults);
  const form = useForm<V>({
    resolver: zodResolver(kind.schema as never) as unknown as Resolver<V>,
    defaultValues: opened as never,
  });
  const { formState, setError } = form;
  useUnsavedChanges(formState.isDirty);
  // Generic paths are opaque to react-hook-form's types: the shared part reads the form by name.
  const loose = form as unknown as UseFormReturn<FieldValues>;
  const options = useFieldArray({ control: loose.control, name: 'options' });
  const [name, fieldType, key, optionValues] = useWatch({
    control: loose.control,
    name: [paths.name, 'fieldType', paths.key, 'options'],
  }) as [string, CustomFieldType, string, { value: string }[] | undefined];
  const errors = loose.formState.errors;

  // The body is built from what was typed (the resolver's output may hold numbers and nulls).
  const onSubmit = form.handleSubmit(async () => {
    const values = form.getValues();
    setFormError(null);
    try {
      const input = kind.toInput(values, field !== null);
      await opening.save({
        field,
        input: field ? changedFields(kind.toInput(opened, true), input) : input,
      });
      toast.success(field ? 'Field saved' : 'Field added', {
        description: field
          ? `${kind.label(values)} was updated.`
          : `${kind.label(values)} now appears on every ${opening.appearsOn}.`,
      });
      opening.onDone();
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('409:')) {
        const message = kind.conflictMessage ?? readApiError(error).message;
        setError(paths.key, { type: 'server', message }, { shouldFocus: true });
        return;
      }
      setFormError(applyApiErrors(error, setError, kind.serverFields));
    }
  });

  const optionErrors = errors.options as
    | { [index: number]: { value?: unknown } | undefined; message?: string; root?: { message?: string } }
    | undefined;
  return {
    form,
    state: {
      control: loose.control,
      register: (path) => loose.register(path),
      error: (path) => errorText(errors[path]),
      paths,
      fieldType,
      optionValues: (optionValues ?? []).map((option) => option.value.trim()).filter(Boolean),
      options,
      optionError: (index) => errorText(optionErrors?.[index]?.value),
      listError: optionErrors?.message ?? optionErrors?.root?.message,
      keyPreview: key.trim() || fieldKeyFromName(name),
      formError,
      isSubmitting: formState.isSubmitting,
      onSubmit,
    },
  };
}
