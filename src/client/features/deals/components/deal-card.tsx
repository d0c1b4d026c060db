import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { CalendarClock, GripVertical, UserRound } from 'lucide-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { cn } from '../../../lib/cn';
import { initialsOf } from '../../../lib/initials';
import type { BoardCard } from '../board-model';
import { type DeadlineCountdown, deadlineCountdown, formatMoney, type KanbanTheme } from '../deal-format';

const toneClass: Record<DeadlineCountdown['tone'], string> = {
  passed: 'bg-red-50 text-red-700 ring-red-600/20',
  urgent: 'bg-red-50 text-red-700 ring-red-600/20',
  soon: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  ok: 'bg-slate-50 text-slate-600 ring-slate-500/15',
};

export function DeadlineChip({ deadline, className }: { deadline: string | null; className?: string }) {
  const countdown = deadlineCountdown(deadline);
  if (!countdown) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-[11px] font-medium whitespace-nowrap ring-1 ring-inset',
        toneClass[countdown.tone],
        className,
      )}
      title={`Claim deadline ${deadline}`}
    >
      <CalendarClock className="size-3" aria-hidden="true" />
      {countdown.label}
    </span>
  );
}

const themeCard: Record<KanbanTheme, string> = {
  professional: 'rounded-lg border border-border bg-surface shadow-xs hover:border-slate-300 hover:shadow-sm',
  minimal: 'rounded-md border border-transparent bg-surface hover:border-border',
  colorful: 'rounded-lg border border-border bg-surface shadow-xs hover:shadow-sm',
};

interface CardBodyProps {
  card: BoardCard;
  theme: KanbanTheme;
  overlay?: boolean;
  /** In a won or lost column the claim deadline no longer matters. */
  closed?: boolean;
}

/** What a card shows; used both in the column and as the drag overlay. */
export function DealCardBody({ card, theme, overlay, closed }: CardBodyProps) {
  const deadline = closed ? null : card.surplus.claimDeadline;
  const fee = card.surplus.expectedFee;
  return (
    <div
      className={cn(
        'group/card relative flex flex-col gap-2 p-3 text-left transition-[border-color,box-shadow]',
        themeCard[theme],
        overlay && 'rotate-1 cursor-grabbing border-primary/40 shadow-xl ring-2 ring-primary/30',
      )}
    >
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1 text-sm leading-5 font-medium text-foreground">
          <span className="line-clamp-2 break-words">{card.dealName}</span>
        </p>
        <GripVertical
          className="mt-0.5 size-4 shrink-0 text-slate-300 group-hover/card:text-slate-400"
          aria-hidden="true"
        />
      </div>
      {card.relatedClient ? (
        <p className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
          <UserRound className="size-3 shrink-0" aria-hidden="true" />
          <span className="truncate">{card.relatedClient.displayName}</span>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span
          className={cn(
            'text-sm tabular-nums',
            card.dealValue === null ? 'text-muted-foreground' : 'font-semibold text-foreground',
          )}
        >
          {formatMoney(card.dealValue)}
        </span>
        {fee !== null && fee !== card.dealValue ? (
          <span className="text-xs text-emerald-700 tabular-nums" title="Expected fee">
            Fee {formatMoney(fee)}
          </span>
        ) : card.surplus.surplusAmount !== null ? (
          <span className="text-xs text-muted-foreground tabular-nums">
            of {formatMoney(card.surplus.surplusAmount)} surplus
          </span>
        ) : null}
      </div>
      {deadline || card.assignedOwnerName ? (
        <div className="flex items-center justify-between gap-2">
          <DeadlineChip deadline={deadline} />
          {card.assignedOwnerName ? (
            <span
              className="ml-auto flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-soft text-[10px] font-semibold text-primary-soft-foreground"
              title={`Owner: ${card.assignedOwnerName}`}
            >
              {initialsOf(card.assignedOwnerName)}
              <span className="sr-only">Owner {card.assignedOwnerName}</span>
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

interface SortableDealCardProps {
  card: BoardCard;
  theme: KanbanTheme;
  disabled: boolean;
  closed: boolean;
  onOpen: (id: string) => void;
}

/** A card in a column: dragged with the mouse or, focused, picked up with Space. */
export function SortableDealCard({ card, theme, disabled, closed, onOpen }: SortableDealCardProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: card.id,
    data: { type: 'card', stage: card.stage, card },
    disabled,
  });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    listeners?.onKeyDown?.(event);
    if (!event.defaultPrevented && event.key === 'Enter' && !isDragging) onOpen(card.id);
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented) return;
    onOpen(card.id);
  };
  return (
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions -- role and tabIndex come from useSortable's attributes.
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      onClick={onClick}
      aria-roledescription="Deal card"
      data-deal-card={card.id}
      className={cn(
        'cursor-grab touch-manipulation rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2',
        isDragging && 'opacity-40',
        disabled && 'cursor-pointer',
      )}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <DealCardBody card={card} theme={theme} closed={closed} />
    </div>
  );
}
