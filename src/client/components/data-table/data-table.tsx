import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown, RefreshCw, TriangleAlert } from 'lucide-react';
import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ListKey } from '../../../common/validation/preferences';
import { readApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useScrollEdges } from '../../lib/use-scroll-edges';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Checkbox } from '../ui/checkbox';
import { Skeleton } from '../ui/skeleton';
import { Spinner } from '../ui/spinner';
import { ColumnChooser } from './column-chooser';
import { formatCount } from './list-params';
import { ariaSortOf, type SortDirection, type SortState, toggleSort } from './sort';
import { useColumnPrefs } from './use-column-prefs';
import type { KeysetList } from './use-keyset-list';

/** What a cell may know of the table around it. */
export interface DataTableView {
  /** Whether the column `id` is shown, so a cell need not repeat what another column shows. */
  isVisible: (id: string) => boolean;
}

/** A column of a data table, declared once per list. */
export interface DataTableColumn<T> {
  id: string;
  /** The header text; also the column chooser's label. */
  header: string;
  cell: (row: T, view: DataTableView) => ReactNode;
  /** The API's sort name (`?sort=`); without it the header is not sortable. */
  sortField?: string;
  /** The first direction when the user sorts by this column (dates and amounts: 'desc'). */
  sortFirst?: SortDirection;
  /** A fixed width in px, or a minimum with a share of the remaining room (default 160 px, 1 share). */
  width?: number | { min: number; grow?: number };
  align?: 'start' | 'end';
  /** Cannot be hidden in the column chooser (the record's name). */
  alwaysVisible?: boolean;
  /** Hidden until the user picks it in the column chooser. */
  defaultHidden?: boolean;
  /** Extra classes for the column's cells. */
  className?: string;
}

type DataAttributes = { [key: `data-${string}`]: string };

export interface DataTableProps<T> {
  /** Names the list whose column choice is kept (`/api/preferences/lists/{listId}`, cached per user). */
  listId: ListKey;
  userId: string;
  /** The table's accessible name, e.g. "Leads". */
  label: string;
  columns: readonly DataTableColumn<T>[];
  /**
   * More columns are yet to come (custom fields loading or not loaded): meanwhile the stored
   * choices for columns not in `columns` are kept, not dropped as columns that no longer exist.
   */
  columnsPending?: boolean;
  list: KeysetList<T>;
  getRowId: (row: T) => string;
  /** Names a row for screen readers ("Select Ann Lee"). */
  getRowLabel: (row: T) => string;
  /** Opens a row: a click on it, or Enter on a focused row. */
  onOpenRow?: (row: T) => void;
  sort: SortState | null;
  onSortChange: (sort: SortState) => void;
  /** With these two, each row gets a checkbox and the header a "select all loaded" box. */
  selectedIds?: ReadonlySet<string>;
  onSelectedIdsChange?: (ids: Set<string>) => void;
  /** "lead" / "leads", for the count above the table. */
  noun: { one: string; other: string };
  /** Shown instead of rows when the list is empty (an EmptyState with its action). */
  empty: ReactNode;
  /** The left part of the bar above the table (search, filter button). */
  toolbar?: ReactNode;
  /** Beside the column chooser (export). */
  toolbarEnd?: ReactNode;
  /** Under the bar: filter panel and chips. */
  belowToolbar?: ReactNode;
  /** Replaces nothing: shown above the rows while rows are selected (bulk actions). */
  selectionBar?: ReactNode;
  /** Data attributes on the table itself and on its first row (guided tours). */
  tableAttributes?: DataAttributes;
  firstRowAttributes?: DataAttributes;
  rowHeight?: number;
  className?: string;
}

const checkboxColumnWidth = 44;
const headerHeight = 40;
/** Load the next page when the last rendered row is this close to the end of what is loaded. */
const prefetchDistance = 10;

function trackOf(width: DataTableColumn<unknown>['width']): { track: string; min: number } {
  if (typeof width === 'number') return { track: `${width}px`, min: width };
  const min = width?.min ?? 160;
  const grow = width?.grow ?? 1;
  return { track: `minmax(${min}px, ${grow}fr)`, min };
}

