import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, emailTracking } from '../../db/schema/email';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { organization } from '../leads/test-kit';
import { applyTracking, newTrackingPixelId } from './apply-tracking';
import { recordBounce } from './record-bounce';

let t: TestApp;
let owner: SignedIn;
const appUrl = 'https://crm.example.test';

beforeAll(async () => {
  t = await createTestApp({ appUrl });
  owner = await organization(t);
});
afterAll(() => t.close());

async function trackedEmail(messageId = `<${newTrackingPixelId()}@example.test>`) {
  const [email] = await t.db
    .insert(emails)
    .values({
      organizationId: owner.user.organizationId,
      messageId,
      fromEmail: owner.user.email,
      toEmails: ['jane@example.com'],
      subject: 'Hello',
      direction: 'outbound',
      sendStatus: 'sent',
    })
    .returning({ id: emails.id });
  const pixelId = newTrackingPixelId();
  await t.db
    .insert(emailTracking)
    .values({ organizationId: owner.user.organizationId, emailId: email.id, trackingPixelId: pixelId });
  return { emailId: email.id, pixelId, messageId };
}

const trackingOf = async (pixelId: string) =>
  (await t.db.select().from(emailTracking).where(eq(emailTracking.trackingPixelId, pixelId)))[0];

/** The path and query of the n-th link of tracked HTML, to call through inject. */
function linkPaths(html: string) {
  return [...html.matchAll(/href="(https?:[^"]+)"/g)].map((m) => {
    const url = new URL(m[1].replaceAll('&amp;', '&'));
    return { origin: url.origin, path: `${url.pathname}${url.search}`, params: url.searchParams };
  });
}

describe('applyTracking', () => {
  it('adds one pixel and wraps only web links', () => {
    const html = applyTracking(
      '<p><a href="https://county.gov/claims?a=1&amp;b=2">Claims</a> <a href="mailto:x@y.z">mail</a> <a href="#top">top</a></p>',
      { pixelId: 'pix', appUrl, secrets: t.secrets },
    );
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).toContain(`src="${appUrl}/api/email-tracking/open/pix"`);
    expect(html).toContain('href="mailto:x@y.z"');
    expect(html).toContain('href="#top"');
    const [link] = linkPaths(html);
    expect(link.origin).toBe(appUrl);
    expect(link.params.get('u')).toBe('https://county.gov/claims?a=1&b=2');
  });
});

describe('tracking routes', () => {
  it('counts opens with a no-store GIF and moves the status to opened', async () => {
    const { pixelId } = await trackedEmail();
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/email-tracking/open/${pixelId}`,
        headers: { 'user-agent': 'MailReader/1.0' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(res.headers['cache-control']).toContain('no-store');
    }
    const row = await trackingOf(pixelId);
    expect(row).toMatchObject({ openCount: 2, deliveryStatus: 'opened', userAgent: 'MailReader/1.0' });
    expect(row.openedAt).toBeInstanceOf(Date);
    // An unknown pixel answers the same GIF.
    expect((await t.app.inject({ method: 'GET', url: '/api/email-tracking/open/nope' })).statusCode).toBe(
      200,
    );
  });

  it('redirects a signed click to its own URL and counts it', async () => {
    const { pixelId } = await trackedEmail();
    const html = applyTracking('<a href="https://county.gov/claim">x</a>', {
      pixelId,
      appUrl,
      secrets: t.secrets,
    });
    const [link] = linkPaths(html);
    const res = await t.app.inject({ method: 'GET', url: link.path });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://county.gov/claim');
    expect(await trackingOf(pixelId)).toMatchObject({ clickCount: 1, deliveryStatus: 'clicked' });
    // A later open does not demote a click.
    await t.app.inject({ method: 'GET', url: `/api/email-tracking/open/${pixelId}` });
    expect((await trackingOf(pixelId)).deliveryStatus).toBe('clicked');
  });

  it('refuses a changed target, a wrong signature or another pixel id (400, no redirect)', async () => {
    const { pixelId } = await trackedEmail();
    const html = applyTracking('<a href="https://county.gov/claim">x</a>', {
      pixelId,
      appUrl,
      secrets: t.secrets,
    });
    const [link] = linkPaths(html);
    const signature = link.params.get('s') ?? '';
    const attempts = [
      `/api/email-tracking/click/${pixelId}?u=${encodeURIComponent('https://evil.example/phish')}&s=${signature}`,
      `/api/email-tracking/click/${pixelId}?u=${encodeURIComponent('https://county.gov/claim')}&s=${signature.slice(1)}x`,
      `/api/email-tracking/click/other-pixel?u=${encodeURIComponent('https://county.gov/claim')}&s=${signature}`,
      `/api/email-tracking/click/${pixelId}?u=${encodeURIComponent('https://county.gov/claim')}`,
    ];
    for (const url of attempts) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
    expect((await trackingOf(pixelId)).clickCount).toBe(0);
  });
});

describe('recordBounce', () => {
  it('marks the outgoing message bounced, whatever its status was', async () => {
    const { pixelId, messageId } = await trackedEmail();
    await t.app.inject({ method: 'GET', url: `/api/email-tracking/open/${pixelId}` });
    const matched = await recordBounce(t.db, {
      organizationId: owner.user.organizationId,
      originalMessageId: messageId.replace(/[<>]/g, ''),
      reason: '550 5.1.1 User unknown',
    });
    expect(matched).toBe(true);
    expect(await trackingOf(pixelId)).toMatchObject({
      bounced: true,
      deliveryStatus: 'bounced',
      bounceReason: '550 5.1.1 User unknown',
    });
    // An open after the bounce does not revive it.
    await t.app.inject({ method: 'GET', url: `/api/email-tracking/open/${pixelId}` });
    expect((await trackingOf(pixelId)).deliveryStatus).toBe('bounced');
  });

  it("ignores another organization's message", async () => {
    const { messageId } = await trackedEmail();
    const stranger = await organization(t);
    expect(
      await recordBounce(t.db, {
        organizationId: stranger.user.organizationId,
        originalMessageId: messageId,
        reason: 'x',
      }),
    ).toBe(false);
  });
});
