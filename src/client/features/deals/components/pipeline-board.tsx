import {
  type Announcements,
  type CollisionDetection,
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Columns3 } from 'lucide-react';
import { type PointerEvent, useCallback, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { readApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useScrollEdges } from '../../../lib/use-scroll-edges';
import { toast } from '../../../lib/toast';
import { boardQueryKey, fetchColumnPage, useBoard } from '../api';
import {
  appendColumnPage,
  type Board,
  type BoardCard,
  type BoardMove,
  moveCard,
  patchCard,
  revertMove,
  stageOf,
} from '../board-model';
import type { KanbanTheme } from '../deal-format';
import { createBoardKeyboardMoves } from '../board-keyboard-coordinates';
import { useMoveDeal } from '../use-move-deal';
import { useStageUnderPointer } from '../use-stage-under-pointer';
import { BoardColumn } from './board-column';
import { BoardEdge } from './board-edge';
import { DealCardBody } from './deal-card';
import { UnplacedDealsNotice } from './unplaced-deals-notice';

/** Mouse and pen drag at once; touch has its own sensor (press and hold) so the board still scrolls. */
class MousePointerSensor extends PointerSensor {
  static activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent }: PointerEvent) =>
        nativeEvent.isPrimary && nativeEvent.button === 0 && nativeEvent.pointerType !== 'touch',
    },
  ];
}

/** The pointer's column when there is a pointer; the nearest one for the keyboard. */
const collisionDetection: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : closestCorners(args);
};

interface PipelineBoardProps {
  pipelineId: string;
  /**
   * Shown before the pipelines are known (the one shown last time): until they confirm it, a
   * failure to read it shows the loading state, not an error (it may have been deleted since).
   */
  provisional?: boolean;
  theme: KanbanTheme;
  canMove: boolean;
  onOpen: (id: string) => void;
}

