import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentActivities,
  documentInstances,
  documentShares,
  documentSigningWorkflows,
  signatureFields,
} from '../../db/schema/documents';
import { outbox } from '../../db/schema/platform';
import {
  enhancedSignatureRecipients,
  enhancedSignatureRequests,
  signatureAuditTrail,
} from '../../db/schema/signing';
import { runSigningReminders } from '../../jobs/signing-reminders';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Caller, callerOf, fieldErrors, foreignUuid, memberWith, organization } from '../leads/test-kit';
import { verifySignatureAuditChain } from './audit-chain';
import { inviteStep } from './invite-step';
import { hashSigningToken } from './signing-tokens';

let t: TestApp;
let call: Caller;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t);
  owner = await organization(t);
  other = await organization(t);
});
afterAll(() => t.close());

const content = JSON.stringify({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Fee agreement text.' }] }],
});

/** A draft document of `who` with one signature field per signer e-mail. */
async function documentFor(who: SignedIn, signerEmails: string[]) {
  const [row] = await t.db
    .insert(documentInstances)
    .values({ organizationId: who.user.organizationId, name: 'Fee agreement — Doe', content })
    .returning({ id: documentInstances.id });
  for (const [index, email] of signerEmails.entries()) {
    await t.db.insert(signatureFields).values({
      organizationId: who.user.organizationId,
      documentInstanceId: row.id,
      fieldName: `Signature ${index + 1}`,
      signerEmail: email,
      pageNumber: 1,
      xPosition: 72,
      yPosition: 500 + index * 60,
    });
  }
  return row.id;
}

const people = [
  { name: 'Claire Claimant', email: 'claire@example.com' },
  { name: 'Henry Heir', email: 'henry@example.com' },
  { name: 'Hanna Heir', email: 'hanna@example.com' },
];

interface Detail {
  id: string;
  status: string;
  documentHash: string;
  workflow: { id: string; currentStep: number; totalSteps: number; status: string; signingOrder: string };
  document: { id: string; status: string };
  recipients: { id: string; email: string; status: string; role: string; invitedAt: string | null }[];
  fields: { id: string; recipientId: string }[];
  chain: { valid: boolean; events: number };
}

async function sendDocument(who: SignedIn, documentId: string, body: Record<string, unknown>) {
  return call('POST', `/api/document-instances/${documentId}/send`, who.cookie, body);
}

