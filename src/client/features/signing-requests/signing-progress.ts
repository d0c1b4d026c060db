import type { RecipientView, RequestListItem } from './api';

/* What the sender reads off a request: how far it is, who acts, what to flag. */

/** Roles that sign (approvers approve, which counts as signing); cc and viewers only receive. */
export const actingRoles = ['signer', 'approver', 'notary'] as const;
export const isActing = (recipient: Pick<RecipientView, 'role'>) =>
  (actingRoles as readonly string[]).includes(recipient.role);

/** Requests still waiting on someone: a document has at most one of these. */
export const activeRequestStatuses = ['draft', 'sent', 'viewed', 'signed'] as const;
export const isActiveRequest = (status: string) =>
  (activeRequestStatuses as readonly string[]).includes(status);

/** Above this the sender sees the fraud score (0–100; simple signals, not proof). */
export const fraudScoreThreshold = 30;

export function signingProgress(recipients: RecipientView[]): { signed: number; total: number } {
  const acting = recipients.filter(isActing);
  return { signed: acting.filter((recipient) => recipient.status === 'signed').length, total: acting.length };
}

/** "2 of 3 signed". */
export function progressLabel(recipients: RecipientView[]): string {
  const { signed, total } = signingProgress(recipients);
  return `${signed} of ${total} signed`;
}

/** A document's current request: an active one if any, else the latest. */
export function currentRequest<T extends Pick<RequestListItem, 'status' | 'createdAt'>>(
  requests: T[],
): T | null {
  const newestFirst = requests.toSorted((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return newestFirst.find((request) => isActiveRequest(request.status)) ?? newestFirst[0] ?? null;
}

/** Whose turn it is: the sent or viewed acting recipients (sequential: only the current step's). */
export function canActNow(recipient: RecipientView, requestStatus: string): boolean {
  return (
    isActiveRequest(requestStatus) &&
    requestStatus !== 'draft' &&
    isActing(recipient) &&
    (recipient.status === 'sent' || recipient.status === 'viewed')
  );
}

export const requestStatusLabels: Record<string, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  signed: 'Partly signed',
  completed: 'Completed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export const recipientStatusLabels: Record<string, string> = {
  pending: 'Not sent',
  waiting: 'Waiting for earlier signers',
  sent: 'Invited',
  viewed: 'Viewed',
  signed: 'Signed',
  declined: 'Declined',
};

export type StatusTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger';

export function requestStatusTone(status: string): StatusTone {
  if (status === 'completed') return 'success';
  if (status === 'declined' || status === 'cancelled' || status === 'expired') return 'danger';
  if (status === 'draft') return 'neutral';
  return 'primary';
}

export function recipientStatusTone(status: string, role: string): StatusTone {
  if (status === 'signed') return 'success';
  if (status === 'declined') return 'danger';
  if (status === 'viewed') return 'warning';
  if (!isActing({ role }) && status === 'sent') return 'neutral';
  return status === 'sent' ? 'primary' : 'neutral';
}

/** "Approved" for an approver, "Signed" otherwise. */
export function signedWord(role: string): string {
  return role === 'approver' ? 'Approved' : 'Signed';
}

export interface TimelineStep {
  kind: 'invited' | 'viewed' | 'signed' | 'declined';
  label: string;
  at: string;
  detail?: string;
}

/** A recipient's steps so far, oldest first; signed and declined carry where they came from. */
export function recipientTimeline(recipient: RecipientView): TimelineStep[] {
  const steps: TimelineStep[] = [];
  if (recipient.invitedAt) steps.push({ kind: 'invited', label: 'Invited', at: recipient.invitedAt });
  if (recipient.viewedAt) steps.push({ kind: 'viewed', label: 'Viewed', at: recipient.viewedAt });
  const from = whereFrom(recipient);
  if (recipient.signedAt) {
    steps.push({ kind: 'signed', label: signedWord(recipient.role), at: recipient.signedAt, detail: from });
  }
  if (recipient.declinedAt) {
    const reason = recipient.declineReason ? `“${recipient.declineReason}”` : undefined;
    steps.push({
      kind: 'declined',
      label: 'Declined',
      at: recipient.declinedAt,
      detail: [reason, from].filter(Boolean).join(' · ') || undefined,
    });
  }
  return steps;
}

/** "203.0.113.9 · Chrome on Android": the IP and a short reading of the user agent. */
export function whereFrom(recipient: Pick<RecipientView, 'ipAddress' | 'userAgent'>): string | undefined {
  const device = recipient.userAgent ? describeDevice(recipient.userAgent) : null;
  const parts = [recipient.ipAddress, device].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** "Safari on iPhone": enough to recognise a device, not a fingerprint. */
export function describeDevice(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|CriOS\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'Mac'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

/** "Audit chain verified · 12 events" or "Audit chain broken at event 7". */
export function chainLabel(verification: {
  valid: boolean;
  events: number;
  brokenAt?: { sequence: number };
}): string {
  if (verification.valid) {
    return `Audit chain verified · ${verification.events} event${verification.events === 1 ? '' : 's'}`;
  }
  return verification.brokenAt
    ? `Audit chain broken at event ${verification.brokenAt.sequence}`
    : 'Audit chain broken';
}

export const auditEventLabels: Record<string, string> = {
  document_sent: 'Sent',
  document_viewed: 'Viewed',
  field_clicked: 'Field opened',
  signature_started: 'Began signing',
  signature_completed: 'Signed',
  document_declined: 'Declined',
  reminder_sent: 'Reminder sent',
};
