import { Calendar, CheckSquare, CircleDot, ListChecks, PenLine, Signature, Type } from 'lucide-react';
import type { DragEvent } from 'react';
import { cn } from '../../../lib/cn';
import { type FieldType, fieldTypeLabels } from '../field-drafts';

export const fieldDragType = 'application/x-locus-field-type';

const tools: { type: FieldType; icon: typeof Signature }[] = [
  { type: 'signature', icon: Signature },
  { type: 'initials', icon: PenLine },
  { type: 'date', icon: Calendar },
  { type: 'text', icon: Type },
  { type: 'checkbox', icon: CheckSquare },
  // Choices: the box asks for its options once placed ("Add at least one option").
  { type: 'dropdown', icon: ListChecks },
  { type: 'radio', icon: CircleDot },
];

interface ToolPaletteProps {
  armed: FieldType | null;
  disabled: boolean;
  onArm: (type: FieldType | null) => void;
}

/**
 * The field tools: drag one onto a page, or pick it (click, Enter, tap) and then click or tap the
 * page where it goes (or press Enter on a focused page).
 */
export function ToolPalette({ armed, disabled, onArm }: ToolPaletteProps) {
  const onDragStart = (type: FieldType) => (event: DragEvent<HTMLButtonElement>) => {
    event.dataTransfer.setData(fieldDragType, type);
    event.dataTransfer.effectAllowed = 'copy';
    onArm(type);
  };
  return (
    <div data-tour="signature-tools" className="flex flex-col gap-2">
      <h3 id="signature-tools-heading" className="text-sm font-semibold">
        Fields
      </h3>
      <div
        role="toolbar"
        aria-labelledby="signature-tools-heading"
        className="-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1 lg:grid lg:grid-cols-2 lg:overflow-visible"
      >
        {tools.map(({ type, icon: Icon }) => (
          <button
            key={type}
            type="button"
            draggable={!disabled}
            disabled={disabled}
            aria-pressed={armed === type}
            onDragStart={onDragStart(type)}
            onClick={() => onArm(armed === type ? null : type)}
            className={cn(
              'flex h-10 shrink-0 items-center gap-2 rounded-lg border px-3 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
              'disabled:cursor-not-allowed disabled:opacity-50',
              armed === type
                ? 'border-primary bg-primary text-primary-foreground shadow-sm'
                : 'cursor-grab border-border bg-surface hover:bg-muted active:cursor-grabbing',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
            {fieldTypeLabels[type]}
          </button>
        ))}
      </div>
      <p
        className={cn('text-xs leading-5 text-muted-foreground', !armed && 'hidden lg:block')}
        aria-live="polite"
      >
        {armed
          ? `Click or tap a page to place the ${fieldTypeLabels[armed].toLowerCase()} field (Enter on a focused page places it in the middle).`
          : 'Drag a field onto a page, or pick one and then click the page.'}
      </p>
    </div>
  );
}
