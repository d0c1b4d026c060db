import type { DealState } from '../../common/deal-state';

/** A configurable status as `/api/deal-statuses` and `/api/person-statuses` answer it. */
export interface ColoredStatus {
  name: string;
  color?: string | null;
  isActive?: boolean;
}

/**
 * The colour of the active status named `name` (any case, spaces around ignored), or null: a
 * renamed or deactivated status no longer colours anything.
 */
export function statusColorOf(statuses: readonly ColoredStatus[] | undefined, name: string): string | null {
  const key = name.trim().toLowerCase();
  const match = statuses?.find(
    (status) => status.isActive !== false && status.name.trim().toLowerCase() === key && status.color,
  );
  return match?.color ?? null;
}

/** The seeded colours of Open, Won and Lost: used when the organization renamed or deactivated one. */
export const dealStateFallbackColors: Record<DealState, string> = {
  open: '#3b82f6',
  won: '#16a34a',
  lost: '#dc2626',
};