async function sentDocument(order: 'sequential' | 'parallel', recipients = people) {
  const documentId = await documentFor(
    owner,
    recipients.map((r) => r.email),
  );
  const res = await sendDocument(owner, documentId, {
    signingOrder: order,
    message: 'Please sign',
    recipients,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { documentId, detail: res.json() as Detail, body: res.body };
}

/** Every signing e-mail queued for an address, opened with the app's secret box. */
async function mailsTo(email: string) {
  const rows = await t.db
    .select()
    .from(outbox)
    .where(sql`${outbox.payload}->>'to' = ${email}`)
    .orderBy(outbox.createdAt);
  return rows.map(
    (row) =>
      JSON.parse(t.secrets.open((row.payload as { sealed: string }).sealed)) as {
        subject: string;
        text: string;
      },
  );
}

const linkIn = (text: string) => /\/(sign|share)\/([A-Za-z0-9_-]{43})/.exec(text);

async function recipientRow(id: string) {
  const [row] = await t.db
    .select()
    .from(enhancedSignatureRecipients)
    .where(eq(enhancedSignatureRecipients.id, id));
  return row;
}

describe('send from a document', () => {
  it('sends a sequential request: first step invited, later steps waiting, mirror, hash, audit', async () => {
    const emails = people.map((p) => `seq-${p.email}`);
    const recipients = people.map((p, i) => ({ ...p, email: emails[i] }));
    const { documentId, detail, body } = await sentDocument('sequential', recipients);
    expect(detail.status).toBe('sent');
    expect(detail.document.status).toBe('sent');
    expect(detail.recipients.map((r) => r.status)).toEqual(['sent', 'waiting', 'waiting']);
    expect(detail.workflow).toMatchObject({
      signingOrder: 'sequential',
      currentStep: 1,
      totalSteps: 3,
      status: 'active',
    });
    expect(detail.fields).toHaveLength(3);
    expect(detail.chain).toEqual({ valid: true, events: 1 });

    expect(detail.documentHash).toMatch(/^[0-9a-f]{64}$/);

    // Only the first signer is e-mailed; the link's token hashes to the stored accessToken and share token.
    const [invitation] = await mailsTo(emails[0]);
    expect(invitation.text).toContain('Please sign');
    const link = linkIn(invitation.text);
    expect(link?.[1]).toBe('sign');
    const token = link?.[2] as string;
    const first = await recipientRow(detail.recipients[0].id);
    expect(first.accessToken).toBe(hashSigningToken(token));
    expect(first.signingUrl).toBe('http://localhost:3000/sign/');
    const [share] = await t.db
      .select()
      .from(documentShares)
      .where(eq(documentShares.id, first.shareId as string));
    expect(share).toMatchObject({
      shareToken: first.accessToken,
      status: 'sent',
      emailSent: true,
      accessType: 'sign',
    });
    expect(await mailsTo(emails[1])).toHaveLength(0);
    const waiting = await recipientRow(detail.recipients[1].id);
    const [waitingShare] = await t.db
      .select()
      .from(documentShares)
      .where(eq(documentShares.id, waiting.shareId as string));
    expect(waitingShare.status).toBe('waiting');

    // No secret in the answer.
    expect(body).not.toContain(token);
    expect(body).not.toContain('accessToken');
    expect(body).not.toContain('verificationData');

    const activities = await t.db
      .select()
      .from(documentActivities)
      .where(eq(documentActivities.documentInstanceId, documentId));
    expect(activities.map((a) => a.activityType)).toEqual(['sent']);
    const [event] = await t.db
      .select()
      .from(signatureAuditTrail)
      .where(eq(signatureAuditTrail.signatureRequestId, detail.id));
    expect(event.eventType).toBe('document_sent');
    expect((event.eventData as { documentHash: string }).documentHash).toBe(detail.documentHash);
    expect((await verifySignatureAuditChain(t.db, owner.user.organizationId, detail.id)).valid).toBe(true);

    const get = await call('GET', `/api/enhanced-signature-requests/${detail.id}`, owner.cookie);
    expect(get.statusCode).toBe(200);
    expect(get.headers.etag).toBeTruthy();
    expect(get.body).not.toContain('accessToken');
  });

  it('records the SHA-256 of the PDF the signers get (an uploaded PDF: its bytes)', async () => {
    const rendered = await call(
      'GET',
      `/api/document-instances/${await documentFor(owner, [])}/pdf`,
      owner.cookie,
    );
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/document-instances/upload?name=Uploaded%20agreement',
      headers: { cookie: owner.cookie, 'content-type': 'application/pdf' },
      payload: rendered.rawPayload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const documentId = upload.json().id as string;
    await t.db.insert(signatureFields).values({
      organizationId: owner.user.organizationId,
      documentInstanceId: documentId,
      fieldName: 'Signature',
      signerEmail: 'uploaded@example.com',
      xPosition: 72,
      yPosition: 500,
    });
    const res = await sendDocument(owner, documentId, {
      recipients: [{ name: 'Up Loaded', email: 'uploaded@example.com' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().documentHash).toBe(createHash('sha256').update(rendered.rawPayload).digest('hex'));
  });

  it('sends a parallel request to everyone at once, cc with a view link', async () => {
    const recipients = [
      { name: 'Pat Parallel', email: 'pat@example.com' },
      { name: 'Quinn Parallel', email: 'quinn@example.com' },
      { name: 'Cora Copy', email: 'cora@example.com', role: 'cc' },
    ];
    const documentId = await documentFor(owner, ['pat@example.com', 'quinn@example.com']);
    const res = await sendDocument(owner, documentId, { signingOrder: 'parallel', recipients });
    expect(res.statusCode, res.body).toBe(201);
    const detail = res.json() as Detail;
    expect(detail.recipients.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(detail.workflow.totalSteps).toBe(1);
    for (const r of recipients.slice(0, 2))
      expect(linkIn((await mailsTo(r.email))[0].text)?.[1]).toBe('sign');
    expect(linkIn((await mailsTo('cora@example.com'))[0].text)?.[1]).toBe('share');
  });

  it('names every refusal and leaves nothing behind', async () => {
    const documentId = await documentFor(owner, ['field-owner@example.com', 'nobody@example.com']);
    const refused = await sendDocument(owner, documentId, {
      recipients: [
        { name: 'Field Owner', email: 'field-owner@example.com' },
        { name: 'No Field', email: 'nofield@example.com' },
      ],
    });
    expect(fieldErrors(refused)).toEqual(
      expect.arrayContaining([
        { path: 'recipients', message: '“Signature 2” is for nobody@example.com, who is not a recipient' },
        {
          path: 'recipients.1.email',
          message: 'No Field has no field to sign: place one for nofield@example.com',
        },
      ]),
    );
    const auth = await sendDocument(owner, documentId, {
      recipients: [
        { name: 'A', email: 'a@example.com', authMethod: 'sms' },
        { name: 'B', email: 'b@example.com', authMethod: 'phone' },
        { name: 'C', email: 'c@example.com', authMethod: 'id_verification' },
      ],
    });
    expect(fieldErrors(auth)).toEqual([
      {
        path: 'recipients.0.authMethod',
        message: 'SMS verification is not available: no SMS provider is configured',
      },
      {
        path: 'recipients.1.authMethod',
        message: 'Phone verification is not available: no phone provider is configured',
      },
      {
        path: 'recipients.2.authMethod',
        message: 'ID verification is not available: no identity provider is configured',
      },
    ]);
    const schema = await sendDocument(owner, documentId, {
      recipients: [{ name: '', email: 'not-an-email', role: 'boss', authMethod: 'carrier pigeon' }],
    });
    expect(fieldErrors(schema)).toEqual(
      expect.arrayContaining([
        { path: 'recipients.0.name', message: 'Name is required' },
        { path: 'recipients.0.email', message: 'Please enter a valid email address' },
        { path: 'recipients.0.role', message: 'Invalid role' },
        { path: 'recipients.0.authMethod', message: 'Invalid authentication method' },
      ]),
    );
    const past = await sendDocument(owner, documentId, {
      expiresAt: '2020-01-01T00:00:00Z',
      recipients: [{ name: 'Field Owner', email: 'field-owner@example.com' }],
    });
    expect(fieldErrors(past)).toEqual([
      { path: 'expiresAt', message: 'The expiry date must be in the future' },
    ]);
    expect(fieldErrors(await sendDocument(owner, documentId, { recipients: [] }))).toEqual([
      { path: 'recipients', message: 'Add at least one recipient' },
    ]);
    const rows = await t.db
      .select()
      .from(enhancedSignatureRequests)
      .where(eq(enhancedSignatureRequests.documentInstanceId, documentId));
    expect(rows).toHaveLength(0);
    const [document] = await t.db
      .select()
      .from(documentInstances)
      .where(eq(documentInstances.id, documentId));
    expect(document.status).toBe('draft');
  });

  it('refuses a second request on a document in signing, and edits of a sent request (409)', async () => {
    const recipients = [{ name: 'Solo Signer', email: 'solo@example.com' }];
    const { documentId, detail } = await sentDocument('sequential', recipients);
    const again = await sendDocument(owner, documentId, { recipients });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This document already has a signature request in progress');
    const draft = await call('POST', '/api/enhanced-signature-requests', owner.cookie, {
      title: 'Second',
      documentInstanceId: documentId,
    });
    expect(draft.statusCode).toBe(409);
    const base = `/api/enhanced-signature-requests/${detail.id}`;
    for (const [method, url, payload] of [
      ['PATCH', base, { title: 'Changed' }],
      ['POST', `${base}/recipients`, { name: 'Late', email: 'late@example.com' }],
      ['PATCH', `${base}/recipients/${detail.recipients[0].id}`, { name: 'Renamed' }],
      ['POST', `${base}/fields`, { fieldType: 'text', recipientId: detail.recipients[0].id }],
      ['DELETE', `${base}/fields/${detail.fields[0].id}`, undefined],
      ['POST', `${base}/send`, undefined],
      ['DELETE', base, undefined],
    ] as const) {
      const res = await call(method, url, owner.cookie, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
    }
  });

  it('answers 403 to a user without documents edit', async () => {
    const viewer = await memberWith(t, owner, {
      documents: { view: true, read: true, edit: false, update: false },
    });
    const documentId = await documentFor(owner, ['x@example.com']);
    const res = await sendDocument(viewer, documentId, {
      recipients: [{ name: 'X', email: 'x@example.com' }],
    });
    expect(res.statusCode).toBe(403);
    expect((await call('GET', '/api/enhanced-signature-requests', viewer.cookie)).statusCode).toBe(200);
  });
});

describe('inviteStep (what the signer side calls when a step is done)', () => {
  it('invites the next step once: status, share and the e-mail with its link', async () => {
    const { detail } = await sentDocument('sequential', [
      { name: 'Step A', email: 'step-a@example.com' },
      { name: 'Step B', email: 'step-b@example.com' },
    ]);
    const deps = { secrets: t.secrets, appUrl: 'http://localhost:3000' };
    const orgId = owner.user.organizationId;
    expect(await t.db.transaction((tx) => inviteStep(tx, deps, orgId, detail.id, 2))).toBe(1);
    expect(await t.db.transaction((tx) => inviteStep(tx, deps, orgId, detail.id, 2))).toBe(0);
    expect(
      await t.db.transaction((tx) => inviteStep(tx, deps, other.user.organizationId, detail.id, 2)),
    ).toBe(0);
    const second = await recipientRow(detail.recipients[1].id);
    expect(second.status).toBe('sent');
    expect(second.invitedAt).not.toBeNull();
    const [share] = await t.db
      .select()
      .from(documentShares)
      .where(eq(documentShares.id, second.shareId as string));
    expect(share).toMatchObject({ status: 'sent', emailSent: true });
    const mails = await mailsTo('step-b@example.com');
    expect(mails).toHaveLength(1);
    expect(hashSigningToken(linkIn(mails[0].text)?.[2] as string)).toBe(second.accessToken);
  });
});

describe('running a request', () => {
  it('cancel kills the links: request cancelled, recipients as they were, cancelled e-mail', async () => {
    const recipients = [{ name: 'Cancel Me', email: 'cancel-me@example.com' }];
    const { documentId, detail } = await sentDocument('sequential', recipients);
    const res = await call('POST', `/api/enhanced-signature-requests/${detail.id}/cancel`, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json() as Detail;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.recipients[0].status).toBe('sent');
    expect(cancelled.workflow.status).toBe('cancelled');
    expect(cancelled.document.status).toBe('cancelled');
    expect(cancelled.chain.valid).toBe(true);
    const mails = await mailsTo('cancel-me@example.com');
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining('sent you'),
      'Cancelled: “Fee agreement — Doe”',
    ]);
    const activities = await t.db
      .select({ type: documentActivities.activityType })
      .from(documentActivities)
      .where(eq(documentActivities.documentInstanceId, documentId));
    expect(activities.map((a) => a.type).toSorted()).toEqual(['cancelled', 'sent']);
    expect(
      (await call('POST', `/api/enhanced-signature-requests/${detail.id}/cancel`, owner.cookie)).statusCode,
    ).toBe(409);
    expect(
      (await call('DELETE', `/api/enhanced-signature-requests/${detail.id}`, owner.cookie)).statusCode,
    ).toBe(204);
  });

  it('resend rotates the token: the old hash is gone, the new address gets the new link', async () => {
    const { detail } = await sentDocument('sequential', [{ name: 'Typo Person', email: 'typo@exampel.com' }]);
    const before = await recipientRow(detail.recipients[0].id);
    const res = await call(
      'POST',
      `/api/enhanced-signature-requests/${detail.id}/recipients/${detail.recipients[0].id}/resend`,
      owner.cookie,
      { email: 'typo@example.com' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'typo@example.com', status: 'sent' });
    expect(res.body).not.toContain('accessToken');
    const after = await recipientRow(detail.recipients[0].id);
    expect(after.accessToken).not.toBe(before.accessToken);
    const stale = await t.db
      .select()
      .from(enhancedSignatureRecipients)
      .where(eq(enhancedSignatureRecipients.accessToken, before.accessToken));
    expect(stale).toHaveLength(0);
    const [share] = await t.db
      .select()
      .from(documentShares)
      .where(eq(documentShares.id, after.shareId as string));
    expect(share.shareToken).toBe(after.accessToken);
    const [mail] = await mailsTo('typo@example.com');
    expect(hashSigningToken(linkIn(mail.text)?.[2] as string)).toBe(after.accessToken);
  });

  it('reminds by hand, and the job reminds after 3 days, at most 5 times', async () => {
    const { detail } = await sentDocument('sequential', [
      { name: 'Slow Signer', email: 'slow@example.com' },
      { name: 'Later Signer', email: 'later@example.com' },
    ]);
    const manual = await call(
      'POST',
      `/api/enhanced-signature-requests/${detail.id}/remind`,
      owner.cookie,
      {},
    );
    expect(manual.json()).toEqual({ reminded: 1 });
    const id = detail.recipients[0].id;
    const deps = { secrets: t.secrets, appUrl: 'http://localhost:3000' };
    // Not due yet: the manual reminder was just now.
    expect((await runSigningReminders(t.db, deps)).reminded).toBe(0);
    await t.db
      .update(enhancedSignatureRecipients)
      .set({ invitedAt: sql`now() - interval '4 days'`, lastReminderAt: null, remindersSent: 0 })
      .where(eq(enhancedSignatureRecipients.id, id));
    expect((await runSigningReminders(t.db, deps)).reminded).toBe(1);
    const reminded = await recipientRow(id);
    expect(reminded.remindersSent).toBe(1);
    expect(reminded.lastReminderAt).not.toBeNull();
    expect((await runSigningReminders(t.db, deps)).reminded).toBe(0);
    const mails = await mailsTo('slow@example.com');
    expect(mails.filter((m) => m.subject.startsWith('Reminder:'))).toHaveLength(2);
    expect(hashSigningToken(linkIn(mails.at(-1)?.text ?? '')?.[2] as string)).toBe(reminded.accessToken);
    expect(await mailsTo('later@example.com')).toHaveLength(0);
    // A sixth never happens.
    await t.db
      .update(enhancedSignatureRecipients)
      .set({ remindersSent: 5, lastReminderAt: sql`now() - interval '10 days'` })
      .where(eq(enhancedSignatureRecipients.id, id));
    expect((await runSigningReminders(t.db, deps)).reminded).toBe(0);
    const trail = await call(
      'GET',
      `/api/enhanced-signature-requests/${detail.id}/audit-trail`,
      owner.cookie,
    );
    expect(trail.json().verification.valid).toBe(true);
    expect(trail.json().items.map((e: { eventType: string }) => e.eventType)).toEqual([
      'document_sent',
      'reminder_sent',
      'reminder_sent',
    ]);
  });

  it('marks requests past their expiry expired', async () => {
    const { detail } = await sentDocument('parallel', [{ name: 'Expiring', email: 'expiring@example.com' }]);
    await t.db
      .update(enhancedSignatureRequests)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(enhancedSignatureRequests.id, detail.id));
    const result = await runSigningReminders(t.db, { secrets: t.secrets, appUrl: 'http://localhost:3000' });
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const [row] = await t.db
      .select()
      .from(enhancedSignatureRequests)
      .where(eq(enhancedSignatureRequests.id, detail.id));
    expect(row.status).toBe('expired');
  });

  it('hands an in-person token to the sender for the recipient whose turn it is', async () => {
    const { detail } = await sentDocument('sequential', [
      { name: 'First', email: 'inperson1@example.com' },
      { name: 'Second', email: 'inperson2@example.com' },
    ]);
    const base = `/api/enhanced-signature-requests/${detail.id}/recipients`;
    const res = await call('POST', `${base}/${detail.recipients[0].id}/in-person`, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { token } = res.json() as { token: string };
    expect((await recipientRow(detail.recipients[0].id)).inPersonTokenHash).toBe(hashSigningToken(token));
    expect(
      (await call('POST', `${base}/${detail.recipients[1].id}/in-person`, owner.cookie)).statusCode,
    ).toBe(409);
  });
});

describe('the signed copy', () => {
  it('downloads as a PDF: before any signature, exactly the PDF the signers opened; 404 to another organization', async () => {
    const { documentId, detail } = await sentDocument('parallel', [
      { name: 'Copy Signer', email: 'copy@example.com' },
    ]);
    const copy = await call('GET', `/api/enhanced-signature-requests/${detail.id}/signed-pdf`, owner.cookie);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.headers['content-type']).toBe('application/pdf');
    expect(String(copy.headers['content-disposition'])).toContain('(signed).pdf');
    const original = await call('GET', `/api/document-instances/${documentId}/pdf`, owner.cookie);
    expect(copy.rawPayload.equals(original.rawPayload)).toBe(true);
    expect(createHash('sha256').update(copy.rawPayload).digest('hex')).toBe(detail.documentHash);
    const foreign = await call(
      'GET',
      `/api/enhanced-signature-requests/${detail.id}/signed-pdf`,
      other.cookie,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('requests built step by step', () => {
  it('creates a draft, adds recipients and fields, and sends it', async () => {
    const noHash = await call('POST', '/api/enhanced-signature-requests', owner.cookie, {
      title: 'Loose PDF',
    });
    expect(fieldErrors(noHash)).toEqual([{ path: 'documentHash', message: 'Document hash is required' }]);
    expect(
      fieldErrors(
        await call('POST', '/api/enhanced-signature-requests', owner.cookie, { documentHash: 'x' }),
      ),
    ).toEqual([{ path: 'title', message: 'Title is required' }]);
    const documentId = await documentFor(owner, []);
    const created = await call('POST', '/api/enhanced-signature-requests', owner.cookie, {
      title: 'Step by step',
      documentInstanceId: documentId,
      signatureType: 'parallel',
      recipients: [{ name: 'Step One', email: 'step1@example.com' }],
      fields: [
        {
          fieldType: 'signature',
          recipientEmail: 'step1@example.com',
          page: 1,
          xPosition: 10,
          yPosition: 10,
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json() as Detail;
    expect(draft.status).toBe('draft');
    expect(draft.document.status).toBe('locked_for_signing');
    const base = `/api/enhanced-signature-requests/${draft.id}`;
    const recipient = await call('POST', `${base}/recipients`, owner.cookie, {
      name: 'Step Two',
      email: 'step2@example.com',
      role: 'approver',
    });
    expect(recipient.statusCode, recipient.body).toBe(201);
    expect(
      fieldErrors(
        await call('POST', `${base}/recipients`, owner.cookie, { name: 'Dup', email: 'STEP2@example.com' }),
      ),
    ).toEqual([{ path: 'email', message: 'This e-mail is already a recipient of this request' }]);
    const badField = await call('POST', `${base}/fields`, owner.cookie, {
      fieldType: 'stamp',
      width: 5,
      height: 2,
      validationType: 'zip',
    });
    expect(
      fieldErrors(badField)
        .map((e) => e.path)
        .toSorted(),
    ).toEqual(['fieldType', 'height', 'validationType', 'width']);
    expect(fieldErrors(badField)).toEqual(
      expect.arrayContaining([
        { path: 'fieldType', message: 'Invalid field type' },
        { path: 'validationType', message: 'Invalid validation type' },
      ]),
    );
    const field = await call('POST', `${base}/fields`, owner.cookie, {
      fieldType: 'text',
      recipientId: recipient.json().id,
      validationType: 'email',
    });
    expect(field.statusCode, field.body).toBe(201);
    expect(
      (await call('PATCH', `${base}/fields/${field.json().id}`, owner.cookie, { width: 80 })).json().width,
    ).toBe(80);
    const sms = await call('PATCH', `${base}/recipients/${recipient.json().id}`, owner.cookie, {
      authMethod: 'sms',
    });
    expect(sms.statusCode).toBe(200);
    expect(fieldErrors(await call('POST', `${base}/send`, owner.cookie))).toEqual([
      {
        path: 'recipients.1.authMethod',
        message: 'SMS verification is not available: no SMS provider is configured',
      },
    ]);
    await call('PATCH', `${base}/recipients/${recipient.json().id}`, owner.cookie, { authMethod: 'email' });
    const sent = await call('POST', `${base}/send`, owner.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent', document: { status: 'sent' } });
    expect((sent.json() as Detail).recipients.map((r) => r.status)).toEqual(['sent', 'sent']);
    const list = await call(
      'GET',
      `/api/enhanced-signature-requests?documentInstanceId=${documentId}`,
      owner.cookie,
    );
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: draft.id, status: 'sent' }] });
  });
});

describe('workflows and shares', () => {
  it('prepares a workflow with shares and sends it through the same engine', async () => {
    const documentId = await documentFor(owner, ['wf1@example.com', 'wf2@example.com']);
    const noWorkflow = await call('POST', '/api/document-shares', owner.cookie, {
      documentInstanceId: documentId,
      recipientEmail: 'wf1@example.com',
    });
    expect(fieldErrors(noWorkflow)).toEqual([
      { path: 'workflowId', message: 'A signing share belongs to a workflow: create the workflow first' },
    ]);
    const badWorkflow = await call('POST', '/api/document-signing-workflows', owner.cookie, {
      documentInstanceId: documentId,
      signingOrder: 'diagonal',
      currentStep: 0,
      totalSteps: 0,
    });
    expect(
      fieldErrors(badWorkflow)
        .map((e) => e.path)
        .toSorted(),
    ).toEqual(['currentStep', 'signingOrder', 'totalSteps']);
    const badShare = await call('POST', '/api/document-shares', owner.cookie, {
      documentInstanceId: documentId,
      recipientEmail: 'nope',
      accessType: 'edit',
      signingOrder: 0,
    });
    expect(fieldErrors(badShare)).toEqual(
      expect.arrayContaining([
        { path: 'recipientEmail', message: 'Please enter a valid email address' },
        { path: 'accessType', message: 'Invalid access type' },
      ]),
    );
    const workflow = await call('POST', '/api/document-signing-workflows', owner.cookie, {
      documentInstanceId: documentId,
      signingOrder: 'sequential',
    });
    expect(workflow.statusCode, workflow.body).toBe(201);
    const workflowId = workflow.json().id as string;
    for (const [index, email] of ['wf1@example.com', 'wf2@example.com'].entries()) {
      const share = await call('POST', '/api/document-shares', owner.cookie, {
        documentInstanceId: documentId,
        workflowId,
        recipientEmail: email,
        recipientName: `Workflow ${index + 1}`,
        signingOrder: index + 1,
      });
      expect(share.statusCode, share.body).toBe(201);
      expect(share.json().status).toBe('pending');
      expect(share.body).not.toContain('shareToken');
    }
    const sent = await call('POST', `/api/document-signing-workflows/${workflowId}/send`, owner.cookie, {
      message: 'Hi',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const detail = sent.json() as Detail;
    expect(detail.workflow).toMatchObject({ id: workflowId, totalSteps: 2, currentStep: 1 });
    expect(detail.recipients.map((r) => [r.email, r.status])).toEqual([
      ['wf1@example.com', 'sent'],
      ['wf2@example.com', 'waiting'],
    ]);
    const shares = await call('GET', `/api/document-shares?documentInstanceId=${documentId}`, owner.cookie);
    expect(shares.json().total).toBe(2);
    expect(shares.body).not.toContain('shareToken');
    const view = await call('GET', `/api/document-signing-workflows/${workflowId}`, owner.cookie);
    expect(
      view
        .json()
        .shares.map((s: { status: string }) => s.status)
        .toSorted(),
    ).toEqual(['sent', 'waiting']);
    expect(
      (
        await call('PATCH', `/api/document-signing-workflows/${workflowId}`, owner.cookie, {
          signingOrder: 'parallel',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await call('DELETE', `/api/document-shares/${view.json().shares[0].id}`, owner.cookie)).statusCode,
    ).toBe(409);
  });

  it('e-mails a view share at once', async () => {
    const documentId = await documentFor(owner, []);
    const res = await call('POST', '/api/document-shares', owner.cookie, {
      documentInstanceId: documentId,
      recipientEmail: 'reader@example.com',
      accessType: 'view',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'sent', emailSent: true, accessType: 'view' });
    const [mail] = await mailsTo('reader@example.com');
    const token = linkIn(mail.text)?.[2] as string;
    const [share] = await t.db.select().from(documentShares).where(eq(documentShares.id, res.json().id));
    expect(share.shareToken).toBe(hashSigningToken(token));
    expect(res.body).not.toContain(token);
  });
});

describe('another organization', () => {
  it('answers 404 for its documents, requests, recipients, fields, workflows and shares, changing nothing', async () => {
    const { documentId, detail } = await sentDocument('sequential', [
      { name: 'Theirs', email: 'theirs@example.com' },
    ]);
    const [workflow] = await t.db
      .select()
      .from(documentSigningWorkflows)
      .where(eq(documentSigningWorkflows.documentInstanceId, documentId));
    const [share] = await t.db
      .select()
      .from(documentShares)
      .where(eq(documentShares.documentInstanceId, documentId));
    const base = `/api/enhanced-signature-requests/${detail.id}`;
    const recipientId = detail.recipients[0].id;
    const snapshot = async () =>
      JSON.stringify(
        await Promise.all([
          t.db.select().from(enhancedSignatureRequests).where(eq(enhancedSignatureRequests.id, detail.id)),
          t.db
            .select()
            .from(enhancedSignatureRecipients)
            .where(eq(enhancedSignatureRecipients.signatureRequestId, detail.id)),
          t.db.select().from(documentSigningWorkflows).where(eq(documentSigningWorkflows.id, workflow.id)),
          t.db.select().from(documentShares).where(eq(documentShares.documentInstanceId, documentId)),
          t.db.select().from(documentInstances).where(eq(documentInstances.id, documentId)),
        ]),
      );
    const before = await snapshot();
    const routes: [Parameters<Caller>[0], string, unknown?][] = [
      [
        'POST',
        `/api/document-instances/${documentId}/send`,
        { recipients: [{ name: 'X', email: 'x@example.com' }] },
      ],
      ['GET', base],
      ['PATCH', base, { title: 'Hijacked' }],
      ['DELETE', base],
      ['POST', `${base}/recipients`, { name: 'X', email: 'x@example.com' }],
      ['PATCH', `${base}/recipients/${recipientId}`, { name: 'X' }],
      ['DELETE', `${base}/recipients/${recipientId}`],
      ['POST', `${base}/fields`, { fieldType: 'text' }],
      ['PATCH', `${base}/fields/${detail.fields[0].id}`, { width: 90 }],
      ['DELETE', `${base}/fields/${detail.fields[0].id}`],
      ['POST', `${base}/send`],
      ['POST', `${base}/cancel`],
      ['POST', `${base}/remind`, {}],
      ['POST', `${base}/recipients/${recipientId}/resend`, {}],
      ['POST', `${base}/recipients/${recipientId}/in-person`],
      ['GET', `${base}/audit-trail`],
      ['GET', `/api/document-signing-workflows/${workflow.id}`],
      ['PATCH', `/api/document-signing-workflows/${workflow.id}`, { signingOrder: 'parallel' }],
      ['DELETE', `/api/document-signing-workflows/${workflow.id}`],
      ['POST', `/api/document-signing-workflows/${workflow.id}/send`, {}],
      ['POST', '/api/document-signing-workflows', { documentInstanceId: documentId }],
      ['GET', `/api/document-shares/${share.id}`],
      ['DELETE', `/api/document-shares/${share.id}`],
      [
        'POST',
        '/api/document-shares',
        { documentInstanceId: documentId, recipientEmail: 'x@example.com', accessType: 'view' },
      ],
      ['GET', `/api/enhanced-signature-requests/${foreignUuid}`],
      ['GET', '/api/enhanced-signature-requests/not-a-uuid'],
    ];
    for (const [method, url, payload] of routes) {
      const res = await call(method, url, other.cookie, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    // A recipient named under another request (even of the same organization): 404 too.
    const mine = await sentDocument('parallel', [{ name: 'Mine', email: 'mine@example.com' }]);
    const crossed = await call(
      'POST',
      `/api/enhanced-signature-requests/${mine.detail.id}/recipients/${recipientId}/resend`,
      owner.cookie,
      {},
    );
    expect(crossed.statusCode).toBe(404);
    const lists = await Promise.all(
      ['/api/enhanced-signature-requests', '/api/document-signing-workflows', '/api/document-shares'].map(
        (url) => call('GET', url, other.cookie),
      ),
    );
    for (const list of lists) expect(list.json().items).toEqual([]);
    expect(await snapshot()).toBe(before);
  });
});
