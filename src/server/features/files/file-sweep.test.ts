import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentFileMissingMessage } from '../../../common/validation/activities';
import { activities } from '../../db/schema/crm';
import { emails } from '../../db/schema/email';
import { files } from '../../db/schema/files';
import { organizations } from '../../db/schema/identity';
import { createDiskFileStore } from '../../lib/disk-file-store';
import type { FileStore } from '../../lib/file-store';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Caller, callerOf, created, fieldErrors, organization } from '../leads/test-kit';
import { adoptLegacyFiles } from './adopt-legacy-files';
import { lockAttachedFiles } from './lock-attached-files';
import { sweepFiles, sweepOrganizationFiles } from './sweep-files';

let t: TestApp;
let call: Caller;
let store: FileStore;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  store = createDiskFileStore(t.filesDir);
  owner = await organization(t);
  other = await organization(t);
});
afterAll(() => t.close());

interface Uploaded {
  id: string;
  orgId: string;
  attachment: { name: string; url: string; size: number };
}

async function upload(by: SignedIn, content = `bytes ${randomUUID()}`): Promise<Uploaded> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files?name=deed.pdf&type=application/pdf',
    headers: { 'content-type': 'application/octet-stream', cookie: by.cookie },
    payload: content,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { name, url, size } = res.json();
  return { id: url.split('/')[3], orgId: by.user.organizationId, attachment: { name, url, size } };
}

/** Whether the file's bytes and its row are there, and whether it is served. */
async function stateOf(file: Uploaded, by: SignedIn = owner) {
  const rows = await t.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.organizationId, file.orgId), eq(files.id, file.id)));
  const served = await call('GET', file.attachment.url, by.cookie);
  return {
    bytes: existsSync(path.join(t.filesDir, file.orgId, file.id)),
    row: rows.length === 1,
    served: served.statusCode,
  };
}
const kept = { bytes: true, row: true, served: 200 };
const gone = { bytes: false, row: false, served: 404 };

/** A sweep that takes every file as past its grace period (uploads here are seconds old). */
const sweepAll = () => sweepFiles(t.db, store, new Date(Date.now() + 60_000));

const newClient = async (by: SignedIn) =>
  (await created(t, '/api/clients', by.cookie, { displayName: `Client ${randomUUID()}` })).id;

async function activityWith(by: SignedIn, attachments: Uploaded[], target?: Record<string, string>) {
  return created(t, '/api/activities', by.cookie, {
    type: 'note',
    subject: 'With a file',
    ...(target ?? { clientId: await newClient(by) }),
    attachments: attachments.map((file) => file.attachment),
  });
}

