import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  type TooltipValueType,
  XAxis,
  YAxis,
} from 'recharts';
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
 * The dashboard charts (recharts: SVG, sized and coloured through attributes and React style
 * properties; nothing needs an inline <style> element, which the CSP would refuse).
 */

const primary = 'var(--color-primary)';
const axisTick = { fill: '#64748b', fontSize: 12 };
const gridStroke = '#e2e8f0';

interface TooltipRow {
  label: string;
  value: string;
}

/** The tooltip box: a title and rows, in the app's style. */
function ChartTooltip({ title, rows }: { title: string; rows: TooltipRow[] }) {
  return (
    <div className="rounded-lg border border-border bg-surface px-3 py-2 text-xs shadow-lg">
      <p className="font-semibold text-foreground">{title}</p>
      {rows.map((row) => (
        <p key={row.label} className="mt-0.5 text-muted-foreground">
          {row.label}: <span className="font-medium text-foreground tabular-nums">{row.value}</span>
        </p>
      ))}
    </div>
  );
}

type ContentProps = Partial<TooltipContentProps<TooltipValueType, string | number>>;

/** The hovered datum (recharts clones these elements with `active` and `payload`). */
function hovered<T>({ active, payload }: ContentProps): T | null {
  if (!active || !payload?.length) return null;
  return payload[0].payload as T;
}

type StageDatum = DashboardSummary['openPipeline']['byStage'][number];

function StageTooltip({ currency, ...props }: ContentProps & { currency: string | null }) {
  const datum = hovered<StageDatum>(props);
  if (!datum) return null;
  return (
    <ChartTooltip
      title={datum.stage}
      rows={[
        { label: 'Value', value: formatKpiMoney(datum.totalValue, { currency }) },
        { label: 'Deals', value: formatCount(datum.count) },
      ]}
    />
  );
}

function WeekTooltip(props: ContentProps) {
  const datum = hovered<{ label: string; count: number }>(props);
  if (!datum) return null;
  return (
    <ChartTooltip
      title={`Week of ${datum.label}`}
      rows={[{ label: 'New leads', value: formatCount(datum.count) }]}
    />
  );
}

function MonthTooltip({ currency, ...props }: ContentProps & { currency: string | null }) {
  const datum = hovered<DashboardTrends['dealsWonPerMonth'][number]>(props);
  if (!datum) return null;
  return (
    <ChartTooltip
      title={monthLabel(datum.month, { withYear: true })}
      rows={[
        { label: 'Deals won', value: formatCount(datum.count) },
        { label: 'Value', value: formatKpiMoney(datum.totalValue, { currency }) },
      ]}
    />
  );
}

/** Open pipeline value by stage: horizontal bars, so long stage names stay readable. */
export function PipelineByStageChart({
  byStage,
  currency,
  height,
}: {
  byStage: DashboardSummary['openPipeline']['byStage'];
  currency: string | null;
  height?: number;
}) {
  const rows = Math.max(byStage.length, 3);
  return (
    <ResponsiveContainer width="100%" height={height ?? Math.min(360, 48 + rows * 40)}>
      <BarChart
        accessibilityLayer={false}
        data={byStage}
        layout="vertical"
        margin={{ top: 4, right: 28, bottom: 4, left: 4 }}
        barCategoryGap={8}
      >
        <CartesianGrid horizontal={false} stroke={gridStroke} />
        <XAxis
          type="number"
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          tickFormatter={(value: number) => formatAxisMoney(value, { currency })}
        />
        <YAxis
          type="category"
          dataKey="stage"
          width={104}
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          tickFormatter={(value: string) => (value.length > 14 ? `${value.slice(0, 13)}…` : value)}
        />
        <Tooltip cursor={{ fill: '#f1f5f9' }} content={<StageTooltip currency={currency} />} />
        <Bar
          dataKey="totalValue"
          name="Value"
          fill={primary}
          radius={[0, 4, 4, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** New leads per week over the last 12 weeks. */
export function LeadsPerWeekChart({ weeks }: { weeks: DashboardTrends['leadsPerWeek'] }) {
  const data = weeks.map((week) => ({ ...week, label: weekLabel(week.weekStart) }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <AreaChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <defs>
          <linearGradient id="leads-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={primary} stopOpacity={0.28} />
            <stop offset="100%" stopColor={primary} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid vertical={false} stroke={gridStroke} />
        <XAxis
          dataKey="label"
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          interval="preserveStartEnd"
          minTickGap={16}
        />
        <YAxis
          allowDecimals={false}
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          width="auto"
          tickFormatter={(value: number) => formatAxisCount(value)}
        />
        <Tooltip cursor={{ stroke: '#cbd5e1' }} content={<WeekTooltip />} />
        <Area
          type="monotone"
          dataKey="count"
          name="New leads"
          stroke={primary}
          strokeWidth={2}
          fill="url(#leads-fill)"
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}

/** Deals won per month over the last 6 months. */
export function DealsWonChart({
  months,
  currency,
}: {
  months: DashboardTrends['dealsWonPerMonth'];
  currency: string | null;
}) {
  const data = months.map((month) => ({ ...month, label: monthLabel(month.month) }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke={gridStroke} />
        <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={false} />
        <YAxis
          allowDecimals={false}
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          width="auto"
          tickFormatter={(value: number) => formatAxisCount(value)}
        />
        <Tooltip cursor={{ fill: '#f1f5f9' }} content={<MonthTooltip currency={currency} />} />
        <Bar
          dataKey="count"
          name="Deals won"
          fill={primary}
          radius={[4, 4, 0, 0]}
          maxBarSize={36}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
