import { AlertCircle } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { cn } from '../../../lib/cn';
import { type FieldDraft, fieldTypeLabels, type Signer, signerColor, signerLabel } from '../field-drafts';
import { arrowStep, type Box, boxToPixels, moveBox, resizeBox, type Size, toPoints } from '../geometry';

interface FieldBoxProps {
  field: FieldDraft;
  signers: Signer[];
  page: Size;
  scale: number;
  selected: boolean;
  readOnly: boolean;
  error?: string;
  onSelect: () => void;
  onChange: (box: Box) => void;
  onDelete: () => void;
}

interface Gesture {
  mode: 'move' | 'resize';
  pointerId: number;
  startX: number;
  startY: number;
  start: Box;
}

/**
 * One field drawn over its page. Pointer (mouse, pen, finger) drags move it or, from the corner
 * handle, resize it; with focus, arrow keys move it (Shift: 10 points) and Alt+arrows resize it.
 * Every change is clamped inside the page in points, whatever the zoom.
 */
export function FieldBox({
  field,
  signers,
  page,
  scale,
  selected,
  readOnly,
  error,
  onSelect,
  onChange,
  onDelete,
}: FieldBoxProps) {
  const gesture = useRef<Gesture | null>(null);
  const signer = signers.find((candidate) => candidate.key === field.signerKey);
  const color = signerColor(signers, field.signerKey);
  const pixels = boxToPixels(field, scale);

  const begin = (mode: Gesture['mode']) => (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    onSelect();
    if (readOnly) return;
    event.stopPropagation();
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    gesture.current = {
      mode,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      start: { x: field.x, y: field.y, width: field.width, height: field.height },
    };
  };

  const track = (event: PointerEvent<HTMLElement>) => {
    const current = gesture.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = toPoints(event.clientX - current.startX, scale);
    const dy = toPoints(event.clientY - current.startY, scale);
    onChange(
      current.mode === 'move' ? moveBox(current.start, dx, dy, page) : resizeBox(current.start, dx, dy, page),
    );
  };

  const end = (event: PointerEvent<HTMLElement>) => {
    if (gesture.current?.pointerId !== event.pointerId) return;
    gesture.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (readOnly) return;
    const step = arrowStep(event.key, event.shiftKey);
    if (step) {
      event.preventDefault();
      const box = { x: field.x, y: field.y, width: field.width, height: field.height };
      onChange(event.altKey ? resizeBox(box, step.x, step.y, page) : moveBox(box, step.x, step.y, page));
      return;
    }
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onDelete();
    }
  };

  const label = `${fieldTypeLabels[field.fieldType]} field “${field.fieldName}” for ${signerLabel(signer)}, page ${field.pageNumber}`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a draggable box on a page has no native element.
    <div
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={selected}
      aria-describedby={error ? `${field.key}-error` : undefined}
      data-field-box={field.fieldName}
      data-field-key={field.key}
      className={cn(
        'group absolute flex touch-none items-start justify-between overflow-visible rounded-[3px] border-2 border-dashed select-none',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        color.box,
        selected && 'border-solid shadow-lg ring-2 ring-primary/40',
        error && 'border-destructive ring-2 ring-destructive/40',
        readOnly ? 'cursor-default' : 'cursor-move',
      )}
      style={{ left: pixels.left, top: pixels.top, width: pixels.width, height: pixels.height }}
      onPointerDown={begin('move')}
      onPointerMove={track}
      onPointerUp={end}
      onPointerCancel={end}
      onClick={(event) => event.stopPropagation()}
      onFocus={onSelect}
      onKeyDown={onKeyDown}
    >
      <span className="pointer-events-none min-w-0 truncate px-1 pt-0.5 text-[11px] leading-tight font-semibold">
        {fieldTypeLabels[field.fieldType]}
        {field.isRequired ? <span aria-hidden="true">*</span> : null}
        <span className="block truncate font-normal opacity-80">{signerLabel(signer)}</span>
      </span>
      {error ? (
        <span
          id={`${field.key}-error`}
          role="alert"
          className="pointer-events-none absolute top-full left-0 z-10 mt-1 flex max-w-64 items-start gap-1 rounded-md bg-destructive px-2 py-1 text-xs font-medium text-destructive-foreground shadow"
        >
          <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {error}
        </span>
      ) : null}
      {readOnly ? null : (
        <span
          aria-hidden="true"
          data-resize-handle=""
          className={cn(
            'absolute -right-2 -bottom-2 size-4 pointer-coarse:-right-3 pointer-coarse:-bottom-3 pointer-coarse:size-6 cursor-nwse-resize touch-none rounded-sm border-2 border-white bg-primary shadow',
            selected ? 'opacity-100' : 'opacity-0 group-hover:opacity-100',
          )}
          onPointerDown={begin('resize')}
          onPointerMove={track}
          onPointerUp={end}
          onPointerCancel={end}
        />
      )}
    </div>
  );
}
