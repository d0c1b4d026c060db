import type { BadgeVariant } from '../../../components/ui/badge';
import { formatFileSize } from '../../../lib/format-file-size';
import type { OrganizationStatus, PlanType } from '../api/organizations';

/** Labels and tones shared by the organizations list and its detail. */

export const planLabels: Record<PlanType, string> = {
  free: 'Free',
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
};

export const statusLabels: Record<OrganizationStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
  inactive: 'Inactive',
};

export const statusTones: Record<OrganizationStatus, BadgeVariant> = {
  active: 'success',
  suspended: 'danger',
  inactive: 'neutral',
};

export const planTones: Record<PlanType, BadgeVariant> = {
  free: 'neutral',
  starter: 'primary',
  professional: 'primary',
  enterprise: 'warning',
};

/** Sizes past a gigabyte too ("2.4 GB"); below, as attachments show them. */
export function formatStorage(bytes: number): string {
  const gb = 1024 * 1024 * 1024;
  if (bytes >= gb) return `${Number((bytes / gb).toFixed(1))} GB`;
  return formatFileSize(bytes);
}

const numberFormat = new Intl.NumberFormat('en-US');
export const formatCount = (value: number) => numberFormat.format(value);

const dateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "Mar 1, 2026" for a calendar date or a time; '' for none. */
export function formatDate(value: string | null): string {
  if (!value) return '';
  // A calendar date is read as that day, not as UTC midnight shifted into the browser's zone.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** "5 minutes ago", "yesterday", "3 months ago"; "Never" for none. */
export function formatActivity(value: string | null, now = Date.now()): string {
  if (!value) return 'Never';
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 86_400],
    ['month', 30 * 86_400],
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'Just now';
}
