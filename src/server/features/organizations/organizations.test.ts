import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoMaxBytes } from '../../../common/constants';
import { organizationLogos, organizations } from '../../db/schema/identity';
import { registerOrganizationOwner } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call as callApp, newOrganization, signedInMember } from '../users/test-helpers';
import { sniffImageType } from '../../lib/sniff-image-type';
import { logoTooLargeMessage, logoTypeMessage } from './organization-logo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (...args: Parameters<typeof callApp> extends [unknown, ...infer R] ? R : never) =>
  callApp(t.app, ...args);

const pngHeader = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size = 64) => Buffer.concat([Buffer.from(pngHeader), Buffer.alloc(size - pngHeader.length, 7)]);
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

describe('GET /api/organization', () => {
  it("answers the caller's organization settings", async () => {
    const owner = await registerOrganizationOwner(t.app, { organizationName: 'Harbor Deeds' });
    const res = await call('GET', '/api/organization', owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: owner.user.organizationId,
      name: 'Harbor Deeds',
      industrySector: 'Surplus Funds Locator',
      corporatePhone: null,
      subdomain: expect.stringMatching(/^harbor-deeds/),
      planType: 'free',
      maxUsers: 5,
      emailFromName: null,
      emailFromAddress: null,
      emailReplyTo: null,
      emailSignature: null,
      logo: null,
    });
    expect((await call('GET', '/api/organization')).statusCode).toBe(401);
    // Any signed-in member may read it.
    const member = await signedInMember(t.app, await newOrganization(t.app, t.db));
    expect((await call('GET', '/api/organization', member.cookie)).statusCode).toBe(200);
  });
});

describe('PATCH /api/organization', () => {
  it('updates the name, sector, phone and e-mail identity', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const res = await call('PATCH', '/api/organization', owner.cookie, {
      name: 'Renamed Recovery',
      industrySector: 'Real Estate Investor',
      corporatePhone: '+1 555 0199',
      emailFromName: 'Renamed Team',
      emailFromAddress: 'Hello@Renamed.example',
      emailReplyTo: 'replies@renamed.example',
      emailSignature: '-- The Renamed team',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed Recovery',
      industrySector: 'Real Estate Investor',
      corporatePhone: '+1 555 0199',
      emailFromName: 'Renamed Team',
      emailFromAddress: 'hello@renamed.example',
      emailReplyTo: 'replies@renamed.example',
      emailSignature: '-- The Renamed team',
      planType: 'free',
    });
    const [row] = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, owner.user.organizationId));
    expect(row.name).toBe('Renamed Recovery');
    // The user object reflects the sector.
    expect((await call('GET', '/api/user', owner.cookie)).json().organizationIndustry).toBe(
      'Real Estate Investor',
    );
    // A blank reply-to clears it.
    const cleared = await call('PATCH', '/api/organization', owner.cookie, { emailReplyTo: '' });
    expect(cleared.json()).toMatchObject({ emailReplyTo: null, emailFromName: 'Renamed Team' });
  });

  it('answers the e-mail sender messages of the spec and the name rule', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const res = await call('PATCH', '/api/organization', owner.cookie, {
      name: 'X',
      emailFromName: '   ',
      emailFromAddress: 'not-an-address',
      emailReplyTo: 'also bad',
      industrySector: 'Fishing',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Organization name must be at least 2 characters' },
        { path: 'emailFromName', message: 'From name is required' },
        { path: 'emailFromAddress', message: 'Invalid email address' },
        { path: 'emailReplyTo', message: 'Invalid reply-to email address' },
        { path: 'industrySector', message: 'Please select an industry sector' },
      ]),
    );
    const [row] = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, owner.user.organizationId));
    expect(row.name).toBe('Acme Recovery');
  });

  it('needs settings:update (403); plan fields are not settable here', async () => {
    const owner = await newOrganization(t.app, t.db);
    const member = await signedInMember(t.app, owner);
    const res = await call('PATCH', '/api/organization', member.cookie, { name: 'Hijacked' });
    expect(res.statusCode).toBe(403);
    const stripped = await signedInMember(t.app, owner, {
      role: 'admin',
      permissions: { settings: { update: false } },
    });
    expect((await call('PATCH', '/api/organization', stripped.cookie, { name: 'Hijacked' })).statusCode).toBe(
      403,
    );
    const sneaky = await call('PATCH', '/api/organization', owner.cookie, {
      maxUsers: 500,
      planType: 'enterprise',
    });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json()).toMatchObject({ maxUsers: 50, planType: 'free' });
  });
});

