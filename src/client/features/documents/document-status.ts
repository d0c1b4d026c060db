import type { BadgeVariant } from '../../components/ui/badge';

/** A document's statuses (data-model §3), in the order a document moves through them. */
export const documentStatuses = [
  'draft',
  'locked_for_signing',
  'sent',
  'viewed',
  'signed',
  'completed',
  'cancelled',
] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

const labels: Record<DocumentStatus, string> = {
  draft: 'Draft',
  locked_for_signing: 'Locked for signing',
  sent: 'Sent',
  viewed: 'Viewed',
  signed: 'Signed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Colours: grey while it is ours, blue while it is out, green once signed, red when called off. */
const variants: Record<DocumentStatus, BadgeVariant> = {
  draft: 'neutral',
  locked_for_signing: 'warning',
  sent: 'primary',
  viewed: 'primary',
  signed: 'success',
  completed: 'success',
  cancelled: 'danger',
};

const isKnown = (status: string): status is DocumentStatus =>
  (documentStatuses as readonly string[]).includes(status);

export function documentStatusText(status: string): string {
  if (isKnown(status)) return labels[status];
  const words = status.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function documentStatusVariant(status: string): BadgeVariant {
  return isKnown(status) ? variants[status] : 'neutral';
}

/** Statuses whose content is frozen for signing: the server answers 409 to an edit (CONTRACT). */
const frozen: ReadonlySet<string> = new Set(['locked_for_signing', 'sent', 'viewed', 'signed', 'completed']);

export function isFrozenStatus(status: string): boolean {
  return frozen.has(status);
}

/** The filter's choices, with their labels. */
export const documentStatusOptions = documentStatuses.map((value) => ({ value, label: labels[value] }));
