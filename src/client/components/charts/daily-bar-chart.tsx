import { useId, useState } from 'react';
import { cn } from '../../lib/cn';

/*
 * A small bar chart of one value per day, in plain SVG: the super-admin screen loads for few
 * people, but it should not pull a charting library for a row of bars. The bars stretch with the
 * card (the SVG scales sideways only); text stays HTML so it never stretches with them.
 */

export interface DailyValue {
  date: string;
  /** Null: nothing to show that day (an average without requests). */
  value: number | null;
}

interface DailyBarChartProps {
  title: string;
  /** The headline beside the title (a total, an average). */
  summary: string;
  data: DailyValue[];
  format: (value: number) => string;
  className?: string;
}

const width = 300;
const height = 100;
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

export function DailyBarChart({ title, summary, data, format, className }: DailyBarChartProps) {
  const [hovered, setHovered] = useState<number | null>(null);
  const titleId = useId();
  const peak = Math.max(0, ...data.map((day) => day.value ?? 0));
  const slot = width / Math.max(1, data.length);
  const gap = data.length > 45 ? slot * 0.15 : slot * 0.25;
  const peakDay = data.find((day) => day.value === peak && peak > 0);
  const description = peakDay
    ? `${title}: ${summary}; highest ${format(peak)} on ${formatDay(peakDay.date)}`
    : `${title}: nothing recorded in these ${data.length} days`;
  const shown = hovered === null ? null : data[hovered];

  return (
    <figure className={cn('flex min-w-0 flex-col gap-2', className)} aria-labelledby={titleId}>
      <figcaption className="flex items-baseline justify-between gap-3">
        <span id={titleId} className="text-sm font-medium">
          {title}
        </span>
        <span className="text-sm tabular-nums text-muted-foreground" aria-live="polite">
          {shown ? `${formatDay(shown.date)}: ${shown.value === null ? '—' : format(shown.value)}` : summary}
        </span>
      </figcaption>
      <div className="relative">
        <span className="pointer-events-none absolute top-0 left-0 text-[11px] tabular-nums text-muted-foreground">
          {peak > 0 ? format(peak) : ''}
        </span>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="none"
          className="h-28 w-full text-primary"
          role="img"
          aria-label={description}
          onMouseLeave={() => setHovered(null)}
        >
          <line
            x1={0}
            x2={width}
            y1={height - 0.5}
            y2={height - 0.5}
            className="stroke-border"
            strokeWidth={1}
          />
          {data.map((day, index) => {
            const value = day.value ?? 0;
            const barHeight = peak > 0 ? Math.max(value > 0 ? 1.5 : 0, (value / peak) * (height - 16)) : 0;
            return (
              <g key={day.date} onMouseEnter={() => setHovered(index)}>
                {/* The whole slot answers the pointer, so thin bars are easy to hover. */}
                <rect x={index * slot} y={0} width={slot} height={height} fill="transparent" />
                <rect
                  x={index * slot + gap / 2}
                  y={height - barHeight}
                  width={Math.max(0.5, slot - gap)}
                  height={barHeight}
                  rx={Math.min(2, (slot - gap) / 3)}
                  fill="currentColor"
                  opacity={hovered === null || hovered === index ? 1 : 0.45}
                >
                  <title>{`${formatDay(day.date)}: ${day.value === null ? '—' : format(day.value)}`}</title>
                </rect>
              </g>
            );
          })}
        </svg>
      </div>
      <div className="flex justify-between text-[11px] text-muted-foreground">
        <span>{data[0] ? formatDay(data[0].date) : ''}</span>
        <span>{data.length ? formatDay(data[data.length - 1].date) : ''}</span>
      </div>
    </figure>
  );
}
