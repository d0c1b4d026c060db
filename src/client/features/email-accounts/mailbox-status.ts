import type { EmailAccount } from './api';
import { isActiveJob } from './api';

export type MailboxStatusTone = 'success' | 'primary' | 'danger' | 'neutral';

export interface MailboxStatus {
  label: string;
  tone: MailboxStatusTone;
  /** "1,240 of 5,000" while a sync with a known total runs. */
  progress: string | null;
  /** 0–100 when the total is known. */
  percent: number | null;
  /** The last error in words, shown under an Error badge. */
  detail: string | null;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * What a mailbox card says about its sync. Honest first: an error wins over everything, a
 * running job shows its own counts, and "Synced" only once a sync has actually finished.
 */
export function mailboxStatus(account: EmailAccount): MailboxStatus {
  const job = account.latestSyncJob;
  if (account.syncStatus === 'error') {
    return { label: 'Error', tone: 'danger', progress: null, percent: null, detail: account.lastError };
  }
  if (job?.status === 'failed' && !account.lastSyncAt) {
    return { label: 'Error', tone: 'danger', progress: null, percent: null, detail: job.errorMessage };
  }
  if (isActiveJob(job) || account.syncStatus === 'syncing') {
    const total = job?.emailsTotal ?? 0;
    const done = job?.emailsProcessed ?? 0;
    const waiting = job?.status === 'pending';
    return {
      label: waiting ? 'Waiting to sync…' : 'Syncing…',
      tone: 'primary',
      progress: total > 0 ? `${count(Math.min(done, total))} of ${count(total)}` : null,
      percent: total > 0 ? Math.round((Math.min(done, total) / total) * 100) : null,
      detail: null,
    };
  }
  if (!account.syncEnabled)
    return { label: 'Paused', tone: 'neutral', progress: null, percent: null, detail: null };
  if (account.lastSyncAt)
    return { label: 'Synced', tone: 'success', progress: null, percent: null, detail: null };
  return { label: 'Not synced yet', tone: 'neutral', progress: null, percent: null, detail: null };
}

/** "just now", "3 minutes ago", "2 hours ago", "5 days ago", else the date. */
export function timeAgo(value: string | Date, now = new Date()): string {
  const seconds = Math.round((now.getTime() - new Date(value).getTime()) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  if (days < 30) return `${days} day${days === 1 ? '' : 's'} ago`;
  return new Date(value).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export const providerLabels: Record<EmailAccount['provider'], string> = {
  gmail: 'Gmail',
  outlook: 'Outlook',
  imap: 'Other (IMAP)',
};