describe('organization logo', () => {
  it('sniffs PNG, JPEG, GIF and WebP by content', () => {
    expect(sniffImageType(png())).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('GIF87a....'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from([0x89, 0x50]))).toBeNull();
  });

  it('stores a PNG, serves it privately with its type, and removes it', async () => {
    const owner = await registerOrganizationOwner(t.app, { organizationName: 'Logo Makers' });
    const image = png(300);
    // The declared type is ignored: the bytes decide.
    const put = await call('PUT', '/api/organization/logo', owner.cookie, {
      dataUrl: dataUrl(image, 'image/jpeg'),
    });
    expect(put.statusCode).toBe(200);
    const logo = put.json().logo as string;
    expect(logo).toMatch(/^\/api\/organization\/logo\/image\?v=\d+$/);

    const summary = await call('GET', '/api/organization/logo', owner.cookie);
    expect(summary.json()).toEqual({ success: true, data: { logo, companyName: 'Logo Makers' } });
    expect((await call('GET', '/api/organization', owner.cookie)).json().logo).toBe(logo);

    const img = await call('GET', logo, owner.cookie);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('private, max-age=86400');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(image)).toBe(true);
    expect((await call('GET', logo)).statusCode).toBe(401);

    // Another organization sees its own (absent) logo, never this one.
    const other = await registerOrganizationOwner(t.app);
    expect((await call('GET', logo, other.cookie)).statusCode).toBe(404);

    const del = await call('DELETE', '/api/organization/logo', owner.cookie);
    expect(del.statusCode).toBe(204);
    expect((await call('GET', '/api/organization/logo', owner.cookie)).json().data.logo).toBeNull();
    expect((await call('GET', logo, owner.cookie)).statusCode).toBe(404);
  });

  it('a new upload replaces the old one and changes the address', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const first = (
      await call('PUT', '/api/organization/logo', owner.cookie, { dataUrl: dataUrl(png()) })
    ).json().logo;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const second = (
      await call('PUT', '/api/organization/logo', owner.cookie, { dataUrl: dataUrl(gif, 'image/gif') })
    ).json().logo;
    expect(second).not.toBe(first);
    const img = await call('GET', second, owner.cookie);
    expect(img.headers['content-type']).toBe('image/gif');
    const rows = await t.db
      .select()
      .from(organizationLogos)
      .where(eq(organizationLogos.organizationId, owner.user.organizationId));
    expect(rows).toHaveLength(1);
  });

  it('refuses anything but PNG, JPEG, GIF or WebP by content (400)', async () => {
    const owner = await registerOrganizationOwner(t.app);
    const text = Buffer.from('just some text pretending to be a picture');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    for (const url of [
      dataUrl(text, 'image/png'),
      dataUrl(svg, 'image/svg+xml'),
      'data:image/png,notbase64',
      'https://example.com/logo.png',
      'data:image/png;base64,***',
    ]) {
      const res = await call('PUT', '/api/organization/logo', owner.cookie, { dataUrl: url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: logoTypeMessage });
    }
    const empty = await call('PUT', '/api/organization/logo', owner.cookie, { dataUrl: '' });
    expect(empty.json().errors).toEqual([{ path: 'dataUrl', message: 'Please choose an image' }]);
    expect(
      await t.db
        .select()
        .from(organizationLogos)
        .where(eq(organizationLogos.organizationId, owner.user.organizationId)),
    ).toHaveLength(0);
  });

  it('refuses an image over 512 KB (413), even one well over', async () => {
    const owner = await registerOrganizationOwner(t.app);
    expect(
      (await call('PUT', '/api/organization/logo', owner.cookie, { dataUrl: dataUrl(png(logoMaxBytes)) }))
        .statusCode,
    ).toBe(200);
    for (const size of [logoMaxBytes + 1, 1024 * 1024]) {
      const res = await call('PUT', '/api/organization/logo', owner.cookie, { dataUrl: dataUrl(png(size)) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: logoTooLargeMessage });
    }
    expect(logoTooLargeMessage).toBe('Logo must be 512 KB or smaller');
  });

  it('GET /api/organization/logo answers nulls when signed out', async () => {
    const res = await call('GET', '/api/organization/logo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { logo: null, companyName: null } });
  });

  it('changing the logo needs settings:update (403)', async () => {
    const owner = await newOrganization(t.app, t.db);
    const member = await signedInMember(t.app, owner);
    expect(
      (await call('PUT', '/api/organization/logo', member.cookie, { dataUrl: dataUrl(png()) })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', '/api/organization/logo', member.cookie)).statusCode).toBe(403);
    // Members may still see it.
    await call('PUT', '/api/organization/logo', owner.cookie, { dataUrl: dataUrl(png()) });
    const summary = (await call('GET', '/api/organization/logo', member.cookie)).json();
    expect((await call('GET', summary.data.logo, member.cookie)).statusCode).toBe(200);
  });
});
