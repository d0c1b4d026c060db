import type { useForm } from 'react-hook-form';
import type {
  FieldInput,
  ObjectDefinition,
  ObjectFieldDefinition,
} from '../../../../common/validation/objects';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import {
  FieldDefinitionDialog,
  FieldDefinitionForm,
} from '../../custom-fields/components/field-definition-dialog';
import {
  type FieldDefinitionFormKind,
  useFieldDefinitionForm,
} from '../../custom-fields/use-field-definition-form';
import { useSaveEntityField } from '../api';
import {
  objectFieldFormDefaults,
  objectFieldFormSchema,
  type ObjectFieldFormValues,
  rulesForType,
  toObjectFieldInput,
} from '../object-field-form-model';
import { sectionLabel } from '../object-record-type';

/** The field to edit, a new one (optionally in a section), or null when closed. */
export type ObjectFieldTarget = ObjectFieldDefinition | { new: true; section?: string } | null;

export function ObjectFieldFormDialog({
  definition,
  target,
  onOpenChange,
}: {
  definition: ObjectDefinition;
  target: ObjectFieldTarget;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FieldDefinitionDialog target={target} onOpenChange={onOpenChange}>
      {(field, fresh, onDone) => (
        <ObjectFieldForm definition={definition} field={field} section={fresh?.section} onDone={onDone} />
      )}
    </FieldDefinitionDialog>
  );
}

/** An object's field form as the shared dialog reads it. */
const objectFieldForm: FieldDefinitionFormKind<ObjectFieldFormValues, FieldInput> = {
  schema: objectFieldFormSchema,
  paths: { name: 'displayName', key: 'fieldName' },
  toInput: toObjectFieldInput,
  // The API names validation rules by their place in `validationRules`.
  serverFields: [
    'displayName',
    'fieldName',
    'fieldType',
    'section',
    'placeholder',
    'helpText',
    'defaultValue',
    'options',
  ],
  conflictMessage: 'A field with this name already exists',
  label: (values) => values.displayName,
};

function ObjectFieldForm({
  definition,
  field,
  section,
  onDone,
}: {
  definition: ObjectDefinition;
  field: ObjectFieldDefinition | null;
  section?: string;
  onDone: () => void;
}) {
  const save = useSaveEntityField(definition.id);
  const record = definition.displayName.toLowerCase();
  const { form, state } = useFieldDefinitionForm(objectFieldForm, {
    field,
    defaults: () => objectFieldFormDefaults(field, section),
    save: save.mutateAsync,
    appearsOn: record,
    onDone,
  });
  const { register } = form;
  const error = state.error;
  const rules = rulesForType(state.fieldType);
  const sections = [...new Set(['general', ...definition.fields.map((item) => item.section || 'general')])];

  return (
    <FieldDefinitionForm
      state={state}
      editing={field !== null}
      title={field ? `Edit ${field.displayName}` : `New ${record} field`}
      description={`Fields appear on the ${record} form and page, in the section you choose.`}
      namePlaceholder="Case number"
      keyLabel="Field name"
      existingKey={field?.fieldName ?? null}
      section={
        <FormField
          id="field-section"
          label="Section"
          hint="Fields of one section are shown together."
          error={error('section')}
        >
          <Input
            {...fieldA11y('field-section', error('section'), 'Fields of one section are shown together.')}
            list="field-section-options"
            autoComplete="off"
            {...register('section')}
          />
          <datalist id="field-section-options">
            {sections.map((item) => (
              <option key={item} value={item}>
                {sectionLabel(item)}
              </option>
            ))}
          </datalist>
        </FormField>
      }
      requiredDescription={`A ${record} cannot be saved without it.`}
      onDone={onDone}
    >
      <FormField id="field-help" label="Help text" labelAside="Optional" error={error('helpText')}>
        <Input
          {...fieldA11y('field-help', error('helpText'))}
          placeholder="Shown under the field"
          autoComplete="off"
          {...register('helpText')}
        />
      </FormField>

      {rules.bounds || rules.text ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-medium">Validation</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {rules.bounds ? (
              <>
                <RuleInput id="field-min" label="Minimum" error={error('min')} register={register('min')} />
                <RuleInput id="field-max" label="Maximum" error={error('max')} register={register('max')} />
              </>
            ) : (
              <>
                <RuleInput
                  id="field-min-length"
                  label="Minimum length"
                  error={error('minLength')}
                  register={register('minLength')}
                />
                <RuleInput
                  id="field-max-length"
                  label="Maximum length"
                  error={error('maxLength')}
                  register={register('maxLength')}
                />
                <FormField
                  id="field-pattern"
                  label="Pattern"
                  labelAside="Optional"
                  hint="A regular expression the whole value must match, e.g. [0-9]{4}-CA-[0-9]+"
                  error={error('pattern')}
                >
                  <Input
                    {...fieldA11y('field-pattern', error('pattern'))}
                    autoComplete="off"
                    spellCheck={false}
                    className="font-mono text-xs"
                    {...register('pattern')}
                  />
                </FormField>
                <FormField
                  id="field-pattern-message"
                  label="Message when it does not match"
                  labelAside="Optional"
                  error={error('patternMessage')}
                >
                  <Input
                    {...fieldA11y('field-pattern-message', error('patternMessage'))}
                    placeholder="Case number is not in the expected format"
                    autoComplete="off"
                    {...register('patternMessage')}
                  />
                </FormField>
              </>
            )}
          </div>
        </fieldset>
      ) : null}
    </FieldDefinitionForm>
  );
}

function RuleInput({
  id,
  label,
  error,
  register,
}: {
  id: string;
  label: string;
  error?: string;
  register: ReturnType<ReturnType<typeof useForm<ObjectFieldFormValues>>['register']>;
}) {
  return (
    <FormField id={id} label={label} labelAside="Optional" error={error}>
      <Input {...fieldA11y(id, error)} inputMode="decimal" autoComplete="off" {...register} />
    </FormField>
  );
}