export function PipelineBoard({
  pipelineId,
  provisional = false,
  theme,
  canMove,
  onOpen,
}: PipelineBoardProps) {
  const queryClient = useQueryClient();
  const key = boardQueryKey(pipelineId);
  const board = useBoard(pipelineId);
  const { requestMove, dialog } = useMoveDeal();
  const [active, setActive] = useState<BoardCard | null>(null);
  const [overStage, setOverStage] = useState<string | null>(null);
  const [loadingColumns, setLoadingColumns] = useState<ReadonlySet<string>>(new Set());
  const loadingRef = useRef(new Set<string>());
  const boardRef = useRef<HTMLDivElement>(null);
  const stageUnderPointer = useStageUnderPointer(boardRef);
  const edges = useScrollEdges(boardRef, board.data?.columns.length);
  const scrollByColumn = (direction: 1 | -1) => {
    const box = boardRef.current;
    const column = box?.firstElementChild;
    if (!box || !(column instanceof HTMLElement)) return;
    // A column and the gap after it (gap-3).
    box.scrollBy({ left: direction * (column.offsetWidth + 12), behavior: 'smooth' });
  };
  /** The stage the last drag ended in, for its announcement (dnd-kit calls onDragEnd first). */
  const droppedIn = useRef<string | null>(null);
  /** Whether that drop waits for a won/lost reason: it is not a move until one is chosen. */
  const awaitsReason = useRef(false);

  const [keyboardMoves] = useState(createBoardKeyboardMoves);

  const sensors = useSensors(
    useSensor(MousePointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: keyboardMoves.coordinateGetter,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] },
      // At once: the next key press counts from where the board is, not from mid-scroll.
      scrollBehavior: 'instant',
    }),
  );

  const columns = board.data?.columns;
  const stageByName = useMemo(() => new Map((columns ?? []).map((c) => [c.stage.name, c.stage])), [columns]);
  const nameOf = useCallback(
    (id: string | number) => {
      for (const column of columns ?? []) {
        const card = column.items.find((c) => c.id === id);
        if (card) return card.dealName;
      }
      return 'the deal';
    },
    [columns],
  );

  const announcements: Announcements = {
    onDragStart: ({ active: a }) =>
      `Picked up ${nameOf(a.id)} in ${stageOf(a.data.current) ?? 'its stage'}. Use the arrow keys to choose another stage, Space to drop, Escape to cancel.`,
    onDragOver: ({ active: a, over }) =>
      over
        ? `${nameOf(a.id)} is over ${stageOf(over.data.current)}.`
        : `${nameOf(a.id)} is not over a stage.`,
    onDragEnd: ({ active: a }) =>
      !droppedIn.current
        ? `${nameOf(a.id)} was dropped.`
        : awaitsReason.current
          ? `${nameOf(a.id)} was dropped in ${droppedIn.current}. Choose a reason to finish the move, or cancel to leave it where it was.`
          : `${nameOf(a.id)} was dropped in ${droppedIn.current}.`,
    onDragCancel: ({ active: a }) =>
      `Moving ${nameOf(a.id)} was cancelled. It stays in ${stageOf(a.data.current) ?? 'its stage'}.`,
  };

  const loadMore = useCallback(
    async (stageName: string) => {
      const cursor = queryClient
        .getQueryData<Board>(key)
        ?.columns.find((c) => c.stage.name === stageName)?.nextCursor;
      if (!cursor || loadingRef.current.has(stageName)) return;
      loadingRef.current.add(stageName);
      setLoadingColumns(new Set(loadingRef.current));
      try {
        const page = await fetchColumnPage(pipelineId, stageName, cursor);
        queryClient.setQueryData<Board>(key, (current) =>
          current ? appendColumnPage(current, stageName, page) : current,
        );
      } catch (error) {
        toast.error(`Could not load more deals in ${stageName}`, {
          description: readApiError(error).message,
        });
      } finally {
        loadingRef.current.delete(stageName);
        setLoadingColumns(new Set(loadingRef.current));
      }
    },
    [queryClient, key, pipelineId],
  );

  const onDragStart = ({ active: a }: DragStartEvent) => {
    keyboardMoves.reset();
    setActive((a.data.current?.card as BoardCard | undefined) ?? null);
    setOverStage(stageOf(a.data.current));
  };
  const onDragOver = ({ over }: DragOverEvent) => setOverStage(stageOf(over?.data.current));
  const onDragCancel = () => {
    keyboardMoves.reset();
    setActive(null);
    setOverStage(null);
  };
  /**
   * Focuses a card once it shows in `stageName`'s column: after a move or a rollback it mounts
   * anew there, and until React has rendered that the old node may still be in the other column.
   */
  const focusCard = (dealId: string, stageName: string, attempt = 0) =>
    requestAnimationFrame(() => {
      const node = boardRef.current?.querySelector<HTMLElement>(
        `section[data-stage="${CSS.escape(stageName)}"] [data-deal-card="${CSS.escape(dealId)}"]`,
      );
      if (node) node.focus();
      else if (attempt < 10) focusCard(dealId, stageName, attempt + 1);
    });
  /**
   * A moved card sits at the top of its new column: the column scrolls up to show it, and after a
   * keyboard move focus follows it, so the next move can start from there.
   */
  const reveal = (dealId: string, stageName: string, focus: boolean) => {
    const body = boardRef.current?.querySelector<HTMLElement>(
      `section[data-stage="${CSS.escape(stageName)}"] [data-column-body]`,
    );
    if (body) body.scrollTop = 0;
    if (focus) focusCard(dealId, stageName);
  };

  const onDragEnd = ({ active: a, over, activatorEvent }: DragEndEvent) => {
    setActive(null);
    setOverStage(null);
    const card = a.data.current?.card as BoardCard | undefined;
    // The column under the mouse, or the one the arrow keys reached, else the one dnd-kit found (touch).
    const toName =
      stageUnderPointer(activatorEvent) ?? keyboardMoves.reached() ?? stageOf(over?.data.current);
    keyboardMoves.reset();
    droppedIn.current = toName;
    awaitsReason.current = false;
    const toStage = toName ? stageByName.get(toName) : undefined;
    if (!card || !toStage || toStage.name === card.stage) return;
    awaitsReason.current = requestMove({
      dealId: card.id,
      dealName: card.dealName,
      toStage,
      optimistic: () => {
        void queryClient.cancelQueries({ queryKey: key });
        let move: BoardMove | null = null;
        queryClient.setQueryData<Board>(key, (current) => {
          if (!current) return current;
          const result = moveCard(current, card.id, toStage.name);
          move = result.move;
          return result.board;
        });
        return () => {
          const made = move;
          if (!made) return;
          queryClient.setQueryData<Board>(key, (current) => (current ? revertMove(current, made) : current));
          // Back where it was, and a keyboard user's focus with it.
          if (activatorEvent instanceof KeyboardEvent) focusCard(card.id, made.fromStage);
        };
      },
      onOptimistic: () => reveal(card.id, toStage.name, activatorEvent instanceof KeyboardEvent),
      onMoved: (deal) =>
        queryClient.setQueryData<Board>(key, (current) =>
          current
            ? patchCard(current, deal.id, { updatedAt: new Date(deal.updatedAt).toISOString() })
            : current,
        ),
    });
  };

  if (board.isPending || (provisional && board.isError)) return <BoardSkeleton />;
  if (board.isError || !columns) {
    return (
      <EmptyState
        icon={AlertTriangle}
        title="The pipeline could not be loaded"
        description={board.error ? readApiError(board.error).message : undefined}
        action={
          <Button variant="secondary" onClick={() => void board.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (columns.length === 0) {
    return (
      <EmptyState
        icon={Columns3}
        title="This pipeline has no stages"
        description="Add stages to the pipeline in Settings to start moving deals through it."
      />
    );
  }

  return (
    <>
      <UnplacedDealsNotice unplaced={board.data.unplaced} />
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move a deal to another stage, press Space to pick it up, use the arrow keys to choose a stage and press Space again to drop it. Press Escape to cancel, Enter to open the deal.',
          },
        }}
      >
        <div className="relative">
          <div
            ref={boardRef}
            className={cn(
              '-mx-4 flex h-[calc(100dvh-15.5rem)] min-h-[26rem] snap-x snap-mandatory gap-3 overflow-x-auto scroll-px-4 px-4 pb-3 sm:mx-0 sm:snap-none sm:px-0',
              // Shorter by the notice above it, so the page still ends where the board does.
              board.data.unplaced.count > 0 ? 'sm:h-[calc(100dvh-23rem)]' : 'sm:h-[calc(100dvh-19.5rem)]',
            )}
            data-testid="pipeline-board"
            data-theme={theme}
          >
            {columns.map((column, index) => (
              <BoardColumn
                key={column.stage.id}
                column={column}
                index={index}
                theme={theme}
                canMove={canMove}
                isOver={
                  active !== null && overStage === column.stage.name && active.stage !== column.stage.name
                }
                loadingMore={loadingColumns.has(column.stage.name)}
                onLoadMore={loadMore}
                onOpen={onOpen}
              />
            ))}
          </div>
          {/* More stages to either side: a fade says so where a scrollbar may not show. */}
          {edges.left ? <BoardEdge side="left" onShowMore={() => scrollByColumn(-1)} /> : null}
          {edges.right ? <BoardEdge side="right" onShowMore={() => scrollByColumn(1)} /> : null}
        </div>
        <DragOverlay dropAnimation={null}>
          {active ? (
            <div className="w-full">
              <DealCardBody card={active} theme={theme} overlay />
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
      {dialog}
    </>
  );
}

function BoardSkeleton() {
  return (
    <div
      role="status"
      className="flex gap-3 overflow-hidden"
      aria-busy="true"
      aria-label="Loading the pipeline"
    >
      {[0, 1, 2, 3, 4].map((i) => (
        <div
          key={i}
          className="flex w-72 shrink-0 flex-col gap-2 rounded-xl border border-border bg-muted/60 p-3"
        >
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-3 w-16" />
          {[0, 1, 2].map((j) => (
            <Skeleton key={j} className="mt-1 h-24 w-full rounded-lg" />
          ))}
        </div>
      ))}
    </div>
  );
}
