import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/platform';
import { demoRequests, earlyAccessSignups, supportSubmissions } from '../../db/schema/public-submissions';
import { registerOrganizationOwner, type SignedIn, uniqueEmail } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { notificationKinds } from './enqueue-notification';
import { defaultSubmissionRateLimit } from './routes';

let t: TestApp;
let owner: SignedIn;
let root: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ superAdminEmails: ['root@example.com'] });
  owner = await registerOrganizationOwner(t.app);
  root = await registerOrganizationOwner(t.app, { organizationName: 'Platform', email: 'root@example.com' });
});
afterAll(() => t.close());

// Each test posts from its own address, so per-IP limits do not leak between tests.
let lastOctet = 0;
const newIp = () => `203.0.113.${++lastOctet}`;

const post = (url: string, payload: unknown, ip = newIp()) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    payload: payload as Record<string, unknown>,
  });
const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const outboxFor = (submissionId: string) =>
  t.db.select().from(outbox).where(sql`${outbox.payload}->>'submissionId' = ${submissionId}`);

const earlyAccess = () => ({
  email: uniqueEmail('Visitor'),
  name: 'Vera Visitor',
  company: 'Acme',
  persona: 'Wholesaler',
});
const demo = () => ({
  email: uniqueEmail('demo'),
  name: 'Dan Demo',
  company: 'Demo Holdings',
  persona: 'Real Estate Investor',
  message: 'Show me the pipeline',
  phoneNumber: '555-0100',
  preferredTime: 'Mornings',
});
const support = () => ({
  firstName: 'Sue',
  lastName: 'Porter',
  email: uniqueEmail('support'),
  type: 'bug',
  description: 'The export button does nothing.',
  imageUrl: '',
});

