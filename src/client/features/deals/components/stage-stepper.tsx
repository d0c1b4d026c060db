import { Check, Trophy, XCircle } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { Stage } from '../api';

interface StageStepperProps {
  stages: Stage[];
  current: string;
  disabled?: boolean;
  onSelect: (stage: Stage) => void;
}

/** A chevron per stage on wide screens, the first without a notch and the last without a point. */
const chevron = {
  first: 'lg:rounded-l-lg lg:[clip-path:polygon(0_0,calc(100%-10px)_0,100%_50%,calc(100%-10px)_100%,0_100%)]',
  middle: 'lg:[clip-path:polygon(0_0,calc(100%-10px)_0,100%_50%,calc(100%-10px)_100%,0_100%,10px_50%)]',
  last: 'lg:rounded-r-lg lg:[clip-path:polygon(0_0,100%_0,100%_100%,0_100%,10px_50%)]',
};

/**
 * The pipeline's stages in order; the deal's stage highlighted, earlier ones ticked. A click moves
 * the deal. Narrower than 1024 px the stages wrap as pills, so every stage stays in sight; wider,
 * they share one row of chevrons.
 */
export function StageStepper({ stages, current, disabled, onSelect }: StageStepperProps) {
  const currentIndex = stages.findIndex((s) => s.name === current);
  return (
    // `relative` keeps the screen-reader-only text inside the bar rather than relative to the page.
    <nav aria-label="Stage" className="relative">
      <ol className="flex flex-wrap gap-1.5 lg:flex-nowrap lg:gap-1">
        {stages.map((stage, index) => {
          const isCurrent = index === currentIndex;
          const done = currentIndex >= 0 && index < currentIndex;
          const Icon = stage.closingType === 'won' ? Trophy : stage.closingType === 'lost' ? XCircle : null;
          const shape =
            index === 0 ? chevron.first : index === stages.length - 1 ? chevron.last : chevron.middle;
          return (
            <li key={stage.id} className="min-w-0 lg:flex-1">
              <button
                type="button"
                disabled={disabled || isCurrent}
                aria-current={isCurrent ? 'step' : undefined}
                onClick={() => onSelect(stage)}
                className={cn(
                  'flex h-9 max-w-full items-center justify-center gap-1.5 rounded-full px-3.5 text-sm font-medium transition-colors',
                  'lg:h-10 lg:w-full lg:rounded-none lg:px-4',
                  shape,
                  isCurrent
                    ? 'bg-primary text-primary-foreground'
                    : done
                      ? 'bg-primary-soft text-primary-soft-foreground hover:bg-primary/20'
                      : 'bg-muted text-muted-foreground hover:bg-slate-200 hover:text-foreground',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-default',
                  disabled && !isCurrent && 'opacity-70',
                )}
              >
                {done ? <Check className="size-3.5 shrink-0" aria-hidden="true" /> : null}
                {Icon && !done ? <Icon className="size-3.5 shrink-0" aria-hidden="true" /> : null}
                <span className="truncate">{stage.name}</span>
                {isCurrent ? <span className="sr-only"> (current stage)</span> : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