describe('unreferenced files are deleted by the sweep', () => {
  it('an activity deleted: its file goes, a file still attached to another activity stays', async () => {
    const onlyHere = await upload(owner);
    const shared = await upload(owner);
    const activity = await activityWith(owner, [onlyHere, shared]);
    const sharing = await activityWith(owner, [shared]);
    const lead = await created(t, '/api/leads', owner.cookie, { fullName: 'Lee Lead' });
    const leadActivity = await created(t, '/api/lead-activities', owner.cookie, {
      type: 'note',
      subject: 'Lead file',
      leadId: lead.id,
      // The address is matched as the validation reads it: case does not matter.
      attachments: [{ ...shared.attachment, url: shared.attachment.url.toUpperCase() }],
    });

    await sweepAll();
    expect(await stateOf(onlyHere)).toEqual(kept);
    expect((await call('DELETE', `/api/activities/${activity.id}`, owner.cookie)).statusCode).toBe(204);
    expect(await stateOf(onlyHere)).toEqual(kept); // until the sweep runs
    await sweepAll();
    expect(await stateOf(onlyHere)).toEqual(gone);
    expect(await stateOf(shared)).toEqual(kept);

    // Attached only to the lead activity now: still kept; once that goes too, it goes.
    await call('DELETE', `/api/activities/${sharing.id}`, owner.cookie);
    await sweepAll();
    expect(await stateOf(shared)).toEqual(kept);
    expect((await call('DELETE', `/api/lead-activities/${leadActivity.id}`, owner.cookie)).statusCode).toBe(
      204,
    );
    await sweepAll();
    expect(await stateOf(shared)).toEqual(gone);
  });

  it('an attachment removed by PATCH: its file goes, the one kept stays', async () => {
    const removed = await upload(owner);
    const remaining = await upload(owner);
    const activity = await activityWith(owner, [removed, remaining]);
    const patched = await call('PATCH', `/api/activities/${activity.id}`, owner.cookie, {
      attachments: [remaining.attachment],
    });
    expect(patched.statusCode, patched.body).toBe(200);

    const lead = await created(t, '/api/leads', owner.cookie, { fullName: 'Patch Lead' });
    const onLead = await upload(owner);
    const leadActivity = await created(t, '/api/lead-activities', owner.cookie, {
      type: 'note',
      subject: 'Lead file',
      leadId: lead.id,
      attachments: [onLead.attachment],
    });
    await call('PATCH', `/api/lead-activities/${leadActivity.id}`, owner.cookie, { attachments: [] });

    await sweepAll();
    expect(await stateOf(removed)).toEqual(gone);
    expect(await stateOf(onLead)).toEqual(gone);
    expect(await stateOf(remaining)).toEqual(kept);
  });

  it('a lead, a client or a deal deleted: the files of its activities go', async () => {
    const clientId = await newClient(owner);
    const deal = await created(t, '/api/deals', owner.cookie, { dealName: 'Big case', stage: 'proposal' });
    const lead = await created(t, '/api/leads', owner.cookie, { fullName: 'Gone Lead' });
    const onClient = await upload(owner);
    const onDeal = await upload(owner);
    const onLead = await upload(owner);
    await activityWith(owner, [onClient], { clientId });
    await activityWith(owner, [onDeal], { dealId: deal.id });
    await created(t, '/api/lead-activities', owner.cookie, {
      type: 'note',
      subject: 'Lead file',
      leadId: lead.id,
      attachments: [onLead.attachment],
    });
    for (const url of [`/api/clients/${clientId}`, `/api/deals/${deal.id}`, `/api/leads/${lead.id}`]) {
      expect((await call('DELETE', url, owner.cookie)).statusCode, url).toBe(204);
    }
    await sweepAll();
    for (const file of [onClient, onDeal, onLead]) expect(await stateOf(file)).toEqual(gone);
  });

  it('sample data cleared: files attached to sample records go, files on real records stay', async () => {
    const sampled = await registerOrganizationOwner(t.app, {}, { withSampleData: true });
    const [sampleClient] = (await call('GET', '/api/clients?limit=200', sampled.cookie))
      .json()
      .items.filter((client: { isSampleData: boolean }) => client.isSampleData);
    const onSample = await upload(sampled);
    const onReal = await upload(sampled);
    await activityWith(sampled, [onSample], { clientId: sampleClient.id });
    await activityWith(sampled, [onReal]);
    expect((await call('DELETE', '/api/sample-data', sampled.cookie)).statusCode).toBe(200);
    await sweepAll();
    expect(await stateOf(onSample, sampled)).toEqual(gone);
    expect(await stateOf(onReal, sampled)).toEqual(kept);
  });

  it('an organization deleted: its whole folder goes (its rows went with it)', async () => {
    const leaving = await organization(t);
    const file = await upload(leaving);
    await activityWith(leaving, [file]);
    const folder = path.join(t.filesDir, leaving.user.organizationId);
    expect(existsSync(folder)).toBe(true);
    await t.db.delete(organizations).where(eq(organizations.id, leaving.user.organizationId));
    expect(
      await t.db.select().from(files).where(eq(files.organizationId, leaving.user.organizationId)),
    ).toEqual([]);
    const result = await sweepAll();
    expect(result.organizations).toBe(1);
    expect(existsSync(folder)).toBe(false);
  });

  it('an upload not yet attached is left alone during its grace period, removed after it', async () => {
    const fresh = await upload(owner);
    await sweepFiles(t.db, store, new Date(Date.now() - 60 * 60 * 1000));
    expect(await stateOf(fresh)).toEqual(kept);
    await sweepAll();
    expect(await stateOf(fresh)).toEqual(gone);
  });

  it('a file attached to an e-mail stays while the e-mail does', async () => {
    const attached = await upload(owner);
    const res = await call('POST', '/api/emails', owner.cookie, {
      to: ['someone@example.com'],
      subject: 'With a file',
      bodyHtml: '<p>Attached.</p>',
      attachmentFileIds: [attached.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    await sweepAll();
    expect(await stateOf(attached)).toEqual(kept);
    await t.db.delete(emails).where(eq(emails.id, res.json().id));
    await sweepAll();
    expect(await stateOf(attached)).toEqual(gone);
  });

  it('is scoped to one organization and idempotent', async () => {
    const ours = await upload(owner);
    const theirs = await upload(other);
    const future = new Date(Date.now() + 60_000);
    expect(await sweepOrganizationFiles(t.db, store, owner.user.organizationId, future)).toBe(1);
    expect(await stateOf(ours)).toEqual(gone);
    expect(await stateOf(theirs, other)).toEqual(kept);
    expect(await sweepOrganizationFiles(t.db, store, owner.user.organizationId, future)).toBe(0);
    expect(await sweepAll()).toEqual({ files: 1, organizations: 0 });
    expect(await stateOf(theirs, other)).toEqual(gone);
    expect(await sweepAll()).toEqual({ files: 0, organizations: 0 });
  });
});

describe('a crash between the bytes and the row', () => {
  it('bytes without a row are never served, and are swept once past the grace period', async () => {
    const id = randomUUID();
    const orgId = owner.user.organizationId;
    await store.put(orgId, id, Buffer.from('half an upload'));
    const orphan = { id, orgId, attachment: { name: 'x', url: `/api/files/${id}/x`, size: 14 } };
    expect(await stateOf(orphan)).toEqual({ bytes: true, row: false, served: 404 });
    // Nor can they be attached: the row is what makes a file exist.
    const res = await call('POST', '/api/activities', owner.cookie, {
      type: 'note',
      subject: 'Orphan',
      clientId: await newClient(owner),
      attachments: [orphan.attachment],
    });
    expect(fieldErrors(res)).toEqual([{ path: 'attachments.0.url', message: attachmentFileMissingMessage }]);
    await sweepFiles(t.db, store, new Date(Date.now() - 60 * 60 * 1000));
    expect((await stateOf(orphan)).bytes).toBe(true);
    await sweepAll();
    expect(await stateOf(orphan)).toEqual({ bytes: false, row: false, served: 404 });
  });

  it('a row whose bytes are missing answers 404, not a broken download', async () => {
    const file = await upload(owner);
    await store.delete(file.orgId, file.id);
    expect(await stateOf(file)).toEqual({ bytes: false, row: true, served: 404 });
  });
});

describe("another organization's file", () => {
  it('is not found, and cannot be attached (400 at the attachment, nothing stored)', async () => {
    const theirs = await upload(other);
    expect((await call('GET', theirs.attachment.url, owner.cookie)).json()).toEqual({
      message: 'File not found',
    });
    const clientId = await newClient(owner);
    const link = { name: 'Record', url: 'https://county.example.gov/records/1' };
    const ours = await upload(owner);
    const attachments = [link, ours.attachment, theirs.attachment];
    const refused = await call('POST', '/api/activities', owner.cookie, {
      type: 'note',
      subject: 'Cross-tenant link',
      clientId,
      attachments,
    });
    expect(refused.statusCode).toBe(400);
    expect(fieldErrors(refused)).toEqual([
      { path: 'attachments.2.url', message: attachmentFileMissingMessage },
    ]);
    const listed = await call('GET', `/api/activities?clientId=${clientId}`, owner.cookie);
    expect(listed.json().total).toBe(0);

    const activity = await activityWith(owner, [ours], { clientId });
    const patch = await call('PATCH', `/api/activities/${activity.id}`, owner.cookie, { attachments });
    expect(fieldErrors(patch)).toEqual([
      { path: 'attachments.2.url', message: attachmentFileMissingMessage },
    ]);
    expect((await call('GET', `/api/activities/${activity.id}`, owner.cookie)).json().attachments).toEqual([
      ours.attachment,
    ]);

    const lead = await created(t, '/api/leads', owner.cookie, { fullName: 'Cross Lead' });
    const onLead = await call('POST', '/api/lead-activities', owner.cookie, {
      type: 'note',
      subject: 'Cross-tenant link',
      leadId: lead.id,
      attachments: [{ ...theirs.attachment, url: theirs.attachment.url.toUpperCase() }],
    });
    expect(fieldErrors(onLead)).toEqual([
      { path: 'attachments.0.url', message: attachmentFileMissingMessage },
    ]);
    expect(await stateOf(theirs, other)).toEqual(kept);
  });
});

// Two connections are needed to race the sweep against an attach: PostgreSQL only.
describe.skipIf(process.env.TEST_DB_DRIVER !== 'pg')('a sweep racing an attach', () => {
  it('skips the file being attached, which is then referenced and kept', async () => {
    await sweepAll(); // what earlier tests left unreferenced
    const file = await upload(owner);
    const clientId = await newClient(owner);
    const future = new Date(Date.now() + 60_000);
    const orgId = owner.user.organizationId;
    await t.db.transaction(async (tx) => {
      await lockAttachedFiles(tx, orgId, [file.attachment]);
      // Another connection, while the attach is under way: the locked row is skipped.
      expect(await sweepOrganizationFiles(t.db, store, orgId, future)).toBe(0);
      await tx.insert(activities).values({
        organizationId: orgId,
        clientId,
        type: 'note',
        subject: 'Attached during a sweep',
        attachments: [file.attachment],
      });
    });
    await sweepAll();
    expect(await stateOf(file)).toEqual(kept);
  });
});

describe('files uploaded before the files table', () => {
  it('are recorded from their sidecar once, then swept like any other when unreferenced', async () => {
    const orgId = owner.user.organizationId;
    const id = randomUUID();
    const folder = path.join(t.filesDir, orgId);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, id), 'legacy bytes');
    const sidecar = path.join(folder, `${id}.json`);
    writeFileSync(
      sidecar,
      JSON.stringify({ name: 'old deed.pdf', contentType: 'application/pdf', size: 12 }),
    );
    const writtenAt = new Date('2025-01-02T03:04:05Z');
    utimesSync(path.join(folder, id), writtenAt, writtenAt);

    expect(await adoptLegacyFiles(t.db, t.filesDir)).toBe(1);
    expect(existsSync(sidecar)).toBe(false);
    expect(await adoptLegacyFiles(t.db, t.filesDir)).toBe(0);
    const legacy = {
      id,
      orgId,
      attachment: { name: 'old deed.pdf', url: `/api/files/${id}/old%20deed.pdf`, size: 12 },
    };
    const got = await call('GET', legacy.attachment.url, owner.cookie);
    expect(got.body).toBe('legacy bytes');
    expect(got.headers['content-type']).toBe('application/pdf');
    const [row] = await t.db.select().from(files).where(eq(files.id, id));
    expect(row.createdAt).toEqual(writtenAt);

    // Still attached (as it was before the upgrade): kept. Unattached: swept.
    const activity = await activityWith(owner, [legacy]);
    await sweepAll();
    expect(await stateOf(legacy)).toEqual(kept);
    await call('DELETE', `/api/activities/${activity.id}`, owner.cookie);
    await sweepAll();
    expect(await stateOf(legacy)).toEqual(gone);
  });
});