// A 1x1 transparent PNG.
const pngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** A JPEG data URL of `bytes` bytes (JPEG's magic bytes, then filler). */
const jpegDataUrl = (bytes: number) =>
  `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(bytes - 4, 1)]).toString('base64')}`;
const imageMessage = 'Image must be a PNG, JPEG, GIF or WebP image or an https link';

describe('route access', () => {
  it('declares the forms public and the lists super-admin only', () => {
    const urls = [
      '/api/early-access',
      '/api/demo-request',
      '/api/support-submission',
      '/api/demo-requests',
      '/api/support-submissions',
      '/api/support-submissions/:id/image',
    ];
    const declared = t.app.routeTable
      .filter((r) => urls.includes(r.url))
      .map((r) => `${r.method} ${r.url} ${r.access}`)
      .toSorted();
    expect(declared).toEqual([
      'GET /api/demo-requests superAdmin',
      'GET /api/early-access superAdmin',
      'GET /api/support-submissions superAdmin',
      'GET /api/support-submissions/:id/image superAdmin',
      'POST /api/demo-request public',
      'POST /api/early-access public',
      'POST /api/support-submission public',
    ]);
  });
});

describe('POST /api/early-access', () => {
  it('adds the visitor to the waitlist (201) with an outbox notice, no session needed', async () => {
    const input = earlyAccess();
    const res = await post('/api/early-access', { ...input, email: `  ${input.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(201);
    const { success, id } = res.json();
    expect(success).toBe(true);
    const [row] = await t.db.select().from(earlyAccessSignups).where(eq(earlyAccessSignups.id, id));
    expect(row).toMatchObject({
      email: input.email.toLowerCase(),
      name: 'Vera Visitor',
      company: 'Acme',
      persona: 'Wholesaler',
    });
    expect(await outboxFor(id)).toMatchObject([
      {
        kind: notificationKinds.earlyAccessSignup,
        organizationId: null,
        status: 'pending',
        payload: { submissionId: id },
      },
    ]);
  });

  it('stores a blank company as absent', async () => {
    const res = await post('/api/early-access', { ...earlyAccess(), company: '  ' });
    const [row] = await t.db
      .select()
      .from(earlyAccessSignups)
      .where(eq(earlyAccessSignups.id, res.json().id));
    expect(row.company).toBeNull();
  });

  it('answers a repeat sign-up with 200 alreadyRegistered, changing nothing', async () => {
    const input = earlyAccess();
    const first = await post('/api/early-access', input);
    const again = await post('/api/early-access', {
      ...input,
      email: input.email.toUpperCase(),
      name: 'Someone Else',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, alreadyRegistered: true });
    const rows = await t.db
      .select()
      .from(earlyAccessSignups)
      .where(eq(earlyAccessSignups.email, input.email.toLowerCase()));
    expect(rows).toMatchObject([{ id: first.json().id, name: 'Vera Visitor' }]);
    expect(await outboxFor(first.json().id)).toHaveLength(1);
  });

  it.each([
    ['an invalid email', { email: 'vera' }, 'email', 'Please enter a valid email address'],
    ['a missing email', { email: undefined }, 'email', 'Please enter a valid email address'],
    ['a short name', { name: 'V' }, 'name', 'Name must be at least 2 characters'],
    ['a missing name', { name: undefined }, 'name', 'Name must be at least 2 characters'],
    ['an empty persona', { persona: '' }, 'persona', 'Please select your role'],
    ['a missing persona', { persona: undefined }, 'persona', 'Please select your role'],
  ])('refuses %s with the spec message', async (_name, change, path, message) => {
    const before = await t.db.$count(earlyAccessSignups);
    const res = await post('/api/early-access', { ...earlyAccess(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Validation failed', errors: [{ path, message }] });
    expect(await t.db.$count(earlyAccessSignups)).toBe(before);
  });
});

describe('POST /api/demo-request', () => {
  it('stores the request as pending (201) with an outbox notice', async () => {
    const input = demo();
    const res = await post('/api/demo-request', input);
    expect(res.statusCode).toBe(201);
    const { success, id } = res.json();
    expect(success).toBe(true);
    const [row] = await t.db.select().from(demoRequests).where(eq(demoRequests.id, id));
    expect(row).toMatchObject({ ...input, status: 'pending', notes: null });
    expect(await outboxFor(id)).toMatchObject([
      { kind: notificationKinds.demoRequest, payload: { submissionId: id } },
    ]);
  });

  it('accepts the optional fields left out or blank', async () => {
    const { message: _m, phoneNumber: _p, ...required } = demo();
    const res = await post('/api/demo-request', { ...required, preferredTime: '' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(demoRequests).where(eq(demoRequests.id, res.json().id));
    expect(row).toMatchObject({ message: null, phoneNumber: null, preferredTime: null });
  });

  it.each([
    ['an invalid email', { email: 'dan@' }, 'email', 'Please enter a valid email address'],
    ['a short name', { name: 'D' }, 'name', 'Name must be at least 2 characters'],
    ['an empty persona', { persona: '' }, 'persona', 'Please select your role'],
    ['a short company', { company: 'D' }, 'company', 'Company name must be at least 2 characters'],
    ['a missing company', { company: undefined }, 'company', 'Company name must be at least 2 characters'],
  ])('refuses %s with the spec message', async (_name, change, path, message) => {
    const res = await post('/api/demo-request', { ...demo(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Validation failed', errors: [{ path, message }] });
  });
});

describe('POST /api/support-submission', () => {
  it('stores the submission (201 { success, id }) with an outbox notice in the same transaction', async () => {
    const input = support();
    const outboxBefore = await t.db.$count(outbox);
    const res = await post('/api/support-submission', input);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, id: expect.any(String) });
    const { id } = res.json();
    const [row] = await t.db.select().from(supportSubmissions).where(eq(supportSubmissions.id, id));
    expect(row).toMatchObject({ ...input, imageUrl: null });
    expect(await outboxFor(id)).toMatchObject([
      {
        kind: notificationKinds.supportSubmission,
        status: 'pending',
        attempts: 0,
        payload: { submissionId: id },
      },
    ]);
    expect(await t.db.$count(outbox)).toBe(outboxBefore + 1);
  });

  it('reports every failing field at once with the spec messages, storing nothing', async () => {
    const before = await t.db.$count(supportSubmissions);
    const outboxBefore = await t.db.$count(outbox);
    const res = await post('/api/support-submission', {
      firstName: 'S',
      lastName: ' P ',
      email: 'not-an-email',
      type: 'question',
      description: 'Too short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Validation failed',
      errors: [
        { path: 'firstName', message: 'First name must be at least 2 characters' },
        { path: 'lastName', message: 'Last name must be at least 2 characters' },
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'type', message: 'Please select a type' },
        { path: 'description', message: 'Description must be at least 10 characters' },
      ],
    });
    expect(await t.db.$count(supportSubmissions)).toBe(before);
    expect(await t.db.$count(outbox)).toBe(outboxBefore);
  });

  it('answers the same messages when the fields are missing', async () => {
    const res = await post('/api/support-submission', {});
    expect(res.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Please enter a valid email address',
      'Please select a type',
      'Description must be at least 10 characters',
    ]);
  });

  it('accepts an enhancement with an https image link or an uploaded image', async () => {
    const link = await post('/api/support-submission', {
      ...support(),
      type: 'enhancement',
      imageUrl: 'https://images.example.com/shot.png',
    });
    expect(link.statusCode).toBe(201);
    const upload = await post('/api/support-submission', {
      ...support(),
      imageUrl: `data:image/png;base64,${pngBase64}`,
    });
    expect(upload.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(supportSubmissions)
      .where(eq(supportSubmissions.id, upload.json().id));
    expect(row.imageUrl).toBe(`data:image/png;base64,${pngBase64}`);
  });

  it('accepts an uploaded image of exactly 512 KB and refuses a larger one', async () => {
    expect(
      (await post('/api/support-submission', { ...support(), imageUrl: jpegDataUrl(512 * 1024) })).statusCode,
    ).toBe(201);
    const res = await post('/api/support-submission', {
      ...support(),
      imageUrl: jpegDataUrl(512 * 1024 + 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'imageUrl', message: 'Image must be 512 KB or smaller' }]);
  });

  it.each([
    ['a javascript: link', 'javascript:alert(1)'],
    ['a plain http link', 'http://images.example.com/shot.png'],
    ['an SVG upload', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
    ['a data URL that is not base64', 'data:image/png,hello'],
    ['an empty upload', 'data:image/png;base64,'],
    ['a non-image upload', 'data:text/html;base64,PGgxPkhpPC9oMT4='],
    ['text', 'my screenshot'],
  ])('refuses %s as the image', async (_name, imageUrl) => {
    const res = await post('/api/support-submission', { ...support(), imageUrl });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'imageUrl', message: imageMessage }]);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once an address has sent the limit, per endpoint', async () => {
    const ip = newIp();
    const { perIp } = defaultSubmissionRateLimit;
    for (let i = 0; i < perIp; i++) {
      // Invalid attempts count too: they cost the server the same.
      const res = await post('/api/support-submission', i % 2 ? support() : {}, ip);
      expect(res.statusCode).not.toBe(429);
    }
    const before = await t.db.$count(supportSubmissions);
    const limited = await post('/api/support-submission', support(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many submissions. Please try again in 10 minute(s).' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(590);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(await t.db.$count(supportSubmissions)).toBe(before);

    // Another address, and another form from the same address, are unaffected.
    expect((await post('/api/support-submission', support())).statusCode).toBe(201);
    expect((await post('/api/demo-request', demo(), ip)).statusCode).toBe(201);
  });

  it('limits the early-access and demo forms as well', async () => {
    for (const [url, body] of [
      ['/api/early-access', earlyAccess],
      ['/api/demo-request', demo],
    ] as const) {
      const ip = newIp();
      for (let i = 0; i < defaultSubmissionRateLimit.perIp; i++) await post(url, body(), ip);
      expect((await post(url, body(), ip)).statusCode).toBe(429);
    }
  });
});

describe('super-admin lists', () => {
  const lists = ['/api/early-access', '/api/demo-requests', '/api/support-submissions'];

  it.each(lists)('GET %s answers 401 signed out and 403 to an organization owner', async (url) => {
    expect((await get(url)).statusCode).toBe(401);
    const res = await get(url, owner.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "You don't have permission to access this feature." });
  });

  it('lists the newest early-access signups first', async () => {
    const latest = await post('/api/early-access', earlyAccess());
    const res = await get('/api/early-access', root.cookie);
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items[0]).toMatchObject({ id: latest.json().id, name: 'Vera Visitor', persona: 'Wholesaler' });
    expect(items.length).toBeLessThanOrEqual(200);
  });

  it('lists the newest demo requests first', async () => {
    const latest = await post('/api/demo-request', demo());
    const { items } = (await get('/api/demo-requests', root.cookie)).json();
    expect(items[0]).toMatchObject({ id: latest.json().id, company: 'Demo Holdings', status: 'pending' });
  });

  it('lists support submissions without the uploaded image data, which has its own route', async () => {
    const link = await post('/api/support-submission', {
      ...support(),
      imageUrl: 'https://images.example.com/a.png',
    });
    const upload = await post('/api/support-submission', {
      ...support(),
      imageUrl: `data:image/png;base64,${pngBase64}`,
    });
    const plain = await post('/api/support-submission', support());
    const res = await get('/api/support-submissions', root.cookie);
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.json().items.map((item: { id: string }) => [item.id, item]));
    expect(res.json().items[0].id).toBe(plain.json().id);
    expect(byId.get(plain.json().id)).toMatchObject({ imageUrl: null, hasImage: false, type: 'bug' });
    expect(byId.get(link.json().id)).toMatchObject({
      imageUrl: 'https://images.example.com/a.png',
      hasImage: true,
    });
    expect(byId.get(upload.json().id)).toMatchObject({ imageUrl: null, hasImage: true });

    const image = await get(`/api/support-submissions/${upload.json().id}/image`, root.cookie);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(Buffer.from(pngBase64, 'base64'))).toBe(true);

    expect((await get(`/api/support-submissions/${upload.json().id}/image`, owner.cookie)).statusCode).toBe(
      403,
    );
    expect((await get(`/api/support-submissions/${link.json().id}/image`, root.cookie)).statusCode).toBe(404);
    expect((await get('/api/support-submissions/not-a-uuid/image', root.cookie)).json()).toEqual({
      message: 'Image not found',
    });
  });

  it('shows at most the latest 200', async () => {
    await t.db.insert(demoRequests).values(
      Array.from({ length: 210 }, (_, i) => ({
        email: `bulk${i}@example.com`,
        name: 'Bulk',
        company: 'Bulk Co',
        persona: 'Wholesaler',
        createdAt: new Date(Date.UTC(2020, 0, 1, 0, 0, i)),
      })),
    );
    const { items } = (await get('/api/demo-requests', root.cookie)).json();
    expect(items).toHaveLength(200);
  });
});

describe('uploaded image content', () => {
  it.each([
    ['HTML', '<html><script>alert(1)</script></html>'],
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ['text', 'just some text, not a picture'],
  ])('refuses %s declared as a PNG (checked by its bytes, like the logo)', async (_kind, content) => {
    const before = await t.db.$count(supportSubmissions);
    const res = await post('/api/support-submission', {
      ...support(),
      imageUrl: `data:image/png;base64,${Buffer.from(content).toString('base64')}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Validation failed',
      errors: [{ path: 'imageUrl', message: imageMessage }],
    });
    expect(await t.db.$count(supportSubmissions)).toBe(before);
  });

  it('stores and serves an image under the type its bytes show, not the one declared', async () => {
    const res = await post('/api/support-submission', {
      ...support(),
      imageUrl: `data:image/jpeg;base64,${pngBase64}`,
    });
    expect(res.statusCode).toBe(201);
    const image = await get(`/api/support-submissions/${res.json().id}/image`, root.cookie);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(Buffer.from(pngBase64, 'base64'))).toBe(true);
  });
});
