import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Input } from './input';

/** A palette of distinct, readable colours for statuses and tags. */
export const colorSwatches = [
  '#3b82f6',
  '#0f6b78',
  '#16a34a',
  '#84cc16',
  '#f59e0b',
  '#f97316',
  '#dc2626',
  '#db2777',
  '#8b5cf6',
  '#6b7280',
] as const;

const isHex = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value);

interface ColorInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * A colour: swatches, the system colour picker and the hex code as text. The text is the
 * labelled control (`id`); what is typed is kept as typed, so a bad code shows the form's message.
 * The picker and the swatches are named without the field's label, so that label finds one control.
 */
export function ColorInput({ id, value, onChange, onBlur, disabled, ...aria }: ColorInputProps) {
  const valid = isHex(value);
  return (
    <div className="flex flex-col gap-2.5">
      <div className="flex items-center gap-2">
        <label
          className={cn(
            'relative flex size-10 shrink-0 cursor-pointer items-center justify-center overflow-hidden rounded-lg border border-border shadow-xs',
            'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary',
            disabled && 'cursor-not-allowed opacity-60',
          )}
          title="Pick a colour"
        >
          <span className="sr-only">Open the palette</span>
          <ColorDot color={valid ? value : '#ffffff'} className="size-full rounded-none" />
          <input
            type="color"
            className="absolute inset-0 size-full cursor-pointer opacity-0"
            value={valid ? value.toLowerCase() : '#000000'}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          />
        </label>
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value.trim())}
          onBlur={onBlur}
          disabled={disabled}
          placeholder="#3b82f6"
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          className="w-32 font-mono uppercase"
          {...aria}
        />
      </div>
      <div role="group" aria-label="Swatches" className="flex flex-wrap gap-1.5">
        {colorSwatches.map((swatch) => {
          const selected = value.toLowerCase() === swatch;
          return (
            <button
              key={swatch}
              type="button"
              disabled={disabled}
              onClick={() => onChange(swatch)}
              aria-label={swatch}
              aria-pressed={selected}
              className={cn(
                'relative flex size-7 items-center justify-center rounded-full ring-offset-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                selected ? 'ring-2 ring-foreground/70' : 'hover:scale-110',
              )}
            >
              <ColorDot color={swatch} className="size-7" />
              {selected ? (
                <Check className="absolute size-3.5 text-white" strokeWidth={3} aria-hidden="true" />
              ) : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/**
 * A round colour sample. The colour is an SVG fill attribute rather than an inline style, so
 * nothing depends on style attributes (CSP `style-src 'self'`).
 */
export function ColorDot({ color, className }: { color: string; className?: string }) {
  const fill = isHex(color) ? color : '#94a3b8';
  return (
    <svg viewBox="0 0 16 16" className={cn('size-3 shrink-0 rounded-full', className)} aria-hidden="true">
      <rect width="16" height="16" fill={fill} />
    </svg>
  );
}
