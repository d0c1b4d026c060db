import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { type ComponentProps, type ReactNode, useMemo, useRef } from 'react';
import { cn } from '../../lib/cn';

/** The ids after moving `activeId` to where `overId` is (unchanged when either is missing). */
export function reorderIds(ids: readonly string[], activeId: string, overId: string | null): string[] {
  const from = ids.indexOf(activeId);
  const to = overId === null ? -1 : ids.indexOf(overId);
  if (from < 0 || to < 0 || from === to) return [...ids];
  return arrayMove([...ids], from, to);
}

export interface SortableHandleProps {
  /** Spread on the drag handle button (keyboard: Space to pick up, arrows to move, Space to drop). */
  handle: ComponentProps<'button'>;
  isDragging: boolean;
}

interface SortableListProps<T> {
  items: readonly T[];
  getId: (item: T) => string;
  /** Read out while dragging: "Picked up Research." */
  getLabel: (item: T) => string;
  /** The ids in their new order, after a drop that moved something. */
  onReorder: (ids: string[]) => void;
  /** Read-only: no handles are rendered by `SortableRow` and nothing can be dragged. */
  disabled?: boolean;
  renderItem: (item: T, sortable: SortableHandleProps | null) => ReactNode;
  /** The list element's class (a <ul>). */
  className?: string;
  'aria-label'?: string;
}

/**
 * A vertical list reordered by dragging a handle, with the mouse, touch or keyboard
 * (@dnd-kit sortable). Each item renders its own row; `sortable` is null when disabled.
 */
export function SortableList<T>({
  items,
  getId,
  getLabel,
  onReorder,
  disabled,
  renderItem,
  className,
  ...aria
}: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => items.map(getId), [items, getId]);
  const labelOf = useMemo(() => {
    const labels = new Map(items.map((item) => [getId(item), getLabel(item)]));
    return (id: string | number) => labels.get(String(id)) ?? 'item';
  }, [items, getId, getLabel]);

  // Where the item was last announced, so a move is read out once (and not on pick-up).
  const lastOver = useRef<string | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = String(active.id);
      return `Picked up ${labelOf(active.id)}, position ${ids.indexOf(String(active.id)) + 1} of ${ids.length}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over || String(over.id) === lastOver.current) return undefined;
      lastOver.current = String(over.id);
      return `${labelOf(active.id)} is now at position ${ids.indexOf(String(over.id)) + 1} of ${ids.length}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${labelOf(active.id)} was dropped at position ${ids.indexOf(String(over.id)) + 1} of ${ids.length}.`
        : `${labelOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${labelOf(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const next = reorderIds(ids, String(active.id), over ? String(over.id) : null);
    if (next.some((id, index) => id !== ids[index])) onReorder(next);
  };

  const list = (
    <ul className={className} {...aria}>
      {items.map((item) =>
        disabled ? (
          <li key={getId(item)}>{renderItem(item, null)}</li>
        ) : (
          <SortableItem key={getId(item)} id={getId(item)}>
            {(sortable) => renderItem(item, sortable)}
          </SortableItem>
        ),
      )}
    </ul>
  );
  if (disabled) return list;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      // Rows are measured up front, so a keyboard move right after picking an item up lands.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder, press Space to pick up the item, use the arrow keys to move it, then Space again to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {list}
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  id,
  children,
}: {
  id: string;
  children: (sortable: SortableHandleProps) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      // Position while dragging, set through the DOM style property (allowed by the CSP).
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('relative', isDragging && 'z-10')}
    >
      {children({
        handle: { ...attributes, ...listeners, ref: setActivatorNodeRef, type: 'button' },
        isDragging,
      })}
    </li>
  );
}

/** The grip button that drags a row; `label` names it ("Reorder Research"). */
export function DragHandle({
  sortable,
  label,
  className,
}: {
  sortable: SortableHandleProps;
  label: string;
  className?: string;
}) {
  return (
    <button
      {...sortable.handle}
      aria-label={label}
      className={cn(
        'flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground transition-colors',
        'hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
        sortable.isDragging && 'cursor-grabbing bg-muted text-foreground',
        className,
      )}
    >
      <GripVertical className="size-4" aria-hidden="true" />
    </button>
  );
}
