import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { signatureFieldTypes } from '../../../../common/validation/common';
import {
  type FieldDraft,
  fieldNameSchema,
  fieldTypeLabels,
  isFieldType,
  type Signer,
  signerLabel,
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
