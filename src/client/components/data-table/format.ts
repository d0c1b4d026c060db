/** Formatting of record values for cells and record pages (the browser's locale and time zone). */

const dateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  // A bare calendar date is that day where the user is, not midnight UTC.
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? fromDateInput(value, 'start')
      : new Date(value);
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** "Mar 1, 2025", or '' for no date. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** "Mar 1, 2025, 3:05 PM". */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '';
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The YYYY-MM-DD of a stored date-time in the user's time zone (for a date input). */
export function toDateInputValue(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A date input's YYYY-MM-DD as a moment in the user's time zone: the start of that day, its
 * middle (a calendar date that reads as the same day in nearby zones) or its last millisecond
 * (a due date: overdue once the whole day has passed). Null for anything else.
 */
export function fromDateInput(value: string, at: 'start' | 'noon' | 'end'): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date =
    at === 'start'
      ? new Date(year, month, day)
      : at === 'noon'
        ? new Date(year, month, day, 12)
        : new Date(year, month, day, 23, 59, 59, 999);
  return date.getMonth() === month ? date : null;
}

/** The ISO text the API takes for a date input's value ('' stays '' to clear the field). */
export function dateInputToIso(value: string, at: 'start' | 'noon' | 'end'): string {
  if (!value) return '';
  return fromDateInput(value, at)?.toISOString() ?? value;
}

const moneyFormat = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  return Number.isFinite(number) ? moneyFormat.format(number) : String(value);
}

export function formatNumber(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  return Number.isFinite(number) ? new Intl.NumberFormat().format(number) : String(value);
}
