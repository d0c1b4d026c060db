import { describe, expect, it } from 'vitest';
import type { EmailAccount, SyncJob } from './api';
import { mailboxStatus, timeAgo } from './mailbox-status';

const account = (overrides: Partial<EmailAccount> = {}): EmailAccount => ({
  id: 'a',
  provider: 'imap',
  authType: 'password',
  email: 'ann@example.test',
  displayName: null,
  imapHost: 'imap.example.test',
  imapPort: 993,
  imapSecurity: 'tls',
  smtpHost: 'smtp.example.test',
  smtpPort: 587,
  smtpSecurity: 'starttls',
  username: 'ann@example.test',
  hasPassword: true,
  syncEnabled: true,
  folderWhitelist: ['INBOX'],
  syncDirection: 'bidirectional',
  syncStatus: 'idle',
  lastSyncAt: null,
  lastError: null,
  lastErrorAt: null,
  messagesImported: 0,
  latestSyncJob: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...overrides,
});
const job = (overrides: Partial<SyncJob>): SyncJob => ({
  id: 'j',
  accountId: 'a',
  jobType: 'full_sync',
  status: 'running',
  startedAt: null,
  completedAt: null,
  emailsProcessed: 0,
  emailsTotal: 0,
  errorMessage: null,
  createdAt: '2026-01-01T00:00:00Z',
  ...overrides,
});

describe('mailboxStatus', () => {
  it('shows progress of a running sync in words', () => {
    expect(
      mailboxStatus(account({ latestSyncJob: job({ emailsProcessed: 1240, emailsTotal: 5000 }) })),
    ).toMatchObject({ label: 'Syncing…', progress: '1,240 of 5,000', percent: 25 });
  });
  it('puts an error first, with the last error in words', () => {
    expect(
      mailboxStatus(
        account({
          syncStatus: 'error',
          lastError: 'The IMAP server refused the username or password',
          latestSyncJob: job({}),
        }),
      ),
    ).toMatchObject({
      label: 'Error',
      tone: 'danger',
      detail: 'The IMAP server refused the username or password',
    });
  });
  it('says Synced only after a sync finished', () => {
    expect(mailboxStatus(account()).label).toBe('Not synced yet');
    expect(mailboxStatus(account({ lastSyncAt: '2026-01-01T00:00:00Z' })).label).toBe('Synced');
    expect(mailboxStatus(account({ lastSyncAt: '2026-01-01T00:00:00Z', syncEnabled: false })).label).toBe(
      'Paused',
    );
    expect(mailboxStatus(account({ latestSyncJob: job({ status: 'pending' }) })).label).toBe(
      'Waiting to sync…',
    );
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  it.each([
    ['2026-01-01T11:59:50Z', 'just now'],
    ['2026-01-01T11:57:00Z', '3 minutes ago'],
    ['2026-01-01T10:00:00Z', '2 hours ago'],
    ['2025-12-27T12:00:00Z', '5 days ago'],
  ])('%s → %s', (value, expected) => {
    expect(timeAgo(value, now)).toBe(expected);
  });
});
