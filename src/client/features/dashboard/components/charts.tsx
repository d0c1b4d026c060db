import { useId } from 'react';
import { ChartFrame } from '../../../components/charts/chart-frame';
import { monotonePath, niceTicks, spacedLabels } from '../../../components/charts/chart-geometry';
import type { DashboardSummary, DashboardTrends } from '../api';
import {
  formatAxisCount,
  formatAxisMoney,
  formatCount,
  formatKpiMoney,
  monthLabel,
  weekLabel,
} from '../dashboard-model';

/*
 * The dashboard charts, plain SVG drawn by ChartFrame (docs/decisions/042). Colours come from the
 * theme through classes (`fill-…`, `stroke-…`, currentColor), never inline <style> (the CSP).
 */

const tickClass = 'fill-muted-foreground text-xs';
/** About how wide a 12 px tick label is, per character (the axes size themselves from it). */
const charWidth = 7;
const labelWidth = (text: string) => text.length * charWidth;

/** A bar with its outer corners rounded: to the right (horizontal bars) or on top (columns). */
function barPath(x: number, y: number, width: number, height: number, side: 'right' | 'top', radius = 4) {
  const r = Math.max(
    0,
    Math.min(radius, side === 'right' ? width : height, side === 'right' ? height / 2 : width / 2),
  );
  if (side === 'right') {
    return `M${x},${y}h${width - r}a${r},${r} 0 0 1 ${r},${r}v${height - 2 * r}a${r},${r} 0 0 1 ${-r},${r}h${r - width}z`;
  }
  return `M${x},${y + height}v${r - height}a${r},${r} 0 0 1 ${r},${-r}h${width - 2 * r}a${r},${r} 0 0 1 ${r},${r}v${height - r}z`;
}

/** Horizontal grid lines and left-hand labels for a count axis from 0 to the last tick. */
function CountAxis({
  ticks,
  y,
  left,
  right,
}: {
  ticks: number[];
  y: (v: number) => number;
  left: number;
  right: number;
}) {
  return (
    <g>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={left} x2={right} y1={y(tick)} y2={y(tick)} className="stroke-border" />
          <text
            data-axis-tick=""
            x={left - 8}
            y={y(tick)}
            textAnchor="end"
            dominantBaseline="central"
            className={tickClass}
          >
            {formatAxisCount(tick)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** Bottom labels centred under their data, thinned so that none touch, kept inside the chart. */
function CategoryLabels({
  labels,
  x,
  y,
  width,
}: {
  labels: string[];
  x: (i: number) => number;
  y: number;
  width: number;
}) {
  const positions = labels.map((_, index) => x(index));
  const shown = spacedLabels(positions, labels.map(labelWidth), 16);
  return (
    <g>
      {labels.map((label, index) => {
        if (!shown[index]) return null;
        const half = labelWidth(label) / 2;
        const centre = Math.min(Math.max(positions[index], half), width - half);
        return (
          <text key={index} data-axis-tick="" x={centre} y={y} textAnchor="middle" className={tickClass}>
            {label}
          </text>
        );
      })}
    </g>
  );
}

type StageDatum = DashboardSummary['openPipeline']['byStage'][number];

/** Open pipeline value by stage: horizontal bars, so long stage names stay readable. */
export function PipelineByStageChart({
  label,
  byStage,
  currency,
  height,
}: {
  label: string;
  byStage: StageDatum[];
  currency: string | null;
  height?: number;
}) {
  const rows = Math.max(byStage.length, 3);
  const chartHeight = height ?? Math.min(360, 48 + rows * 40);
  const left = 112;
  const right = 28;
  const top = 4;
  const bottom = chartHeight - 26;
  const band = (bottom - top) / Math.max(1, byStage.length);
  const barHeight = Math.min(28, band - 8);
  const ticks = niceTicks(Math.max(0, ...byStage.map((stage) => stage.totalValue)));
  const domain = ticks[ticks.length - 1];
  const rowOf = (y: number) => Math.floor((y - top) / band);

  return (
    <ChartFrame
      label={label}
      height={chartHeight}
      count={byStage.length}
      pick={(_x, y) => {
        const row = rowOf(y);
        return row >= 0 && row < byStage.length ? row : null;
      }}
      anchor={(index, width) => ({
        x: left + ((width - left - right) * byStage[index].totalValue) / domain / 2,
        y: top + band * index + band / 2 - barHeight / 2,
      })}
      tooltip={(index) => ({
        title: byStage[index].stage,
        rows: [
          { label: 'Value', value: formatKpiMoney(byStage[index].totalValue, { currency }) },
          { label: 'Deals', value: formatCount(byStage[index].count) },
        ],
      })}
    >
      {(width, active) => {
        const plot = width - left - right;
        const x = (value: number) => left + (plot * value) / domain;
        return (
          <>
            {active !== null ? (
              <rect x={left} y={top + band * active} width={plot} height={band} className="fill-muted" />
            ) : null}
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={x(tick)} x2={x(tick)} y1={top} y2={bottom} className="stroke-border" />
                <text
                  data-axis-tick=""
                  x={x(tick)}
                  y={chartHeight - 6}
                  textAnchor="middle"
                  className={tickClass}
                >
                  {formatAxisMoney(tick, { currency })}
                </text>
              </g>
            ))}
            {byStage.map((stage, index) => {
              const centre = top + band * index + band / 2;
              return (
                <g key={stage.stage}>
                  <text
                    data-axis-tick=""
                    x={left - 8}
                    y={centre}
                    textAnchor="end"
                    dominantBaseline="central"
                    className={tickClass}
                  >
                    {stage.stage.length > 14 ? `${stage.stage.slice(0, 13)}…` : stage.stage}
                  </text>
                  <path
                    d={barPath(left, centre - barHeight / 2, x(stage.totalValue) - left, barHeight, 'right')}
                    fill="currentColor"
                  />
                </g>
              );
            })}
          </>
        );
      }}
    </ChartFrame>
  );
}

