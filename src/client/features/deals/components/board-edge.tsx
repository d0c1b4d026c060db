import { ChevronLeft, ChevronRight } from 'lucide-react';

interface BoardEdgeProps {
  side: 'left' | 'right';
  /** Scrolls the board one column towards this side. */
  onShowMore: () => void;
}

/**
 * More stages wait past this edge of the board: a fade, and a button that brings the next one
 * into view (a scrollbar may not show, and a whole column can sit just out of sight).
 */
export function BoardEdge({ side, onShowMore }: BoardEdgeProps) {
  const left = side === 'left';
  const Icon = left ? ChevronLeft : ChevronRight;
  return (
    <div
      data-testid={`board-more-${side}`}
      className={
        left
          ? 'pointer-events-none absolute inset-y-0 left-0 hidden w-12 items-center justify-start bg-linear-to-r from-background to-transparent sm:flex'
          : 'pointer-events-none absolute inset-y-0 right-0 hidden w-12 items-center justify-end bg-linear-to-l from-background to-transparent sm:flex'
      }
    >
      <button
        type="button"
        onClick={onShowMore}
        aria-label={left ? 'Show earlier stages' : 'Show later stages'}
        className="pointer-events-auto grid size-9 place-items-center rounded-full border border-border bg-surface text-foreground shadow-md transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <Icon className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}
