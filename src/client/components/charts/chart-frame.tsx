import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { cn } from '../../lib/cn';

/*
 * The frame of the app's own SVG charts (docs/decisions/042: a charting library cost about 100 KB
 * of the dashboard's first load). The SVG is drawn at the frame's measured pixel width, so text
 * never stretches; the pointer or the arrow keys pick a datum and a tooltip shows its figures.
 */

export interface ChartTooltipContent {
  title: string;
  rows: { label: string; value: string }[];
}

export interface ChartFrameProps {
  /** The chart's accessible name (the figures themselves are listed beside it for screen readers). */
  label: string;
  height: number;
  /** How many data the chart shows (the arrow keys step through them). */
  count: number;
  /** The datum under the pointer at (x, y), in the chart's pixels, or null. */
  pick: (x: number, y: number, width: number) => number | null;
  /** Where the tooltip of a datum points, in the chart's pixels. */
  anchor: (index: number, width: number) => { x: number; y: number };
  tooltip: (index: number) => ChartTooltipContent;
  /** The SVG's content at a width, with the datum picked (or null). */
  children: (width: number, active: number | null) => ReactNode;
  className?: string;
}

/** The frame's width, followed as the card resizes (0 until measured). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.floor(element.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

const stepKeys: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => Math.min(count - 1, index + 1),
  ArrowDown: (index, count) => Math.min(count - 1, index + 1),
  ArrowLeft: (index) => Math.max(0, index - 1),
  ArrowUp: (index) => Math.max(0, index - 1),
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function ChartFrame({
  label,
  height,
  count,
  pick,
  anchor,
  tooltip,
  children,
  className,
}: ChartFrameProps) {
  const { ref, width } = useWidth();
  const [active, setActive] = useState<number | null>(null);
  const shown = active !== null && active < count && width > 0 ? active : null;
  const content = shown === null ? null : tooltip(shown);
  const point = shown === null ? null : anchor(shown, width);

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setActive(pick(event.clientX - box.left, event.clientY - box.top, width));
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (event.key === 'Escape') {
      setActive(null);
      return;
    }
    const step = stepKeys[event.key];
    if (!step || count === 0) return;
    event.preventDefault();
    setActive((index) => step(index ?? -1, count));
  };

  return (
    <div ref={ref} className={cn('relative min-w-0', className)} style={{ height }}>
      {/* Focusable so the keyboard can read the figures the pointer reads in the tooltip. */}
      <svg
        role="img"
        aria-label={label}
        tabIndex={0}
        width={width}
        height={height}
        className="block overflow-visible rounded-md text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        onPointerMove={onPointerMove}
        onPointerLeave={() => setActive(null)}
        onBlur={() => setActive(null)}
        onKeyDown={onKeyDown}
      >
        {width > 0 ? children(width, shown) : null}
      </svg>
      {content && point ? (
        <div
          aria-hidden="true"
          className={cn(
            'pointer-events-none absolute z-10 -mt-2 rounded-lg border border-border bg-surface px-3 py-2 text-xs whitespace-nowrap shadow-lg',
            // Near an edge the box opens inwards instead of centring on the datum.
            point.x < 80 ? '' : point.x > width - 80 ? '-translate-x-full' : '-translate-x-1/2',
            point.y < 56 ? 'mt-4' : '-translate-y-full',
          )}
          style={{ left: point.x, top: point.y }}
        >
          <p className="font-semibold text-foreground">{content.title}</p>
          {content.rows.map((row) => (
            <p key={row.label} className="mt-0.5 text-muted-foreground">
              {row.label}: <span className="font-medium text-foreground tabular-nums">{row.value}</span>
            </p>
          ))}
        </div>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {content
          ? `${content.title}: ${content.rows.map((row) => `${row.label} ${row.value}`).join(', ')}`
          : ''}
      </p>
    </div>
  );
}