/** The left margin a count axis needs for its longest label. */
const countAxisWidth = (ticks: number[]) =>
  Math.max(...ticks.map((tick) => labelWidth(formatAxisCount(tick)))) + 12;

/** New leads per week over the last 12 weeks: a smooth area. */
export function LeadsPerWeekChart({
  label,
  weeks,
}: {
  label: string;
  weeks: DashboardTrends['leadsPerWeek'];
}) {
  const gradientId = `leads-fill-${useId().replace(/[^\w-]/g, '')}`;
  const height = 220;
  const top = 8;
  const bottom = height - 26;
  const right = 8;
  const ticks = niceTicks(Math.max(0, ...weeks.map((week) => week.count)), { integers: true });
  const domain = ticks[ticks.length - 1];
  const left = countAxisWidth(ticks);
  const y = (value: number) => bottom - ((bottom - top) * value) / domain;
  const xAt = (index: number, width: number) =>
    left + ((width - left - right) * index) / Math.max(1, weeks.length - 1);

  return (
    <ChartFrame
      label={label}
      height={height}
      count={weeks.length}
      pick={(x, _y, width) => {
        const step = (width - left - right) / Math.max(1, weeks.length - 1);
        const index = Math.round((x - left) / step);
        return Math.min(weeks.length - 1, Math.max(0, index));
      }}
      anchor={(index, width) => ({ x: xAt(index, width), y: y(weeks[index].count) - 6 })}
      tooltip={(index) => ({
        title: `Week of ${weekLabel(weeks[index].weekStart)}`,
        rows: [{ label: 'New leads', value: formatCount(weeks[index].count) }],
      })}
    >
      {(width, active) => {
        const points = weeks.map((week, index) => [xAt(index, width), y(week.count)] as const);
        const line = monotonePath(points);
        return (
          <>
            <defs>
              <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor="currentColor" stopOpacity={0.28} />
                <stop offset="100%" stopColor="currentColor" stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CountAxis ticks={ticks} y={y} left={left} right={width - right} />
            <path
              d={`${line}L${points[points.length - 1][0]},${bottom}L${left},${bottom}Z`}
              fill={`url(#${gradientId})`}
            />
            <path d={line} fill="none" stroke="currentColor" strokeWidth={2} />
            {active !== null ? (
              <>
                <line
                  x1={points[active][0]}
                  x2={points[active][0]}
                  y1={top}
                  y2={bottom}
                  className="stroke-muted-foreground/50"
                />
                <circle
                  cx={points[active][0]}
                  cy={points[active][1]}
                  r={4}
                  fill="currentColor"
                  className="stroke-surface"
                  strokeWidth={2}
                />
              </>
            ) : null}
            <CategoryLabels
              labels={weeks.map((week) => weekLabel(week.weekStart))}
              x={(index) => xAt(index, width)}
              y={height - 6}
              width={width}
            />
          </>
        );
      }}
    </ChartFrame>
  );
}

/** Deals won per month over the last 6 months: columns. */
export function DealsWonChart({
  label,
  months,
  currency,
}: {
  label: string;
  months: DashboardTrends['dealsWonPerMonth'];
  currency: string | null;
}) {
  const height = 220;
  const top = 8;
  const bottom = height - 26;
  const right = 8;
  const ticks = niceTicks(Math.max(0, ...months.map((month) => month.count)), { integers: true });
  const domain = ticks[ticks.length - 1];
  const left = countAxisWidth(ticks);
  const y = (value: number) => bottom - ((bottom - top) * value) / domain;
  const bandOf = (width: number) => (width - left - right) / Math.max(1, months.length);
  const centre = (index: number, width: number) => left + bandOf(width) * (index + 0.5);

  return (
    <ChartFrame
      label={label}
      height={height}
      count={months.length}
      pick={(x, _y, width) => {
        const index = Math.floor((x - left) / bandOf(width));
        return index >= 0 && index < months.length ? index : null;
      }}
      anchor={(index, width) => ({ x: centre(index, width), y: y(months[index].count) })}
      tooltip={(index) => ({
        title: monthLabel(months[index].month, { withYear: true }),
        rows: [
          { label: 'Deals won', value: formatCount(months[index].count) },
          { label: 'Value', value: formatKpiMoney(months[index].totalValue, { currency }) },
        ],
      })}
    >
      {(width, active) => {
        const band = bandOf(width);
        const barWidth = Math.min(36, band * 0.7);
        return (
          <>
            {active !== null ? (
              <rect
                x={left + band * active}
                y={top}
                width={band}
                height={bottom - top}
                className="fill-muted"
              />
            ) : null}
            <CountAxis ticks={ticks} y={y} left={left} right={width - right} />
            {months.map((month, index) => (
              <path
                key={month.month}
                d={barPath(
                  centre(index, width) - barWidth / 2,
                  y(month.count),
                  barWidth,
                  bottom - y(month.count),
                  'top',
                )}
                fill="currentColor"
              />
            ))}
            <CategoryLabels
              labels={months.map((month) => monthLabel(month.month))}
              x={(index) => centre(index, width)}
              y={height - 6}
              width={width}
            />
          </>
        );
      }}
    </ChartFrame>
  );
}
