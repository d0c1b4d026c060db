import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import { enhancedFieldValidationTypes, signatureFieldTypes } from '../../../../common/allowed-values';
import { signatureFontFamilies } from '../../../../common/validation/documents';
import {
  type FieldDraft,
  fieldNameSchema,
  fieldTypeLabels,
  isFieldType,
  isFontFamily,
  isValidationType,
  optionsError,
  type Signer,
  settingsOf,
  signerLabel,
  validationTypeLabels,
} from '../field-drafts';
import { type Box, clampBox, type Size } from '../geometry';

interface FieldSettingsProps {
  field: FieldDraft;
  signers: Signer[];
  page: Size | undefined;
  readOnly: boolean;
  error?: string;
  onChange: (patch: Partial<FieldDraft>) => void;
  onDelete: () => void;
}

/** The selected box's settings: type, name, signer, required, exact size and position. */
export function FieldSettings({
  field,
  signers,
  page,
  readOnly,
  error,
  onChange,
  onDelete,
}: FieldSettingsProps) {
  const id = (name: string) => `field-${field.key}-${name}`;
  const nameCheck = fieldNameSchema.safeParse(field.fieldName);
  const nameError = nameCheck.success ? undefined : nameCheck.error.issues[0]?.message;
  const setBox = (patch: Partial<Box>) => {
    const next = { x: field.x, y: field.y, width: field.width, height: field.height, ...patch };
    onChange(page ? clampBox(next, page) : next);
  };
  const numberInput = (name: keyof Box, label: string) => (
    <PointsInput
      id={id(name)}
      label={label}
      value={field[name]}
      readOnly={readOnly}
      onCommit={(value) => setBox({ [name]: value })}
    />
  );
  return (
    <div className="flex flex-col gap-3">
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-xs font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={id('type')} className="text-xs">
            Type
          </Label>
          <Select
            id={id('type')}
            className="h-9"
            value={field.fieldType}
            disabled={readOnly}
            onChange={(event) => {
              if (isFieldType(event.target.value)) onChange({ fieldType: event.target.value });
            }}
          >
            {signatureFieldTypes.map((type) => (
              <option key={type} value={type}>
                {fieldTypeLabels[type]}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={id('signer')} className="text-xs">
            Signer
          </Label>
          <Select
            id={id('signer')}
            className="h-9"
            value={field.signerKey}
            disabled={readOnly}
            onChange={(event) => onChange({ signerKey: event.target.value })}
          >
            {signers.map((signer) => (
              <option key={signer.key} value={signer.key}>
                {signerLabel(signer)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={id('name')} className="text-xs">
          Field name
        </Label>
        <Input
          {...fieldA11y(id('name'), nameError)}
          className="h-9"
          value={field.fieldName}
          readOnly={readOnly}
          maxLength={255}
          onChange={(event) => onChange({ fieldName: event.target.value })}
        />
        {nameError ? (
          <p id={`${id('name')}-error`} className="text-xs font-medium text-destructive">
            {nameError}
          </p>
        ) : null}
      </div>
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id('required')} className="text-sm">
          Required
        </Label>
        <Switch
          id={id('required')}
          checked={field.isRequired}
          disabled={readOnly}
          onCheckedChange={(checked) => onChange({ isRequired: checked })}
        />
      </div>
      <TypeSettings field={field} readOnly={readOnly} onChange={onChange} />
      <fieldset className="grid grid-cols-4 gap-2">
        <legend className="mb-1 text-xs text-muted-foreground">
          Position and size in points (page {field.pageNumber})
        </legend>
        {numberInput('x', 'X')}
        {numberInput('y', 'Y')}
        {numberInput('width', 'Width')}
        {numberInput('height', 'Height')}
      </fieldset>
      {readOnly ? null : (
        <p className="text-xs leading-5 text-muted-foreground">
          With the field focused: arrow keys move it 1 point (Shift: 10), Alt+arrows resize it, Delete removes
          it.
        </p>
      )}
      {readOnly ? null : (
        <Button variant="secondary" size="sm" className="self-start text-destructive" onClick={onDelete}>
          <Trash2 aria-hidden="true" />
          Delete field
        </Button>
      )}
    </div>
  );
}

interface TypeSettingsProps {
  field: FieldDraft;
  readOnly: boolean;
  onChange: (patch: Partial<FieldDraft>) => void;
}

/** What only some types have: a choice's options, a text's format, a placeholder, a typed value's font. */
function TypeSettings({ field, readOnly, onChange }: TypeSettingsProps) {
  const has = settingsOf(field.fieldType);
  const id = (name: string) => `field-${field.key}-${name}`;
  const optionsProblem = optionsError(field);
  return (
    <>
      {has.options ? (
        <div className="flex flex-col gap-1">
          <Label htmlFor={id('options')} className="text-xs">
            Options (one per line)
          </Label>
          <Textarea
            {...fieldA11y(id('options'), optionsProblem)}
            rows={3}
            value={field.options.join('\n')}
            readOnly={readOnly}
            maxLength={5000}
            onChange={(event) => onChange({ options: event.target.value.split('\n') })}
          />
          {optionsProblem ? (
            <p id={`${id('options')}-error`} className="text-xs font-medium text-destructive">
              {optionsProblem}
            </p>
          ) : null}
        </div>
      ) : null}
      {has.validation ? (
        <div className="flex flex-col gap-1">
          <Label htmlFor={id('validation')} className="text-xs">
            Format to check
          </Label>
          <Select
            id={id('validation')}
            className="h-9"
            value={field.validationType}
            disabled={readOnly}
            onChange={(event) => {
              const value = event.target.value;
              onChange({ validationType: isValidationType(value) ? value : '' });
            }}
          >
            <option value="">Any text</option>
            {enhancedFieldValidationTypes.map((type) => (
              <option key={type} value={type}>
                {validationTypeLabels[type]}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      {has.placeholder ? (
        <div className="flex flex-col gap-1">
          <Label htmlFor={id('placeholder')} className="text-xs">
            Placeholder
          </Label>
          <Input
            id={id('placeholder')}
            className="h-9"
            value={field.placeholder}
            readOnly={readOnly}
            maxLength={255}
            onChange={(event) => onChange({ placeholder: event.target.value })}
          />
        </div>
      ) : null}
      {has.font ? (
        <div className="grid grid-cols-[1fr_5rem] gap-2">
          <div className="flex flex-col gap-1">
            <Label htmlFor={id('font')} className="text-xs">
              Font
            </Label>
            <Select
              id={id('font')}
              className="h-9"
              value={field.fontFamily}
              disabled={readOnly}
              onChange={(event) => {
                if (isFontFamily(event.target.value)) onChange({ fontFamily: event.target.value });
              }}
            >
              {signatureFontFamilies.map((family) => (
                <option key={family} value={family}>
                  {family}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={id('font-size')} className="text-xs">
              Size
            </Label>
            <Select
              id={id('font-size')}
              className="h-9"
              value={String(field.fontSize)}
              disabled={readOnly}
              onChange={(event) => onChange({ fontSize: Number(event.target.value) })}
            >
              {fontSizes(field.fontSize).map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </Select>
          </div>
        </div>
      ) : null}
    </>
  );
}

/** The usual sizes from 6 to 72 points, and the field's own if it is another (set through the API). */
function fontSizes(current: number): number[] {
  const usual = [6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 24, 28, 32, 36, 48, 60, 72];
  return usual.includes(current) ? usual : [...usual, current].toSorted((a, b) => a - b);
}

interface PointsInputProps {
  id: string;
  label: string;
  value: number;
  readOnly: boolean;
  onCommit: (value: number) => void;
}

/** A number typed freely and applied (clamped) on Enter or leaving the field, not per keystroke. */
function PointsInput({ id, label, value, readOnly, onCommit }: PointsInputProps) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The box moved on the page: show its new value.
    setShown(value);
    setText(String(value));
  }
  const commit = () => {
    const number = Number(text);
    if (text.trim() !== '' && Number.isFinite(number)) onCommit(number);
    // Show what the box became (clamped), even when that is the value it had.
    setShown(Number.NaN);
  };
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <Input
        id={id}
        className="h-9 px-2"
        type="number"
        inputMode="numeric"
        readOnly={readOnly}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
    </div>
  );
}
