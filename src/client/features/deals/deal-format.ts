import { dealsViewStorageKey } from './board-preload';
import { isSavedViewId } from '../../components/data-table/list-params';
import { claimDeadlineSoonDays, daysUntil } from '../../../common/surplus';

/* Display helpers of the deals screens: money, the claim-deadline countdown, board names. */

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const moneyCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const compact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** "$12,500" (whole dollars), "$12,500.50" with cents when there are any; "—" when unknown. */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return Number.isInteger(value) ? money.format(value) : moneyCents.format(value);
}

/** "$850,000", then "$1.2M": for column totals where space is short. */
export function formatCompactMoney(value: number): string {
  return Math.abs(value) < 1_000_000 ? money.format(value) : compact.format(value);
}

export type DeadlineTone = 'passed' | 'urgent' | 'soon' | 'ok';

export interface DeadlineCountdown {
  days: number;
  /** "23 days left", "1 day left", "Due today", "Deadline passed". */
  label: string;
  tone: DeadlineTone;
}

/** Today as 'YYYY-MM-DD' in the browser's time zone (the user's calendar day). */
export function localToday(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The countdown to a claim deadline, or null when there is none. */
export function deadlineCountdown(
  deadline: string | null | undefined,
  today: string = localToday(),
): DeadlineCountdown | null {
  if (!deadline) return null;
  const days = daysUntil(deadline, today);
  if (days === null) return null;
  if (days < 0) return { days, label: 'Deadline passed', tone: 'passed' };
  if (days === 0) return { days, label: 'Due today', tone: 'urgent' };
  const label = `${days} ${days === 1 ? 'day' : 'days'} left`;
  if (days <= 7) return { days, label, tone: 'urgent' };
  if (days <= claimDeadlineSoonDays * 2) return { days, label, tone: 'soon' };
  return { days, label, tone: 'ok' };
}

/** "Mar 4, 2026" for 'YYYY-MM-DD' (read as a calendar date, never shifted by time zone). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A document's status as read: 'locked_for_signing' → "Locked for signing". */
export function documentStatusLabel(status: string): string {
  const words = status.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type DealsView = 'board' | 'list';

const isDealsView = (value: string | null): value is DealsView => value === 'board' || value === 'list';

/**
 * Board or list: the address's `?view=` when it names one, else the list when the address holds
 * a search, sort or filter (only the list applies them), else the remembered choice; Surplus
 * Funds Locator organizations start on the board.
 */
export function chooseDealsView(
  requested: string | null,
  stored: string | null,
  industrySector: string | null | undefined,
  hasListQuery = false,
): DealsView {
  if (isDealsView(requested)) return requested;
  // A saved view (`?view=<id>`) is a view of the list.
  if (hasListQuery || isSavedViewId(requested)) return 'list';
  if (isDealsView(stored)) return stored;
  return !industrySector || industrySector === 'Surplus Funds Locator' ? 'board' : 'list';
}

export function readStoredView(): string | null {
  try {
    return window.localStorage.getItem(dealsViewStorageKey);
  } catch {
    return null;
  }
}

export function storeView(view: DealsView): void {
  try {
    window.localStorage.setItem(dealsViewStorageKey, view);
  } catch {
    // Storage may be unavailable (private mode): the choice just isn't remembered.
  }
}

export type KanbanTheme = 'professional' | 'minimal' | 'colorful';

export function kanbanThemeOf(value: string | null | undefined): KanbanTheme {
  return value === 'minimal' || value === 'colorful' ? value : 'professional';
}
