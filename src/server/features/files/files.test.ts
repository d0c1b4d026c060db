import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/files';
import { attachmentMaxBytes } from '../../../common/constants';
import { deniedMessage, notSignedInMessage } from '../../plugins/access-guard';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Caller, callerOf, created, fieldErrors, memberWith, organization } from '../leads/test-kit';

let t: TestApp;
let call: Caller;
let owner: SignedIn;
let other: SignedIn;
let clientId: string;
let leadId: string;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  owner = await organization(t);
  other = await organization(t);
  clientId = (await created(t, '/api/clients', owner.cookie, { displayName: 'Cleo Client' })).id;
  leadId = (await created(t, '/api/leads', owner.cookie, { fullName: 'Lee Lead' })).id;
});
afterAll(() => t.close());

interface UploadOptions {
  name?: string;
  type?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

function upload(data: Buffer | string, { name = 'deed.pdf', type, cookie, headers }: UploadOptions = {}) {
  const query = new URLSearchParams({ name, ...(type ? { type } : {}) });
  return t.app.inject({
    method: 'POST',
    url: `/api/files?${query}`,
    headers: {
      'content-type': 'application/octet-stream',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    payload: data,
  });
}

const download = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const fileUrl = /^\/api\/files\/[0-9a-f-]{36}\/[^/]+$/;

describe('POST /api/files and GET /api/files/:id/:name', () => {
  it('uploads a file, attaches it to a client activity and a lead activity, and downloads the same bytes', async () => {
    const bytes = randomBytes(4096);
    const res = await upload(bytes, {
      name: 'Claim form (signed).pdf',
      type: 'application/pdf',
      cookie: owner.cookie,
    });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json();
    expect(file).toEqual({
      name: 'Claim form (signed).pdf',
      url: expect.stringMatching(fileUrl),
      size: 4096,
      contentType: 'application/pdf',
    });
    expect(file.url.endsWith('/Claim%20form%20(signed).pdf')).toBe(true);
    const id = file.url.split('/')[3];
    // The bytes on disk under the organization's own folder, what they are in the files table.
    expect(readdirSync(path.join(t.filesDir, owner.user.organizationId))).toEqual([id]);
    expect(await t.db.select().from(files).where(eq(files.id, id))).toEqual([
      {
        organizationId: owner.user.organizationId,
        id,
        name: 'Claim form (signed).pdf',
        contentType: 'application/pdf',
        size: 4096,
        createdBy: owner.user.id,
        createdAt: expect.any(Date),
        updatedAt: expect.any(Date),
      },
    ]);

    const attachments = [
      { name: file.name, url: file.url, size: file.size },
      { name: 'County record', url: 'https://county.example.gov/records/42' },
    ];
    const activity = await created(t, '/api/activities', owner.cookie, {
      type: 'email',
      subject: 'Sent the claim form',
      clientId,
      attachments,
    });
    expect(activity.attachments).toEqual(attachments);
    const leadActivity = await created(t, '/api/lead-activities', owner.cookie, {
      type: 'note',
      subject: 'Claim form on file',
      leadId,
      attachments: attachments.slice(0, 1),
    });
    expect(leadActivity.attachments).toEqual(attachments.slice(0, 1));

    const listed = await call('GET', `/api/activities?clientId=${clientId}`, owner.cookie);
    const stored = listed.json().items.find((item: { id: string }) => item.id === activity.id);
    const got = await download(stored.attachments[0].url, owner.cookie);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': '4096',
      'content-disposition': `attachment; filename="Claim form (signed).pdf"; filename*=UTF-8''Claim%20form%20%28signed%29.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });

    // Editing keeps one attachment and drops the other.
    const patched = await call('PATCH', `/api/activities/${activity.id}`, owner.cookie, {
      attachments: attachments.slice(1),
    });
    expect(patched.json().attachments).toEqual(attachments.slice(1));
  });

  it('serves a file to every member who may read activities, and only to its own organization', async () => {
    const file = (
      await upload('private notes', { name: 'notes.txt', type: 'text/plain', cookie: owner.cookie })
    ).json();
    const reader = await memberWith(t, owner, {
      activities: { read: true, create: false, update: false, delete: false },
    });
    const readerGot = await download(file.url, reader.cookie);
    expect(readerGot.statusCode).toBe(200);
    expect(readerGot.body).toBe('private notes');

    const foreign = await download(file.url, other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'File not found' });
    // The name in the address does not matter; the id does.
    expect((await download(file.url.replace('notes.txt', 'other.txt'), owner.cookie)).body).toBe(
      'private notes',
    );
    for (const url of ['/api/files/not-a-uuid/x', `/api/files/${crypto.randomUUID()}/notes.txt`]) {
      expect((await download(url, owner.cookie)).statusCode, url).toBe(404);
    }
  });

  it('never serves an uploaded page or SVG as itself: octet-stream, as a download', async () => {
    for (const [name, type, body] of [
      ['page.html', 'text/html', '<script>alert(document.cookie)</script>'],
      ['logo.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
      ['data.xml', 'application/xhtml+xml', '<html xmlns="http://www.w3.org/1999/xhtml"/>'],
      ['script.js', 'text/javascript; charset=utf-8', 'alert(1)'],
      ['mystery.bin', 'not a type', 'bytes'],
      ['plain', undefined, 'bytes'],
    ] as const) {
      const res = await upload(body, { name, type, cookie: owner.cookie });
      expect(res.statusCode, res.body).toBe(201);
      const got = await download(res.json().url, owner.cookie);
      expect(got.headers['content-type'], name).toBe('application/octet-stream');
      expect(got.headers['content-disposition'], name).toMatch(/^attachment; /);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.body).toBe(body);
    }
  });

  it('keeps the folder-free name and writes a non-ASCII name safely into the header', async () => {
    const res = await upload('x', { name: 'C:\\fakepath\\Überweisung "final".pdf', cookie: owner.cookie });
    expect(res.json()).toMatchObject({
      name: 'Überweisung "final".pdf',
      contentType: 'application/octet-stream',
    });
    const got = await download(res.json().url, owner.cookie);
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="_berweisung _final_.pdf"; filename*=UTF-8''%C3%9Cberweisung%20%22final%22.pdf`,
    );
  });

  it('refuses a file over 10 MB (413), an empty file and a missing name (400)', async () => {
    const tooLarge = await upload(Buffer.alloc(attachmentMaxBytes + 1), { cookie: owner.cookie });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'File must be 10 MB or smaller' });
    expect((await upload(Buffer.alloc(attachmentMaxBytes), { cookie: owner.cookie })).statusCode).toBe(201);

    const empty = await upload(Buffer.alloc(0), { cookie: owner.cookie });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'File is empty' });

