import { FileText, Upload } from 'lucide-react';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { formatFileSize } from '../lib/format-file-size';
import { cn } from '../lib/cn';
import { Button } from './ui/button';

interface CsvDropZoneProps {
  file: File | null;
  problem: string | null;
  disabled: boolean;
  /** What the importer takes (size, rows, formats), under the button. */
  hint: ReactNode;
  onChoose: (file: File) => void;
}

/**
 * A CSV dropped on the zone or chosen with its button (the keyboard's way in): the imports wizard's
 * and the custom-object import's first step.
 */
export function CsvDropZone({ file, problem, disabled, hint, onChoose }: CsvDropZoneProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onChoose(dropped);
  };

  return (
    <div className="flex flex-col gap-2">
      <div
        data-testid="import-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed border-border px-4 py-10 text-center transition-colors',
          dragging && 'border-primary bg-primary-soft',
          problem && 'border-destructive/60',
        )}
      >
        {file ? (
          <div className="flex max-w-full items-center gap-2 text-sm">
            <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="min-w-0 font-medium break-all">{file.name}</span>
            <span className="shrink-0 text-muted-foreground tabular-nums">{formatFileSize(file.size)}</span>
          </div>
        ) : (
          <Upload className="size-7 text-muted-foreground" aria-hidden="true" />
        )}
        <p className="text-sm text-muted-foreground">
          {file ? 'Drop another file here, or' : 'Drop a CSV file here, or'}
        </p>
        {/* A real button opens the chooser; the input stays out of sight, labelled for assistive tech and tests. */}
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          aria-label="CSV file"
          disabled={disabled}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) onChoose(chosen);
            event.target.value = '';
          }}
        />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => input.current?.click()}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
        >
          {file ? 'Choose another file' : 'Choose file'}
        </Button>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
