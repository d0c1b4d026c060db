import { Check } from 'lucide-react';
import type { SigningField } from '../api';
import { fieldBoxPixels, scaledFontSize } from '../field-layout';
import { type FieldValue, isFilled } from '../signing-fields';
import { cn } from '../../../lib/cn';

interface FieldButtonProps {
  field: SigningField;
  value: FieldValue | undefined;
  scale: number;
  current: boolean;
  error?: string;
  onActivate: () => void;
}

const emptyLabels: Record<SigningField['fieldType'], string> = {
  signature: 'Sign',
  initial: 'Initial',
  date: 'Date',
  text: 'Text',
  checkbox: '',
  dropdown: 'Choose',
  radio: 'Choose',
};

/** Today's date and other ISO dates as the signer reads them. */
function displayText(field: SigningField, text: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (field.fieldType === 'date' && iso) return `${iso[2]}/${iso[3]}/${iso[1]}`;
  return text;
}

/**
 * One of the signer's fields over its page, at its place scaled to the page's width. The box is
 * drawn at its true size; the button around it reaches at least 44 × 44 px for a thumb.
 */
export function FieldButton({ field, value, scale, current, error, onActivate }: FieldButtonProps) {
  const box = fieldBoxPixels(field, scale);
  const filled = isFilled(value);
  const label = field.fieldName || emptyLabels[field.fieldType];
  const checkbox = field.fieldType === 'checkbox';
  return (
    <button
      type="button"
      data-field-id={field.id}
      data-field-type={field.fieldType}
      data-filled={filled ? 'true' : 'false'}
      role={checkbox ? 'checkbox' : undefined}
      aria-checked={checkbox ? filled : undefined}
      aria-label={`${label}${field.isRequired ? ' (required)' : ''}${filled && !checkbox ? ': filled' : ''}`}
      aria-invalid={error ? true : undefined}
      title={field.tooltip ?? undefined}
      onClick={onActivate}
      className="group absolute z-10 rounded-md outline-none"
      style={{
        left: box.left - box.hitX,
        top: box.top - box.hitY,
        width: box.width + box.hitX * 2,
        height: box.height + box.hitY * 2,
      }}
    >
      <span
        className={cn(
          'absolute flex items-center justify-center overflow-hidden rounded-sm border text-left leading-none',
          filled
            ? 'border-primary/40 bg-primary-soft/40 text-slate-900'
            : 'border-dashed border-amber-500 bg-amber-100/85 font-medium text-amber-900',
          error && 'border-2 border-solid border-destructive bg-red-50/90',
          current && 'ring-4 ring-primary/60',
          'group-focus-visible:ring-4 group-focus-visible:ring-primary',
        )}
        style={{
          left: box.hitX,
          top: box.hitY,
          width: box.width,
          height: box.height,
          fontSize: scaledFontSize(field, scale),
        }}
      >
        {renderContent(field, value, filled)}
      </span>
    </button>
  );
}

function renderContent(field: SigningField, value: FieldValue | undefined, filled: boolean) {
  if (field.fieldType === 'checkbox') {
    return filled ? <Check className="size-[80%] max-h-full" strokeWidth={3} aria-hidden="true" /> : null;
  }
  if (filled && value?.kind === 'image') {
    return <img src={value.dataUrl} alt="" className="size-full object-contain" draggable={false} />;
  }
  if (filled && value?.kind === 'text') {
    return <span className="w-full truncate px-1">{displayText(field, value.text)}</span>;
  }
  return (
    <span className="truncate px-1">
      {field.placeholder || (field.fieldType === 'text' ? field.fieldName : emptyLabels[field.fieldType])}
      {field.isRequired ? <span aria-hidden="true"> *</span> : null}
    </span>
  );
}