    const unnamed = await upload('x', { name: ' ', cookie: owner.cookie });
    expect(fieldErrors(unnamed)).toEqual([{ path: 'name', message: 'File name is required' }]);
    const longName = await upload('x', { name: `${'a'.repeat(256)}.pdf`, cookie: owner.cookie });
    expect(fieldErrors(longName)).toEqual([
      { path: 'name', message: 'File name must be at most 255 characters' },
    ]);
  });

  it('takes only raw bytes: a JSON or form body is refused (415)', async () => {
    for (const contentType of ['application/json', 'multipart/form-data; boundary=x', 'text/plain']) {
      const res = await upload('{}', { cookie: owner.cookie, headers: { 'content-type': contentType } });
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json()).toEqual({ message: 'Unsupported content type' });
    }
  });

  it('answers 401 signed out, before reading even an oversized body', async () => {
    const res = await upload(Buffer.alloc(attachmentMaxBytes + 1));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: notSignedInMessage });
    const file = (await upload('x', { cookie: owner.cookie })).json();
    const signedOut = await download(file.url);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: notSignedInMessage });
  });

  it('needs activities create or update to upload, and activities read to download (403)', async () => {
    const file = (await upload('x', { cookie: owner.cookie })).json();
    const none = { read: false, create: false, update: false, delete: false };
    const nobody = await memberWith(t, owner, { activities: none });
    const refused = await upload(Buffer.alloc(attachmentMaxBytes + 1), { cookie: nobody.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: deniedMessage });
    const unreadable = await download(file.url, nobody.cookie);
    expect(unreadable.statusCode).toBe(403);

    // Read alone is not enough; create and update come with read (unticking read clears them).
    const reader = await memberWith(t, owner, { activities: { ...none, read: true } });
    expect((await upload('y', { cookie: reader.cookie })).statusCode).toBe(403);
    for (const action of ['create', 'update'] as const) {
      const member = await memberWith(t, owner, { activities: { ...none, read: true, [action]: true } });
      expect((await upload('y', { cookie: member.cookie })).statusCode, action).toBe(201);
    }
  });

  it('refuses a cross-site upload (403) and changes nothing', async () => {
    const folder = path.join(t.filesDir, other.user.organizationId);
    const res = await upload('x', { cookie: other.cookie, headers: { origin: 'https://evil.example.com' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused' });
    expect(existsSync(folder)).toBe(false);
  });

  it('an attachment links only to an http(s) page or one of our files', async () => {
    for (const url of ['javascript:alert(1)', '/api/users', '/api/files/42/x', 'ftp://example.com/x']) {
      const res = await call('POST', '/api/activities', owner.cookie, {
        type: 'note',
        subject: 'Bad link',
        clientId,
        attachments: [{ name: 'x', url }],
      });
      expect(fieldErrors(res), url).toEqual([
        { path: 'attachments.0.url', message: 'Attachment URL must be a valid URL' },
      ]);
    }
    const badSize = await call('POST', '/api/lead-activities', owner.cookie, {
      type: 'note',
      subject: 'Bad size',
      leadId,
      attachments: [{ name: 'x', url: 'https://example.com', size: -3 }],
    });
    expect(fieldErrors(badSize)).toEqual([
      { path: 'attachments.0.size', message: 'Attachment size must be a whole number of bytes' },
    ]);
  });
});
