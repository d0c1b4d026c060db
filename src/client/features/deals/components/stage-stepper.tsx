import { Check, Trophy, XCircle } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { Stage } from '../api';

interface StageStepperProps {
  stages: Stage[];
  current: string;
  disabled?: boolean;
  onSelect: (stage: Stage) => void;
}

/** The pipeline's stages in order; the deal's stage highlighted, earlier ones ticked. A click moves the deal. */
export function StageStepper({ stages, current, disabled, onSelect }: StageStepperProps) {
  const currentIndex = stages.findIndex((s) => s.name === current);
  return (
    <nav aria-label="Stage" className="-mx-1 overflow-x-auto px-1 pb-1">
      <ol className="flex min-w-max gap-1">
        {stages.map((stage, index) => {
          const isCurrent = index === currentIndex;
          const done = currentIndex >= 0 && index < currentIndex;
          const Icon = stage.closingType === 'won' ? Trophy : stage.closingType === 'lost' ? XCircle : null;
          return (
            <li key={stage.id} className="flex-1">
              <button
                type="button"
                disabled={disabled || isCurrent}
                aria-current={isCurrent ? 'step' : undefined}
                onClick={() => onSelect(stage)}
                className={cn(
                  'flex h-10 w-full min-w-28 items-center justify-center gap-1.5 px-4 text-sm font-medium transition-colors',
                  'first:rounded-l-lg last:rounded-r-lg [clip-path:polygon(0_0,calc(100%-10px)_0,100%_50%,calc(100%-10px)_100%,0_100%,10px_50%)]',
                  index === 0 &&
                    '[clip-path:polygon(0_0,calc(100%-10px)_0,100%_50%,calc(100%-10px)_100%,0_100%)] rounded-l-lg',
                  index === stages.length - 1 &&
                    '[clip-path:polygon(0_0,100%_0,100%_100%,0_100%,10px_50%)] rounded-r-lg',
                  isCurrent
                    ? 'bg-primary text-primary-foreground'
                    : done
                      ? 'bg-primary-soft text-primary-soft-foreground hover:bg-primary/20'
                      : 'bg-muted text-muted-foreground hover:bg-slate-200 hover:text-foreground',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-default',
                  disabled && !isCurrent && 'opacity-70',
                )}
              >
                {done ? <Check className="size-3.5" aria-hidden="true" /> : null}
                {Icon && !done ? <Icon className="size-3.5" aria-hidden="true" /> : null}
                <span className="whitespace-nowrap">{stage.name}</span>
                {isCurrent ? <span className="sr-only"> (current stage)</span> : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
