import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAccounts, emailSyncJobs } from '../../db/schema/email';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, newOrganization, signedInMember } from '../users/test-helpers';
import { freshAccessToken, MailboxReconnectRequiredError } from './oauth-tokens';

/*
 * Gmail through OAuth2 against a real authorization server (oauth2-mock-server): the browser's
 * round trip start → provider → callback, tokens sealed at rest, refresh before expiry, and a
 * refused refresh turning the mailbox to "reconnect".
 */
describe('mailbox OAuth2 (Google) against oauth2-mock-server', () => {
  let provider: OAuth2Server;
  let testApp: TestApp;
  let owner: SignedIn;
  const mailAddress = 'ann.locator@gmail.test';
  let tokenRequests = 0;

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    // Google puts the address and name in the ID token.
    provider.service.on('beforeTokenSigning', (token) => {
      token.payload.email = mailAddress;
      token.payload.name = 'Ann Locator';
    });
    provider.service.on('beforeResponse', () => {
      tokenRequests += 1;
    });
    testApp = await createTestApp({
      appUrl: 'http://localhost:3000',
      mailOAuth: {
        google: {
          clientId: 'locus-test',
          clientSecret: 'locus-secret',
          issuer: provider.issuer.url as string,
        },
      },
    });
    owner = await newOrganization(testApp.app, testApp.db);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await provider?.stop();
  });

  /** start → the provider's authorize page (which signs in at once) → our callback URL. */
  async function signInAtProvider(session: SignedIn) {
    const start = await call(testApp.app, 'GET', '/api/email-accounts/oauth/gmail/start', session.cookie);
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(new URL(provider.issuer.url as string).origin);
    expect(authorize.searchParams.get('scope')).toContain('https://mail.google.com/');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('access_type')).toBe('offline');
    const flowCookie = start.cookies.find((c) => c.name === 'locus_mail_oauth');
    expect(flowCookie?.httpOnly).toBe(true);
    const back = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(back.headers.get('location') as string);
    expect(callback.pathname).toBe('/api/email-accounts/oauth/gmail/callback');
    return { callback, flowCookie: `locus_mail_oauth=${flowCookie?.value}` };
  }

  // The provider's page sends the browser back: a cross-site top-level GET, which the
  // same-origin check (unsafe methods only) lets through with the Lax session cookie.
  const visit = (url: URL, cookie: string) =>
    testApp.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { cookie, 'sec-fetch-site': 'cross-site', referer: provider.issuer.url as string },
    });

  it('lists the configured providers', async () => {
    const res = await call(testApp.app, 'GET', '/api/email-accounts/oauth/providers', owner.cookie);
    expect(res.json()).toEqual({ gmail: true, outlook: false });
  });

  it('an unconfigured provider goes back to the settings page saying so', async () => {
    const res = await call(testApp.app, 'GET', '/api/email-accounts/oauth/outlook/start', owner.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `/settings/email?error=${encodeURIComponent('Sign-in with Microsoft is not configured on this server')}`,
    );
  });

  let accountId: string;

  it('connects the mailbox: tokens sealed, address from the ID token, presets, first sync', async () => {
    const { callback, flowCookie } = await signInAtProvider(owner);
    const res = await visit(callback, `${owner.cookie}; ${flowCookie}`);
    expect(res.statusCode, res.headers.location as string).toBe(302);
    expect(res.headers.location).toBe('/settings/email?connected=1');

    const [row] = await testApp.db.select().from(emailAccounts).where(eq(emailAccounts.email, mailAddress));
    accountId = row.id;
    expect(row).toMatchObject({
      provider: 'gmail',
      authType: 'oauth',
      displayName: 'Ann Locator',
      imapHost: 'imap.gmail.com',
      imapPort: 993,
      smtpHost: 'smtp.gmail.com',
      smtpPort: 465,
      password: null,
    });
    const access = testApp.secrets.open(row.accessToken as string);
    expect(access.split('.')).toHaveLength(3);
    expect(row.accessToken).not.toBe(access);
    expect(testApp.secrets.open(row.refreshToken as string)).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(row.tokenExpiry as Date).getTime()).toBeGreaterThan(Date.now());

    const jobs = await testApp.db.select().from(emailSyncJobs).where(eq(emailSyncJobs.accountId, row.id));
    expect(jobs.map((j) => [j.jobType, j.status])).toEqual([['full_sync', 'pending']]);

    const list = await call(testApp.app, 'GET', '/api/email-accounts', owner.cookie);
    expect(list.json().items).toMatchObject([{ email: mailAddress, authType: 'oauth', hasPassword: false }]);
    expect(list.body).not.toContain(access);
    expect(list.body).not.toContain('v1:');
  });

  it('a callback with another state, or in another session, is refused and connects nothing', async () => {
    const member = await signedInMember(testApp.app, owner);
    const { callback, flowCookie } = await signInAtProvider(owner);
    // The owner's sign-in finished in the member's session.
    const elsewhere = await visit(callback, `${member.cookie}; ${flowCookie}`);
    expect(elsewhere.statusCode).toBe(302);
    expect(decodeURIComponent(elsewhere.headers.location as string)).toContain(
      'expired or was started elsewhere',
    );

    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged');
    const wrongState = await visit(forged, `${owner.cookie}; ${flowCookie}`);
    expect(decodeURIComponent(wrongState.headers.location as string)).toContain(
      'expired or was started elsewhere',
    );

    const noCookie = await visit(callback, owner.cookie);
    expect(decodeURIComponent(noCookie.headers.location as string)).toContain(
      'expired or was started elsewhere',
    );

    const cancelled = await visit(
      new URL('http://localhost:3000/api/email-accounts/oauth/gmail/callback?error=access_denied'),
      `${owner.cookie}; ${flowCookie}`,
    );
    expect(decodeURIComponent(cancelled.headers.location as string)).toBe(
      '/settings/email?error=The sign-in with Google was cancelled',
    );
    const accounts = await testApp.db.select().from(emailAccounts);
    expect(accounts.map((a) => a.userId)).toEqual([owner.user.id]);
  });

  it("an OAuth mailbox's connection cannot be edited, its sync settings can", async () => {
    const refused = await call(testApp.app, 'PATCH', `/api/email-accounts/${accountId}`, owner.cookie, {
      imapHost: 'imap.example.test',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('reconnect it');
    const changed = await call(testApp.app, 'PATCH', `/api/email-accounts/${accountId}`, owner.cookie, {
      syncDirection: 'inbound',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ syncDirection: 'inbound', imapHost: 'imap.gmail.com' });
  });

  const context = () => ({
    db: testApp.db,
    secrets: testApp.secrets,
    oauth: {
      google: { clientId: 'locus-test', clientSecret: 'locus-secret', issuer: provider.issuer.url as string },
    },
  });
  const accountRow = async () =>
    (await testApp.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId)))[0];

  it('uses a token that is still fresh without asking the provider', async () => {
    const row = await accountRow();
    const before = tokenRequests;
    expect(await freshAccessToken(context(), row)).toBe(testApp.secrets.open(row.accessToken as string));
    expect(tokenRequests).toBe(before);
  });

  it('refreshes a token expiring within a minute and stores the new one sealed', async () => {
    await testApp.db
      .update(emailAccounts)
      .set({ tokenExpiry: new Date(Date.now() + 30_000) })
      .where(eq(emailAccounts.id, accountId));
    const old = await accountRow();
    const before = tokenRequests;
    // Tokens the mock signs within the same second are identical: mark the refreshed one.
    provider.service.once('beforeResponse', (response) => {
      (response.body as { access_token?: string }).access_token = 'refreshed-access-token';
    });
    const token = await freshAccessToken(context(), old);
    expect(tokenRequests).toBe(before + 1);
    expect(token).toBe('refreshed-access-token');
    expect(token).not.toBe(testApp.secrets.open(old.accessToken as string));
    const row = await accountRow();
    expect(testApp.secrets.open(row.accessToken as string)).toBe(token);
    expect(row.accessToken).not.toContain(token);
    expect(new Date(row.tokenExpiry as Date).getTime()).toBeGreaterThan(Date.now() + 60_000);
  });

  it('a refused refresh (invalid_grant) marks the mailbox in error: reconnect it', async () => {
    await testApp.db
      .update(emailAccounts)
      .set({ tokenExpiry: new Date(0) })
      .where(eq(emailAccounts.id, accountId));
    provider.service.once('beforeResponse', (response) => {
      response.body = { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' };
      response.statusCode = 400;
    });
    const failure = await freshAccessToken(context(), await accountRow()).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(MailboxReconnectRequiredError);
    expect((failure as Error).message).toBe(
      'Google no longer accepts this connection; reconnect the mailbox',
    );
    const row = await accountRow();
    expect(row).toMatchObject({
      syncStatus: 'error',
      lastError: 'Google no longer accepts this connection; reconnect the mailbox',
    });
    const shown = await call(testApp.app, 'GET', `/api/email-accounts/${accountId}`, owner.cookie);
    expect(shown.json()).toMatchObject({ syncStatus: 'error', lastError: row.lastError });
  });

  it('signing in again reconnects the same mailbox and clears the error', async () => {
    const { callback, flowCookie } = await signInAtProvider(owner);
    const res = await visit(callback, `${owner.cookie}; ${flowCookie}`);
    expect(res.headers.location).toBe('/settings/email?connected=1');
    const rows = await testApp.db.select().from(emailAccounts).where(eq(emailAccounts.email, mailAddress));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: accountId, syncStatus: 'idle', lastError: null });
  });

  it('connects an Outlook mailbox, its address from preferred_username', async () => {
    // A second instance on the same database, with a Microsoft client (same test issuer).
    const microsoftApp = await createTestApp({
      sharedDatabase: testApp.database,
      appUrl: 'http://localhost:3000',
      mailOAuth: {
        microsoft: { clientId: 'locus-ms', clientSecret: 'ms-secret', issuer: provider.issuer.url as string },
      },
    });
    const workAddress = 'ann@contoso.test';
    const asMicrosoft = (token: { payload: Record<string, unknown> }) => {
      delete token.payload.email;
      token.payload.preferred_username = workAddress;
    };
    provider.service.on('beforeTokenSigning', asMicrosoft);
    try {
      const session = await newOrganization(microsoftApp.app, microsoftApp.db);
      const start = await call(
        microsoftApp.app,
        'GET',
        '/api/email-accounts/oauth/outlook/start',
        session.cookie,
      );
      const authorize = new URL(start.headers.location as string);
      expect(authorize.searchParams.get('scope')).toContain(
        'https://outlook.office.com/IMAP.AccessAsUser.All',
      );
      expect(authorize.searchParams.get('scope')).toContain('offline_access');
      const flowCookie = start.cookies.find((c) => c.name === 'locus_mail_oauth');
      const back = await fetch(authorize, { redirect: 'manual' });
      const callback = new URL(back.headers.get('location') as string);
      const res = await microsoftApp.app.inject({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
        headers: { cookie: `${session.cookie}; locus_mail_oauth=${flowCookie?.value}` },
      });
      expect(res.headers.location).toBe('/settings/email?connected=1');
      const list = await call(microsoftApp.app, 'GET', '/api/email-accounts', session.cookie);
      expect(list.json().items).toMatchObject([
        {
          email: workAddress,
          provider: 'outlook',
          authType: 'oauth',
          imapHost: 'outlook.office365.com',
          imapPort: 993,
          smtpHost: 'smtp.office365.com',
          smtpPort: 587,
          smtpSecurity: 'starttls',
        },
      ]);
    } finally {
      provider.service.removeListener('beforeTokenSigning', asMicrosoft);
      await microsoftApp.close();
    }
  });
});