/**
 * The checkbox and name columns stay at the left while the rest scrolls sideways (sticky cells).
 * A pinned cell is opaque, so it takes its row's state colours as solid mixes with the surface,
 * and draws its part of the focused row's ring, which the row's own ring cannot show through it.
 */
const pinnedCell =
  'sticky z-[1] bg-surface group-hover/row:bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-surface))] group-data-[state=selected]/row:bg-[color-mix(in_oklab,var(--color-primary-soft)_50%,var(--color-surface))] group-focus-visible/row:bg-[color-mix(in_oklab,var(--color-primary-soft)_60%,var(--color-surface))] group-focus-visible/row:shadow-[inset_0_2px_0_var(--color-primary),inset_0_-2px_0_var(--color-primary)]';
const pinnedFirstCell =
  'group-focus-visible/row:shadow-[inset_2px_0_0_var(--color-primary),inset_0_2px_0_var(--color-primary),inset_0_-2px_0_var(--color-primary)]';
const pinnedHeaderCell = 'sticky z-[1] bg-muted';

function isInteractive(target: EventTarget | null, container: Element): boolean {
  if (!(target instanceof Element)) return false;
  const interactive = target.closest('a, button, input, select, textarea, label, [role="checkbox"]');
  return interactive !== null && interactive !== container && container.contains(interactive);
}

/**
 * The shared list table: virtualised rows (only what is on screen is in the DOM) under a sticky
 * header, fed by a keyset infinite query that loads the next page as the user nears the end.
 * Sortable headers, row selection, a column chooser remembered per user, loading, empty and
 * error states, and keyboard use (arrows move between rows, Enter opens, Space selects).
 */
