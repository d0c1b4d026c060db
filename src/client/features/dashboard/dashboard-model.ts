import { safeCurrency } from '../../components/custom-fields/format';

/*
 * The dashboard's pure parts: number formatting in the user's currency, chart labels, task due
 * labels, deadline urgency and the sections of /dashboard/:section.
 */

export const dashboardSections = ['overview', 'pipeline', 'tasks', 'deadlines'] as const;
export type DashboardSection = (typeof dashboardSections)[number];

export const sectionLabels: Record<DashboardSection, string> = {
  overview: 'Overview',
  pipeline: 'Pipeline',
  tasks: 'My tasks',
  deadlines: 'Claim deadlines',
};

/** `/dashboard` (and `/`) is the overview; an unknown section is null (the page redirects). */
export function resolveDashboardSection(section: string | undefined): DashboardSection | null {
  if (section === undefined || section === '') return 'overview';
  return (dashboardSections as readonly string[]).includes(section) ? (section as DashboardSection) : null;
}

export function sectionHref(section: DashboardSection): string {
  return section === 'overview' ? '/dashboard' : `/dashboard/${section}`;
}

/** An ISO 4217 code Intl accepts (the user's defaultCurrency), else USD. */
export const currencyCode = safeCurrency;

export interface MoneyFormat {
  currency?: string | null;
  locale?: string;
}

/**
 * A KPI amount: whole units up to a million ("$125,000"), then compact ("$1.25M"); cents only
 * for small amounts that have them ("$12.50").
 */
export function formatKpiMoney(value: number, { currency, locale = 'en-US' }: MoneyFormat = {}): string {
  const code = currencyCode(currency);
  if (!Number.isFinite(value)) return '—';
  if (Math.abs(value) >= 1_000_000) {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    }).format(value);
  }
  const cents = Math.abs(value) < 100 && !Number.isInteger(value);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: code,
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  }).format(value);
}

/** Axis ticks: "$0", "$25K", "$1.2M". */
export function formatAxisMoney(value: number, { currency, locale = 'en-US' }: MoneyFormat = {}): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currencyCode(currency),
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  }).format(value);
}

/** Axis ticks: 950 → "950", 250000 → "250K" (the axis sizes itself to its longest label). */
export function formatAxisCount(value: number, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** 0.3333 → "33.3%", 0.5 → "50%", 0 → "0%". */
export function formatRate(rate: number, locale = 'en-US'): string {
  if (!Number.isFinite(rate)) return '—';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

export function formatCount(value: number, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale).format(value);
}

const utcDate = (iso: string) => {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(year, (month ?? 1) - 1, day ?? 1));
};

/** '2026-03-02' (a week's Monday) → "Mar 2". */
export function weekLabel(weekStart: string, locale = 'en-US'): string {
  return utcDate(weekStart).toLocaleDateString(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** '2026-03' → "Mar"; with the year when asked ("Mar 2026"). */
export function monthLabel(month: string, { withYear = false, locale = 'en-US' } = {}): string {
  return utcDate(`${month}-01`).toLocaleDateString(locale, {
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

/** A calendar date '2026-03-04' → "Mar 4, 2026". */
export function formatDay(iso: string, locale = 'en-US'): string {
  return utcDate(iso).toLocaleDateString(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "Tuesday, March 4" for the header. */
export function formatToday(now: Date, locale = 'en-US'): string {
  return now.toLocaleDateString(locale, { weekday: 'long', month: 'long', day: 'numeric' });
}

export function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

export type DeadlineUrgency = 'critical' | 'warning' | 'ok';

/** Within a week: critical; within two: warning; later: ok. */
export function deadlineUrgency(daysRemaining: number | null): DeadlineUrgency {
  if (daysRemaining === null || daysRemaining <= 7) return 'critical';
  if (daysRemaining <= 14) return 'warning';
  return 'ok';
}

/** "Today", "1 day", "23 days". */
export function daysLeftLabel(daysRemaining: number | null): string {
  if (daysRemaining === null) return '—';
  if (daysRemaining <= 0) return 'Today';
  return `${daysRemaining} ${daysRemaining === 1 ? 'day' : 'days'}`;
}

const DAY_MS = 86_400_000;

/** Local calendar days from `now` to `date` (negative when past). */
function localDayDiff(date: Date, now: Date): number {
  const a = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  const b = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((a - b) / DAY_MS);
}

export interface DueLabel {
  text: string;
  tone: 'overdue' | 'today' | 'upcoming' | 'none';
}

/** A task's due date as people say it: "Overdue by 3 days", "Due today", "Due tomorrow", "Due Mar 9". */
export function dueLabel(
  dueDate: string | null,
  {
    overdue,
    done = false,
    now = new Date(),
    locale = 'en-US',
  }: { overdue: boolean; done?: boolean; now?: Date; locale?: string },
): DueLabel {
  if (!dueDate) return { text: 'No due date', tone: 'none' };
  const due = new Date(dueDate);
  if (Number.isNaN(due.getTime())) return { text: 'No due date', tone: 'none' };
  const days = localDayDiff(due, now);
  if (overdue && !done) {
    if (days >= 0) return { text: 'Overdue', tone: 'overdue' };
    const late = -days;
    return { text: `Overdue by ${late} ${late === 1 ? 'day' : 'days'}`, tone: 'overdue' };
  }
  if (days === 0) return { text: 'Due today', tone: done ? 'none' : 'today' };
  if (days === 1) return { text: 'Due tomorrow', tone: done ? 'none' : 'upcoming' };
  const sameYear = due.getFullYear() === now.getFullYear();
  const text = due.toLocaleDateString(locale, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
  return { text: days < 0 ? `Was due ${text}` : `Due ${text}`, tone: done ? 'none' : 'upcoming' };
}

/** Whether a chart series has anything to draw. */
export function hasData(values: readonly { count?: number; totalValue?: number }[]): boolean {
  return values.some((value) => (value.count ?? 0) > 0 || (value.totalValue ?? 0) > 0);
}
