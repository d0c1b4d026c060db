import { useDroppable } from '@dnd-kit/core';
import { SortableContext } from '@dnd-kit/sortable';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Inbox, Trophy, XCircle } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { BoardColumn as Column } from '../board-model';
import { dealCountLabel } from '../../../../common/deal-count-label';
import { formatCompactMoney, formatMoney, type KanbanTheme } from '../deal-format';
import { SortableDealCard } from './deal-card';

/** Stage colours of the colorful theme, by column position. */
const stagePalette = [
  { header: 'bg-sky-600 text-white', accent: 'bg-sky-600', soft: 'bg-sky-50/70' },
  { header: 'bg-violet-600 text-white', accent: 'bg-violet-600', soft: 'bg-violet-50/70' },
  { header: 'bg-amber-500 text-white', accent: 'bg-amber-500', soft: 'bg-amber-50/70' },
  { header: 'bg-teal-600 text-white', accent: 'bg-teal-600', soft: 'bg-teal-50/70' },
  { header: 'bg-emerald-600 text-white', accent: 'bg-emerald-600', soft: 'bg-emerald-50/70' },
  { header: 'bg-rose-600 text-white', accent: 'bg-rose-600', soft: 'bg-rose-50/70' },
  { header: 'bg-indigo-600 text-white', accent: 'bg-indigo-600', soft: 'bg-indigo-50/70' },
];

export const stageColor = (index: number) => stagePalette[index % stagePalette.length];

/** Cards never move within a column while dragging: the board orders them by last change. */
const noReorder = () => null;

interface BoardColumnProps {
  column: Column;
  index: number;
  theme: KanbanTheme;
  canMove: boolean;
  isOver: boolean;
  loadingMore: boolean;
  onLoadMore: (stageName: string) => void;
  onOpen: (id: string) => void;
}

const estimatedCardHeight = 118;
const cardGap = 8;

export function BoardColumn({
  column,
  index,
  theme,
  canMove,
  isOver,
  loadingMore,
  onLoadMore,
  onOpen,
}: BoardColumnProps) {
  const { stage, items } = column;
  const { setNodeRef } = useDroppable({
    id: `column:${stage.name}`,
    data: { type: 'column', stage: stage.name },
  });
  const scrollRef = useRef<HTMLDivElement>(null);
  const ids = useMemo(() => items.map((card) => card.id), [items]);
  // oxlint-disable-next-line react/incompatible-library -- nothing here is memoized by a compiler.
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedCardHeight + cardGap,
    overscan: 4,
    getItemKey: (i) => items[i]?.id ?? i,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems.at(-1)?.index ?? -1;
  const hasMore = column.nextCursor !== null;

  // Load the next page as the user scrolls near the end of what is loaded.
  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= items.length - 5 && items.length > 0) onLoadMore(stage.name);
  }, [hasMore, loadingMore, lastIndex, items.length, onLoadMore, stage.name]);

  const color = stageColor(index);
  const colorful = theme === 'colorful';
  const headingId = `board-column-${stage.id}`;

  // `relative` keeps the column's screen-reader-only text inside the board's scrolling box; without
  // it that text sits relative to the page and widens it.
  return (
    <section
      aria-labelledby={headingId}
      data-stage={stage.name}
      className={cn(
        'relative flex h-full w-[82vw] max-w-80 shrink-0 snap-start flex-col sm:w-72 lg:w-auto lg:min-w-[14.5rem] lg:flex-1',
        theme === 'minimal' ? 'rounded-lg bg-slate-100/70' : 'rounded-xl border border-border bg-muted/60',
        colorful && color.soft,
      )}
    >
      <header
        className={cn(
          'flex flex-col gap-0.5 px-3 pt-3 pb-2.5',
          colorful && cn('rounded-t-xl', color.header),
          theme === 'professional' && 'border-b border-border/70',
        )}
      >
        <div className="flex items-center gap-2">
          {theme === 'professional' ? (
            <span className={cn('size-2 shrink-0 rounded-full', color.accent)} aria-hidden="true" />
          ) : null}
          <h2 id={headingId} className="min-w-0 flex-1 truncate text-sm font-semibold">
            {stage.name}
          </h2>
          {stage.closingType === 'won' ? (
            <Trophy
              className={cn('size-3.5', colorful ? 'text-white/90' : 'text-emerald-600')}
              aria-label="Closes as won"
            />
          ) : stage.closingType === 'lost' ? (
            <XCircle
              className={cn('size-3.5', colorful ? 'text-white/90' : 'text-red-600')}
              aria-label="Closes as lost"
            />
          ) : null}
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
              colorful ? 'bg-white/20 text-white' : 'bg-surface text-muted-foreground ring-1 ring-border',
            )}
            data-testid="column-count"
            aria-hidden="true"
          >
            {column.count.toLocaleString('en-US')}
          </span>
          {/* An aria-label on a plain span is not read: the bare number is hidden and this is read instead. */}
          <span className="sr-only">{dealCountLabel(column.count)}</span>
        </div>
        <p
          className={cn('text-xs tabular-nums', colorful ? 'text-white/85' : 'text-muted-foreground')}
          data-testid="column-total"
          title={formatMoney(column.totalValue)}
        >
          <span className="sr-only">Total value </span>
          {formatCompactMoney(column.totalValue)}
        </p>
      </header>
      <div
        ref={(node) => {
          scrollRef.current = node;
          setNodeRef(node);
        }}
        data-column-body=""
        className={cn(
          'relative min-h-24 flex-1 overflow-y-auto overscroll-contain px-2 pt-2 transition-colors',
          isOver && 'bg-primary/5 ring-2 ring-primary/40 ring-inset',
          theme === 'minimal' ? 'rounded-b-lg' : 'rounded-b-xl',
        )}
      >
        <SortableContext id={`column:${stage.name}`} items={ids} strategy={noReorder}>
          {items.length === 0 ? (
            <div className="flex h-28 flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-slate-300 text-xs text-muted-foreground">
              <Inbox className="size-4" aria-hidden="true" />
              {canMove ? 'Drop a deal here' : 'No deals'}
            </div>
          ) : (
            <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
              {virtualItems.map((row) => {
                const card = items[row.index];
                return (
                  <div
                    key={row.key}
                    data-index={row.index}
                    ref={virtualizer.measureElement}
                    className="absolute top-0 left-0 w-full pb-2"
                    style={{ transform: `translateY(${row.start}px)` }}
                  >
                    <SortableDealCard
                      card={card}
                      theme={theme}
                      disabled={!canMove}
                      closed={stage.closingType !== null}
                      onOpen={onOpen}
                    />
                  </div>
                );
              })}
            </div>
          )}
        </SortableContext>
        {hasMore ? (
          <div className="flex justify-center pt-1 pb-3">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onLoadMore(stage.name)}
              disabled={loadingMore}
              aria-label={`Load more deals in ${stage.name}`}
            >
              {loadingMore ? <Spinner /> : null}
              {loadingMore
                ? 'Loading…'
                : `Load more (${Math.max(0, column.count - items.length).toLocaleString('en-US')})`}
            </Button>
          </div>
        ) : (
          <div className="h-2" />
        )}
      </div>
    </section>
  );
}