export function DataTable<T>({
  listId,
  userId,
  label,
  columns,
  columnsPending = false,
  list,
  getRowId,
  getRowLabel,
  onOpenRow,
  sort,
  onSortChange,
  selectedIds,
  onSelectedIdsChange,
  noun,
  empty,
  toolbar,
  toolbarEnd,
  belowToolbar,
  selectionBar,
  tableAttributes,
  firstRowAttributes,
  rowHeight = 48,
  className,
}: DataTableProps<T>) {
  const { visibleIds, setVisible } = useColumnPrefs(userId, listId, columns, columnsPending);
  const shown = useMemo(
    () => columns.filter((column) => visibleIds.includes(column.id)),
    [columns, visibleIds],
  );
  const view = useMemo<DataTableView>(() => ({ isVisible: (id) => visibleIds.includes(id) }), [visibleIds]);
  const selectable = selectedIds !== undefined && onSelectedIdsChange !== undefined;
  const { gridTemplateColumns, minWidth } = useMemo(() => {
    const tracks = shown.map((column) => trackOf(column.width));
    const all = selectable
      ? [{ track: `${checkboxColumnWidth}px`, min: checkboxColumnWidth }, ...tracks]
      : tracks;
    return {
      gridTemplateColumns: all.map((entry) => entry.track).join(' '),
      minWidth: all.reduce((sum, entry) => sum + entry.min, 0),
    };
  }, [shown, selectable]);
  const gridStyle: CSSProperties = { gridTemplateColumns };
  const nameLeft: CSSProperties = { left: selectable ? checkboxColumnWidth : 0 };
  const checkboxLeft: CSSProperties = { left: 0 };

  const { rows } = list;
  const scrollerRef = useRef<HTMLDivElement>(null);
  const rowCount = rows.length + (list.hasNextPage ? 1 : 0);
  // oxlint-disable-next-line react/incompatible-library -- nothing here is memoized by a compiler.
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    paddingStart: headerHeight,
    // No flushSync during a render (React warns about it); a frame's delay while scrolling is invisible.
    useFlushSync: false,
  });
  const virtualRows = virtualizer.getVirtualItems();
  // Scrolled sideways: the pinned name column gets an edge, so the columns pass under it visibly.
  const scrolledAside = useScrollEdges(scrollerRef, list.isPending ? undefined : rows.length).left;
  const nameEdge = scrolledAside && 'border-r border-border';

  const lastIndex = virtualRows.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = list;
  useEffect(() => {
    if (lastIndex >= rows.length - prefetchDistance && hasNextPage && !isFetchingNextPage && !isError) {
      fetchNextPage();
    }
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  // Roving focus: one row is in the tab order; the arrows move it.
  const [activeIndex, setActiveIndex] = useState(0);
  const focusRow = useCallback(
    (index: number) => {
      const target = Math.max(0, Math.min(index, rows.length - 1));
      setActiveIndex(target);
      virtualizer.scrollToIndex(target, { align: 'auto' });
      // The row may only be rendered once the virtualizer has scrolled to it: wait two frames.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const element = scrollerRef.current?.querySelector<HTMLElement>(`[data-row-index="${target}"]`);
          element?.focus({ preventScroll: true });
        }),
      );
    },
    [rows.length, virtualizer],
  );

  const [anchorIndex, setAnchorIndex] = useState<number | null>(null);
  const toggleRow = (index: number, range: boolean) => {
    if (!selectable) return;
    const id = getRowId(rows[index]);
    const next = new Set(selectedIds);
    const select = !next.has(id);
    if (range && anchorIndex !== null && anchorIndex < rows.length) {
      const [from, to] = anchorIndex < index ? [anchorIndex, index] : [index, anchorIndex];
      for (let i = from; i <= to; i++) {
        const rowId = getRowId(rows[i]);
        if (select) next.add(rowId);
        else next.delete(rowId);
      }
    } else if (select) next.add(id);
    else next.delete(id);
    setAnchorIndex(index);
    onSelectedIdsChange(next);
  };

  const loadedIds = rows.map(getRowId);
  const selectedLoaded = selectable ? loadedIds.filter((id) => selectedIds.has(id)).length : 0;
  const allChecked: boolean | 'indeterminate' =
    selectedLoaded === 0 ? false : selectedLoaded === loadedIds.length ? true : 'indeterminate';
  const toggleAll = () => {
    if (!selectable) return;
    onSelectedIdsChange(allChecked === true ? new Set() : new Set(loadedIds));
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number, row: T) => {
    if (event.target !== event.currentTarget) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusRow(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusRow(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusRow(0);
        break;
      case 'End':
        event.preventDefault();
        focusRow(rows.length - 1);
        break;
      case 'Enter':
        event.preventDefault();
        onOpenRow?.(row);
        break;
      case ' ':
        if (selectable) {
          event.preventDefault();
          toggleRow(index, event.shiftKey);
        }
        break;
    }
  };

  const onRowClick = (event: MouseEvent<HTMLDivElement>, index: number, row: T) => {
    setActiveIndex(index);
    if (isInteractive(event.target, event.currentTarget)) return;
    if (event.shiftKey && selectable) {
      toggleRow(index, true);
      return;
    }
    onOpenRow?.(row);
  };

  const showRows = !list.isPending && !list.isError && rows.length > 0;
  // The row in the tab order: the active one, or the first rendered when it scrolled out of the DOM.
  const activeRow = Math.min(activeIndex, rows.length - 1);
  const tabbableRow = virtualRows.some((virtualRow) => virtualRow.index === activeRow)
    ? activeRow
    : (virtualRows[0]?.index ?? 0);
  const countText = list.isPending ? '' : formatCount(list.total, noun, { atLeast: list.totalIsLowerBound });
  const refreshing = list.isFetching && !list.isFetchingNextPage && !list.isPending;
  const hasSelection = selectable && selectedIds.size > 0;

  return (
    <Card className={cn('flex min-w-0 flex-col overflow-hidden', className)}>
      <div className="flex flex-col gap-2 border-b border-border p-3 sm:flex-row sm:items-center sm:px-4">
        {/* Wraps rather than squeezing the search where the row is short (a phone, a narrow window). */}
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">{toolbar}</div>
        <div className="flex items-center justify-between gap-2 sm:justify-end">
          <p
            className="flex items-center gap-2 text-sm whitespace-nowrap text-muted-foreground"
            aria-live="polite"
          >
            {refreshing ? <Spinner size="sm" /> : null}
            {countText}
          </p>
          <div className="flex items-center gap-2">
            {toolbarEnd}
            <ColumnChooser columns={columns} visibleIds={visibleIds} onVisibleChange={setVisible} />
          </div>
        </div>
      </div>
      {belowToolbar}
      {hasSelection ? selectionBar : null}

      {list.isError && rows.length === 0 ? (
        <div role="alert" className="flex flex-col items-center px-6 py-12 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
            <TriangleAlert className="size-6" aria-hidden="true" />
          </div>
          <h3 className="mt-4 text-base font-semibold">Could not load {noun.other}</h3>
          <p className="mt-1.5 max-w-sm text-sm leading-6 text-muted-foreground">
            {readApiError(list.error).message}
          </p>
          <Button variant="secondary" className="mt-5" onClick={list.refetch}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : !list.isPending && rows.length === 0 ? (
        empty
      ) : (
        <div
          ref={scrollerRef}
          role="table"
          aria-label={label}
          aria-rowcount={list.isPending ? -1 : list.total + 1}
          aria-busy={list.isPending || undefined}
          className="relative max-h-[max(22rem,calc(100dvh-17rem))] overflow-auto overscroll-contain"
          {...tableAttributes}
        >
          <div style={{ minWidth }}>
            <div role="rowgroup" className="sticky top-0 z-10 border-b border-border bg-muted">
              <div
                role="row"
                aria-rowindex={1}
                className="grid items-center"
                style={{ ...gridStyle, height: headerHeight }}
              >
                {selectable ? (
                  <div
                    role="columnheader"
                    className={cn('flex h-full items-center justify-center', pinnedHeaderCell)}
                    style={checkboxLeft}
                  >
                    <Checkbox
                      checked={allChecked}
                      onCheckedChange={toggleAll}
                      disabled={!showRows}
                      aria-label={`Select all loaded ${noun.other}`}
                    />
                  </div>
                ) : null}
                {shown.map((column, columnIndex) => (
                  <HeaderCell
                    key={column.id}
                    column={column}
                    sort={sort}
                    onSortChange={onSortChange}
                    className={columnIndex === 0 ? cn('h-full', pinnedHeaderCell, nameEdge) : undefined}
                    style={columnIndex === 0 ? nameLeft : undefined}
                  />
                ))}
              </div>
            </div>

            {list.isPending ? (
              <div role="rowgroup" aria-hidden="true">
                {Array.from({ length: 8 }, (_, index) => (
                  <div
                    // oxlint-disable-next-line no-array-index-key -- placeholders have no identity.
                    key={index}
                    className="grid items-center border-b border-border last:border-0"
                    style={{ ...gridStyle, height: rowHeight }}
                  >
                    {selectable ? <Skeleton className="mx-auto size-4" /> : null}
                    {shown.map((column, columnIndex) => (
                      <div key={column.id} className="px-3">
                        <Skeleton className={cn('h-3.5', columnIndex === 0 ? 'w-3/4' : 'w-1/2')} />
                      </div>
                    ))}
                  </div>
                ))}
              </div>
            ) : (
              <div
                role="rowgroup"
                className={cn('relative', list.isFetching && !list.isFetchingNextPage && 'opacity-70')}
                style={{ height: virtualizer.getTotalSize() - headerHeight }}
              >
                {virtualRows.map((virtualRow) => {
                  const style: CSSProperties = {
                    ...gridStyle,
                    height: virtualRow.size,
                    transform: `translateY(${virtualRow.start - headerHeight}px)`,
                  };
                  if (virtualRow.index >= rows.length) {
                    return (
                      <div
                        key="loader"
                        role="row"
                        aria-rowindex={virtualRow.index + 2}
                        className="absolute inset-x-0 top-0 grid items-center"
                        style={style}
                      >
                        <div
                          role="cell"
                          className="col-span-full flex items-center gap-2 px-4 text-sm text-muted-foreground"
                        >
                          <Spinner />
                          Loading more {noun.other}…
                        </div>
                      </div>
                    );
                  }
                  const row = rows[virtualRow.index];
                  const id = getRowId(row);
                  const selected = selectable && selectedIds.has(id);
                  return (
                    <div
                      key={id}
                      role="row"
                      data-row-index={virtualRow.index}
                      data-state={selected ? 'selected' : undefined}
                      aria-rowindex={virtualRow.index + 2}
                      tabIndex={virtualRow.index === tabbableRow ? 0 : -1}
                      onKeyDown={(event) => onRowKeyDown(event, virtualRow.index, row)}
                      onClick={(event) => onRowClick(event, virtualRow.index, row)}
                      onFocus={(event) => {
                        if (event.target === event.currentTarget) setActiveIndex(virtualRow.index);
                      }}
                      className={cn(
                        'group/row absolute inset-x-0 top-0 grid items-center border-b border-border text-sm transition-colors outline-none',
                        'hover:bg-muted/50 focus-visible:bg-primary-soft/60 focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-inset',
                        onOpenRow && 'cursor-pointer',
                        selected && 'bg-primary-soft/50 hover:bg-primary-soft/70',
                      )}
                      style={style}
                      {...(virtualRow.index === 0 ? firstRowAttributes : undefined)}
                    >
                      {selectable ? (
                        <div
                          role="cell"
                          className={cn(
                            'flex h-full items-center justify-center',
                            pinnedCell,
                            pinnedFirstCell,
                          )}
                          style={checkboxLeft}
                        >
                          <Checkbox
                            checked={selected}
                            // The click, not the change: Shift+click selects a range.
                            onClick={(event) => toggleRow(virtualRow.index, event.shiftKey)}
                            aria-label={`Select ${getRowLabel(row)}`}
                          />
                        </div>
                      ) : null}
                      {shown.map((column, columnIndex) => (
                        <div
                          key={column.id}
                          role="cell"
                          className={cn(
                            'min-w-0 truncate px-3',
                            column.align === 'end' && 'text-right',
                            columnIndex === 0 && [
                              'self-stretch content-center',
                              pinnedCell,
                              !selectable && pinnedFirstCell,
                              nameEdge,
                            ],
                            column.className,
                          )}
                          style={columnIndex === 0 ? nameLeft : undefined}
                        >
                          {column.cell(row, view)}
                        </div>
                      ))}
                    </div>
                  );
                })}
              </div>
            )}
          </div>
        </div>
      )}
      {list.isError && rows.length > 0 ? (
        <div
          role="alert"
          className="flex items-center justify-between gap-3 border-t border-border px-4 py-3 text-sm"
        >
          <span className="text-red-700">Could not load more {noun.other}.</span>
          <Button variant="secondary" size="sm" onClick={list.refetch}>
            Try again
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

function HeaderCell<T>({
  column,
  sort,
  onSortChange,
  className,
  style,
}: {
  column: DataTableColumn<T>;
  sort: SortState | null;
  onSortChange: (sort: SortState) => void;
  className?: string;
  style?: CSSProperties;
}) {
  const ariaSort = ariaSortOf(sort, column.sortField);
  const sortField = column.sortField;
  const textClass = 'text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase';
  return (
    <div
      role="columnheader"
      aria-sort={sortField ? ariaSort : undefined}
      className={cn('flex min-w-0 items-center px-3', column.align === 'end' && 'justify-end', className)}
      style={style}
    >
      {sortField ? (
        <button
          type="button"
          onClick={() => onSortChange(toggleSort(sort, sortField, column.sortFirst))}
          className={cn(
            textClass,
            'group -mx-1.5 inline-flex max-w-full items-center gap-1 rounded px-1.5 py-1 hover:bg-slate-200/70 hover:text-foreground',
            'focus-visible:outline-2 focus-visible:outline-primary',
            ariaSort !== 'none' && 'text-foreground',
            column.align === 'end' && 'flex-row-reverse',
          )}
        >
          <span className="truncate">{column.header}</span>
          {ariaSort === 'ascending' ? (
            <ArrowUp className="size-3.5 shrink-0" aria-hidden="true" />
          ) : ariaSort === 'descending' ? (
            <ArrowDown className="size-3.5 shrink-0" aria-hidden="true" />
          ) : (
            <ArrowUpDown className="size-3.5 shrink-0 opacity-0 group-hover:opacity-60" aria-hidden="true" />
          )}
        </button>
      ) : (
        <span className={cn(textClass, 'truncate py-1')}>{column.header}</span>
      )}
    </div>
  );
}
