import { describe, expect, it } from 'vitest';
import type { RecipientView } from './api';
import {
  canActNow,
  chainLabel,
  currentRequest,
  describeDevice,
  progressLabel,
  recipientTimeline,
} from './signing-progress';

const recipient = (over: Partial<RecipientView>): RecipientView => ({
  id: 'r',
  name: 'Ann',
  email: 'ann@example.com',
  role: 'signer',
  signatureOrder: 1,
  status: 'sent',
  authMethod: 'email',
  invitedAt: null,
  viewedAt: null,
  signedAt: null,
  declinedAt: null,
  declineReason: null,
  remindersSent: 0,
  lastReminderAt: null,
  ipAddress: null,
  userAgent: null,
  consentVersion: null,
  consentedAt: null,
  fraudScore: null,
  signingUrl: null,
  ...over,
});

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('progress', () => {
  it('counts who signs (approvers too), not who only gets a copy', () => {
    expect(
      progressLabel([
        recipient({ status: 'signed' }),
        recipient({ role: 'approver', status: 'signed' }),
        recipient({ status: 'waiting' }),
        recipient({ role: 'cc', status: 'sent' }),
      ]),
    ).toBe('2 of 3 signed');
  });

  it('the current request is the one in progress, else the latest', () => {
    const old = { status: 'sent', createdAt: '2026-01-01T00:00:00Z', id: 'old' };
    const cancelled = { status: 'cancelled', createdAt: '2026-02-01T00:00:00Z', id: 'cancelled' };
    expect(currentRequest([cancelled, old])?.id).toBe('old');
    expect(currentRequest([{ ...old, status: 'completed' }, cancelled])?.id).toBe('cancelled');
    expect(currentRequest([])).toBeNull();
  });

  it('only an invited signer of a live request can sign now', () => {
    expect(canActNow(recipient({ status: 'viewed' }), 'viewed')).toBe(true);
    expect(canActNow(recipient({ status: 'waiting' }), 'sent')).toBe(false);
    expect(canActNow(recipient({ status: 'sent' }), 'cancelled')).toBe(false);
    expect(canActNow(recipient({ role: 'viewer', status: 'sent' }), 'sent')).toBe(false);
  });
});

describe('timeline', () => {
  it('lists invited, viewed and signed with where the signature came from', () => {
    const steps = recipientTimeline(
      recipient({
        status: 'signed',
        invitedAt: '2026-01-01T10:00:00Z',
        viewedAt: '2026-01-01T11:00:00Z',
        signedAt: '2026-01-01T11:05:00Z',
        ipAddress: '203.0.113.9',
        userAgent: iphone,
      }),
    );
    expect(steps.map((s) => [s.label, s.detail])).toEqual([
      ['Invited', undefined],
      ['Viewed', undefined],
      ['Signed', '203.0.113.9 · Safari on iPhone'],
    ]);
  });

  it('a decline carries its reason; an approver approves', () => {
    expect(
      recipientTimeline(recipient({ declinedAt: '2026-01-02T00:00:00Z', declineReason: 'Wrong amount' })),
    ).toEqual([
      { kind: 'declined', label: 'Declined', at: '2026-01-02T00:00:00Z', detail: '“Wrong amount”' },
    ]);
    expect(
      recipientTimeline(recipient({ role: 'approver', signedAt: '2026-01-02T00:00:00Z' }))[0].label,
    ).toBe('Approved');
  });

  it('reads common devices', () => {
    expect(
      describeDevice('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36'),
    ).toBe('Chrome on Android');
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Gecko/20100101 Firefox/121.0')).toBe(
      'Firefox on Windows',
    );
  });
});

describe('the audit chain badge', () => {
  it('says verified with the count, or where it broke', () => {
    expect(chainLabel({ valid: true, events: 12 })).toBe('Audit chain verified · 12 events');
    expect(chainLabel({ valid: true, events: 1 })).toBe('Audit chain verified · 1 event');
    expect(chainLabel({ valid: false, events: 12, brokenAt: { sequence: 7 } })).toBe(
      'Audit chain broken at event 7',
    );
  });
});
