import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentConsentVersion } from '../../../common/signing/consent-disclosure';
import { activities, deals } from '../../db/schema/crm';
import {
  documentActivities,
  documentInstances,
  documentShares,
  documentSigningWorkflows,
  signatures,
} from '../../db/schema/documents';
import { outbox } from '../../db/schema/platform';
import {
  enhancedSignatureRecipients,
  enhancedSignatures,
  signatureAuditTrail,
} from '../../db/schema/signing';
import { outboxKinds } from '../../lib/outbox';
import { loggerOptions, redactLinkTokens } from '../../logger';
import { drainOutbox } from '../../test/outbox';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { organization } from '../leads/test-kit';
import { verifySignatureAuditChain } from '../signing/audit-chain';
import { createSigningToken } from '../signing/signing-tokens';
import {
  codeFor,
  invitationsTo,
  mailsTo,
  openForSigning,
  pngDataUrl,
  recipientRow,
  requestRow,
  seedSentRequest,
  signAll,
  signer,
  valuesFor,
} from './test-kit';

// Each test walks whole signing flows (PDF renders, many transactions): minutes on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let owner: SignedIn;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url });
  owner = await organization(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('a parallel request, signed by two signers', () => {
  it('walks consent → code → verify → pdf → finish, completes once, mails the signed copy to everyone', async () => {
    const seeded = await seedSentRequest(t, owner, {
      recipients: [
        { name: 'Ann Claimant', email: email('ann') },
        {
          name: 'Bob Heir',
          email: email('bob'),
          fields: [{ fieldType: 'signature' }, { fieldType: 'date' }],
        },
        { name: 'Carol Copy', email: email('carol'), role: 'cc' },
      ],
    });
    const [ann, bob, carol] = seeded.recipients;
    expect(await invitationsTo(t, ann.email)).toHaveLength(1);
    expect(await invitationsTo(t, bob.email)).toHaveLength(1);

    const first = await signer(t, ann.token).request('GET', '');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    expect(first.headers['cache-control']).toBe('no-store');
    const consentView = first.json();
    expect(consentView).toMatchObject({
      state: 'consent',
      recipient: { id: ann.id, name: 'Ann Claimant', role: 'signer', authMethod: 'email', status: 'sent' },
      request: { id: seeded.requestId, title: 'Fee agreement', signatureType: 'parallel' },
      organization: { name: 'Acme Recovery' },
      sender: { name: 'Ada Owner' },
      consent: { version: currentConsentVersion },
      document: { name: 'Fee agreement' },
      fields: [],
      progress: { currentStep: 1, totalSteps: 1, signed: 0, total: 2 },
      inPerson: false,
    });
    expect(consentView.document.documentHash).toBeUndefined();
    // Before the gates the PDF stays closed.
    const early = await signer(t, ann.token).request('GET', '/pdf');
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('Accept the consent and confirm your e-mail first');

    const consent = await signer(t, ann.token).request('POST', '/consent', {
      version: currentConsentVersion,
    });
    expect(consent.json()).toMatchObject({ state: 'verify', codeSentTo: null });
    const code = await signer(t, ann.token).request('POST', '/code');
    expect(code.statusCode).toBe(202);
    expect(code.json().sentTo).toMatch(/^a•••@example\.com$/);
    const verify = await signer(t, ann.token).request('POST', '/verify', {
      code: await codeFor(t, ann.email),
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const cookie = verify.cookies.find((c) => c.name === 'locus_signing');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/signing' });
    const ready = verify.json();
    expect(ready.state).toBe('ready');
    expect(ready.document).toMatchObject({ name: 'Fee agreement', pageCount: 1 });
    expect(ready.document.documentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(ready.document.pages[0]).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
    expect(ready.fields).toEqual([
      expect.objectContaining({ id: ann.fieldIds[0], fieldType: 'signature', page: 1, isRequired: true }),
    ]);
    const session = `locus_signing=${cookie?.value}`;
    // The first view in state ready is recorded once.
    expect(await recipientRow(t, ann.id)).toMatchObject({ status: 'viewed', viewedAt: expect.any(Date) });
    await signer(t, ann.token, session).request('GET', '');
    const [share] = await t.db.select().from(documentShares).where(eq(documentShares.id, ann.shareId));
    expect(share).toMatchObject({ status: 'viewed', accessCount: 1 });
    expect((await requestRow(t, seeded.requestId)).status).toBe('viewed');

    const pdf = await signer(t, ann.token, session).request('GET', '/pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const finish = await signer(t, ann.token, session).request('POST', '/finish', valuesFor(ann));
    expect(finish.statusCode, finish.body).toBe(200);
    expect(finish.json()).toMatchObject({ state: 'signed', progress: { signed: 1, total: 2 } });
    expect((await requestRow(t, seeded.requestId)).status).toBe('signed');
    const [doc] = await t.db
      .select()
      .from(documentInstances)
      .where(eq(documentInstances.id, seeded.documentId));
    expect(doc.status).toBe('signed');

    // The evidence: strokes, duration, fingerprint hash, fraud score; never biometrics.
    const [stored] = await t.db
      .select()
      .from(enhancedSignatures)
      .where(eq(enhancedSignatures.recipientId, ann.id));
    expect(stored).toMatchObject({
      fieldId: ann.fieldIds[0],
      signatureType: 'drawn',
      signatureData: pngDataUrl,
      sessionDuration: 42_000,
      ipAddress: '127.0.0.1',
      biometricData: null,
      mouseMovements: null,
      keystrokePatterns: null,
    });
    expect(stored.deviceFingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.cryptographicHash).toMatch(/^[0-9a-f]{64}$/);
    // Viewed and signed within 10 seconds: the fast-signing signal.
    expect(Number(stored.fraudScore)).toBe(40);
    const mirror = await t.db
      .select()
      .from(signatures)
      .where(eq(signatures.documentInstanceId, seeded.documentId));
    expect(mirror).toHaveLength(1);
    expect(mirror[0]).toMatchObject({ signerEmail: ann.email, signerName: 'Ann Claimant' });
    expect(mirror[0].signatureFieldId).not.toBeNull();

    // Bob signs the signature and the date: the last signer completes the request.
    const bobCookie = await openForSigning(t, bob);
    const bobFinish = await signer(t, bob.token, bobCookie).request('POST', '/finish', {
      fields: [
        { fieldId: bob.fieldIds[0], signatureType: 'typed', signatureData: pngDataUrl },
        { fieldId: bob.fieldIds[1], signatureType: 'electronic', signatureData: '2026-11-27' },
      ],
    });
    expect(bobFinish.statusCode, bobFinish.body).toBe(200);
    const completed = await requestRow(t, seeded.requestId);
    expect(completed).toMatchObject({ status: 'completed', completedAt: expect.any(Date) });
    const [workflow] = await t.db
      .select()
      .from(documentSigningWorkflows)
      .where(eq(documentSigningWorkflows.id, seeded.workflowId));
    expect(workflow).toMatchObject({ status: 'completed', completedAt: expect.any(Date) });
    const [doneDoc] = await t.db
      .select()
      .from(documentInstances)
      .where(eq(documentInstances.id, seeded.documentId));
    expect(doneDoc.status).toBe('completed');
    const kinds = (
      await t.db
        .select()
        .from(documentActivities)
        .where(eq(documentActivities.documentInstanceId, seeded.documentId))
    ).map((a) => a.activityType);
    expect(kinds.filter((k) => k === 'viewed')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'signed')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'completed')).toHaveLength(1);

    // The deal: a note, and (a surplus organization) the move to its pipeline's "Signed" stage.
    const [deal] = await t.db.select().from(deals).where(eq(deals.id, seeded.dealId));
    expect(deal.stage).toBe('Signed');
    const notes = await t.db.select().from(activities).where(eq(activities.dealId, seeded.dealId));
    expect(notes.map((n) => n.subject)).toEqual(['Document signed: Fee agreement']);

    // One seal job at completion; the seal queues the copies: one message per recipient and the
    // sender, each with the sealed PDF.
    const jobs = await t.db.select().from(outbox).where(eq(outbox.organizationId, owner.user.organizationId));
    const ofRequest = jobs.filter(
      (job) => (job.payload as { requestId?: string }).requestId === seeded.requestId,
    );
    expect(ofRequest.map((job) => job.kind)).toEqual([outboxKinds.sealSignatureRequest]);
    await drainOutbox(t);
    const sealed = await requestRow(t, seeded.requestId);
    expect(sealed.sealStatus).toBe('sealed');
    const copies = smtp.received.filter((mail) => mail.parsed.subject === 'Completed: “Fee agreement”');
    expect(copies.map((mail) => mail.envelope.to[0]).toSorted()).toEqual(
      [ann.email, bob.email, carol.email, owner.user.email].toSorted(),
    );
    for (const mail of copies) {
      expect(mail.parsed.attachments).toHaveLength(1);
      expect(mail.parsed.attachments[0].contentType).toBe('application/pdf');
      expect(createHash('sha256').update(mail.parsed.attachments[0].content).digest('hex')).toBe(
        sealed.finalDocumentHash,
      );
    }
    // A cc's copy carries the view link, a signer's the signing link (now showing "signed").
    expect(copies.find((m) => m.envelope.to[0] === carol.email)?.parsed.text).toContain(
      `/share/${carol.token}`,
    );
    expect(copies.find((m) => m.envelope.to[0] === ann.email)?.parsed.text).toContain(`/sign/${ann.token}`);
    // Draining again sends nothing more.
    const before = smtp.received.length;
    await drainOutbox(t);
    expect(smtp.received.length).toBe(before);

    const copy = await signer(t, ann.token).request('GET', '/copy');
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-disposition']).toMatch(/^attachment/);
    const again = await signer(t, ann.token).request('GET', '');
    expect(again.json()).toMatchObject({ state: 'signed' });
    expect(again.json().document.documentHash).toBe(completed.documentHash);

    // The audit chain holds, and an edited event breaks it there.
    const chain = await verifySignatureAuditChain(t.db, owner.user.organizationId, seeded.requestId);
    expect(chain.valid).toBe(true);
    const events = await t.db
      .select()
      .from(signatureAuditTrail)
      .where(eq(signatureAuditTrail.signatureRequestId, seeded.requestId))
      .orderBy(signatureAuditTrail.sequence);
    expect(events.map((e) => e.eventType)).toEqual([
      'document_viewed',
      'signature_completed',
      'document_viewed',
      'signature_completed',
    ]);
    expect(events[1].eventData).toMatchObject({
      fraudScore: 40,
      fraudSignals: { fastSigning: true, ipChanged: false, failedCodes: 0 },
    });
    await t.db.execute(
      sql`update signature_audit_trail set event_data = '{"fraudScore": 0}'::jsonb where id = ${events[1].id}`,
    );
    const broken = await verifySignatureAuditChain(t.db, owner.user.organizationId, seeded.requestId);
    expect(broken).toMatchObject({ valid: false, brokenAt: { eventId: events[1].id, sequence: 2 } });
  });
});

describe('a sequential request', () => {
  it('invites the next step exactly when the previous one finishes; earlier steps may not be skipped', async () => {
    const seeded = await seedSentRequest(t, owner, {
      signingOrder: 'sequential',
      recipients: [
        { name: 'Ann First', email: email('ann'), order: 1 },
        { name: 'Andy Approver', email: email('andy'), order: 2, role: 'approver' },
        { name: 'Cleo Last', email: email('cleo'), order: 3 },
      ],
    });
    const [ann, andy, cleo] = seeded.recipients;
    expect(await invitationsTo(t, ann.email)).toHaveLength(1);
    expect(await invitationsTo(t, andy.email)).toHaveLength(0);

    const waiting = await signer(t, cleo.token).request('GET', '');
    expect(waiting.json()).toMatchObject({ state: 'waiting', progress: { currentStep: 1, totalSteps: 3 } });
    const outOfTurn = await signer(t, cleo.token).request('POST', '/finish', valuesFor(cleo));
    expect(outOfTurn.statusCode).toBe(409);
    expect(outOfTurn.json().message).toBe(
      'It is not your turn to sign yet: earlier signers must finish first',
    );

    expect((await signAll(t, ann)).statusCode).toBe(200);
    expect(await invitationsTo(t, andy.email)).toHaveLength(1);
    expect(await invitationsTo(t, cleo.email)).toHaveLength(0);
    const [workflow] = await t.db
      .select()
      .from(documentSigningWorkflows)
      .where(eq(documentSigningWorkflows.id, seeded.workflowId));
    expect(workflow.currentStep).toBe(2);
    expect(await recipientRow(t, andy.id)).toMatchObject({ status: 'sent', invitedAt: expect.any(Date) });
    expect(
      (await t.db.select().from(documentShares).where(eq(documentShares.id, andy.shareId)))[0],
    ).toMatchObject({
      status: 'sent',
      emailSent: true,
    });

    // The approver approves: no fields, the finish is the approval.
    const approved = await signAll(t, andy);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().state).toBe('signed');
    expect(await invitationsTo(t, cleo.email)).toHaveLength(1);

    expect((await signAll(t, cleo)).statusCode).toBe(200);
    expect((await requestRow(t, seeded.requestId)).status).toBe('completed');
    expect((await verifySignatureAuditChain(t.db, owner.user.organizationId, seeded.requestId)).valid).toBe(
      true,
    );
  });
});

describe('links that no longer work, and wrong ones', () => {
  it('answers each with its own message, and a wrong token with nothing about any document', async () => {
    const seeded = await seedSentRequest(t, owner, {
      recipients: [
        { name: 'Ann', email: email('ann') },
        { name: 'Bob', email: email('bob') },
      ],
    });
    const [ann, bob] = seeded.recipients;
    for (const token of [
      createSigningToken().token,
      'short',
      `${ann.token}x`,
      ann.token.replace(/^./, '!'),
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/signing/${encodeURIComponent(token)}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'This link is not valid', reason: 'invalid' });
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    const wrongFinish = await signer(t, createSigningToken().token).request(
      'POST',
      '/finish',
      valuesFor(ann),
    );
    expect(wrongFinish.json()).toEqual({ message: 'This link is not valid', reason: 'invalid' });

    // Declined by Ann: her page says so; Bob's link is refused.
    await openForSigning(t, ann);
    const declined = await signer(t, ann.token).request('POST', '/decline', {
      reason: 'The fee is too high',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().state).toBe('declined');
    expect(await recipientRow(t, ann.id)).toMatchObject({
      status: 'declined',
      declineReason: 'The fee is too high',
    });
    expect((await requestRow(t, seeded.requestId)).status).toBe('declined');
    const bobView = await signer(t, bob.token).request('GET', '');
    expect(bobView.statusCode).toBe(410);
    expect(bobView.json()).toEqual({ message: 'This signing request was declined', reason: 'declined' });
    const senderMails = await mailsTo(t, owner.user.email);
    expect(
      senderMails.some(
        (m) => m.subject === 'Declined: “Fee agreement”' && m.text.includes('The fee is too high'),
      ),
    ).toBe(true);
    const chain = await verifySignatureAuditChain(t.db, owner.user.organizationId, seeded.requestId);
    expect(chain.valid).toBe(true);

    const cancelled = await seedSentRequest(t, owner, { recipients: [{ name: 'Cat', email: email('cat') }] });
    await t.db.execute(
      sql`update enhanced_signature_requests set status = 'cancelled' where id = ${cancelled.requestId}`,
    );
    const cancelledView = await signer(t, cancelled.recipients[0].token).request('GET', '');
    expect(cancelledView.statusCode).toBe(410);
    expect(cancelledView.json()).toEqual({
      message: 'This signing request was cancelled',
      reason: 'cancelled',
    });

    const expired = await seedSentRequest(t, owner, {
      recipients: [{ name: 'Eve', email: email('eve') }],
      expiresAt: new Date(Date.now() - 60_000),
    });
    const expiredView = await signer(t, expired.recipients[0].token).request('GET', '');
    expect(expiredView.statusCode).toBe(410);
    expect(expiredView.json()).toEqual({ message: 'This signing link has expired', reason: 'expired' });
    const expiredFinish = await signer(t, expired.recipients[0].token).request(
      'POST',
      '/finish',
      valuesFor(expired.recipients[0]),
    );
    expect(expiredFinish.statusCode).toBe(410);
  });

  it('a finished link: the page shows signed, a second finish is refused', async () => {
    const seeded = await seedSentRequest(t, owner, {
      recipients: [
        { name: 'Ann', email: email('ann') },
        { name: 'Bob', email: email('bob') },
      ],
    });
    const [ann] = seeded.recipients;
    const cookie = await openForSigning(t, ann);
    const first = await signer(t, ann.token, cookie).request('POST', '/finish', valuesFor(ann));
    expect(first.statusCode).toBe(200);
    const replay = await signer(t, ann.token, cookie).request('POST', '/finish', valuesFor(ann));
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe('You have already signed this document');
    expect((await signer(t, ann.token).request('GET', '')).json().state).toBe('signed');
  });
});

describe('the e-mailed code', () => {
  it('allows 5 wrong tries, then dies; a new one comes at most every 30 s; an expired one dies', async () => {
    const seeded = await seedSentRequest(t, owner, {
      recipients: [{ name: 'Gus Guess', email: email('gus') }],
    });
    const [gus] = seeded.recipients;
    const { request } = signer(t, gus.token);
    const beforeConsent = await request('POST', '/code');
    expect(beforeConsent.statusCode).toBe(403);
    await request('POST', '/consent', { version: currentConsentVersion });
    const badVersion = await request('POST', '/consent', { version: 'nope' });
    expect(badVersion.statusCode).toBe(400);
    expect((await request('POST', '/code')).statusCode).toBe(202);
    const tooSoon = await request('POST', '/code');
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    const right = await codeFor(t, gus.email);
    const wrong = right === '000000' ? '111111' : '000000';
    const malformed = await request('POST', '/verify', { code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].message).toBe('Enter the 6-digit code from the e-mail');
    const messages: string[] = [];
    for (let i = 0; i < 5; i++)
      messages.push((await request('POST', '/verify', { code: wrong })).json().message);
    expect(messages).toEqual([
      'That code is not correct. 4 tries left.',
      'That code is not correct. 3 tries left.',
      'That code is not correct. 2 tries left.',
      'That code is not correct. 1 try left.',
      'This code no longer works. Ask for a new code.',
    ]);
    const dead = await request('POST', '/verify', { code: right });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().message).toBe('This code no longer works. Ask for a new code.');
    expect((await request('GET', '')).json().state).toBe('verify');

    // A new code (past the 30 s) works; the wrong tries stay as a fraud signal.
    await t.db.execute(
      sql`update enhanced_signature_recipients set verification_data = jsonb_set(verification_data, '{code,sentAt}', '"2020-01-01T00:00:00Z"') where id = ${gus.id}`,
    );
    expect((await request('POST', '/code')).statusCode).toBe(202);
    // Expired: dies too.
    await t.db.execute(
      sql`update enhanced_signature_recipients set verification_data = jsonb_set(verification_data, '{code,expiresAt}', '"2020-01-01T00:00:00Z"') where id = ${gus.id}`,
    );
    const expired = await request('POST', '/verify', { code: await codeFor(t, gus.email) });
    expect(expired.json().message).toBe('This code no longer works. Ask for a new code.');
    await t.db.execute(
      sql`update enhanced_signature_recipients set verification_data = jsonb_set(verification_data, '{code,sentAt}', '"2020-01-01T00:00:00Z"') where id = ${gus.id}`,
    );
    expect((await request('POST', '/code')).statusCode).toBe(202);
    const verified = await request('POST', '/verify', { code: await codeFor(t, gus.email) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().state).toBe('ready');
    const session = `locus_signing=${verified.cookies.find((c) => c.name === 'locus_signing')?.value}`;
    await t.db.execute(
      sql`update enhanced_signature_recipients set viewed_at = now() - interval '5 minutes' where id = ${gus.id}`,
    );
    const finish = await signer(t, gus.token, session).request('POST', '/finish', valuesFor(gus));
    expect(finish.statusCode).toBe(200);
    const [stored] = await t.db
      .select()
      .from(enhancedSignatures)
      .where(eq(enhancedSignatures.recipientId, gus.id));
    // 5 wrong codes (30, capped) and no fast signing.
    expect(Number(stored.fraudScore)).toBe(30);
    // Another browser without the session may not finish for Gus.
    expect((await signer(t, gus.token).request('GET', '')).json().state).toBe('signed');
  });
});

/** One field's value as the page sends it. */
const value = (fieldId: string, signatureData: string) => ({
  fieldId,
  signatureType: 'electronic',
  signatureData,
});

describe('what a finish must carry', () => {
  it('checks required fields, validation types, choices and images', async () => {
    const seeded = await seedSentRequest(t, owner, {
      recipients: [
        {
          name: 'Val Idate',
          email: email('val'),
          fields: [
            { fieldType: 'signature' },
            { fieldType: 'text', validationType: 'email' },
            { fieldType: 'text', validationType: 'phone' },
            { fieldType: 'text', validationType: 'date' },
            { fieldType: 'text', validationType: 'number' },
            { fieldType: 'text', validationType: 'ssn' },
            { fieldType: 'text', validationType: 'ein' },
            { fieldType: 'dropdown', options: ['Yes', 'No'] },
            { fieldType: 'checkbox', isRequired: false },
            { fieldType: 'initial' },
          ],
        },
      ],
    });
    const [val] = seeded.recipients;
    const cookie = await openForSigning(t, val);
    const { request } = signer(t, val.token, cookie);
    const [sig, mail, phone, date, number, ssn, ein, choice, box, initial] = val.fieldIds;
    const bad = await request('POST', '/finish', {
      fields: [
        value(sig, 'data:image/png;base64,aGVsbG8gd29ybGQ='),
        value(mail, 'not-an-email'),
        value(phone, 'call me'),
        value(date, '2026-02-30'),
        value(number, 'twelve'),
        value(ssn, '123456789'),
        value(ein, '123456789'),
        value(choice, 'Maybe'),
        value(box, 'yes'),
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: `fields.${sig}`, message: 'The signature must be a PNG or JPEG image' },
      { path: `fields.${mail}`, message: 'Enter a valid email' },
      { path: `fields.${phone}`, message: 'Enter a valid phone number' },
      { path: `fields.${date}`, message: 'Enter a valid date' },
      { path: `fields.${number}`, message: 'Enter a number' },
      { path: `fields.${ssn}`, message: 'Enter a valid SSN (123-45-6789)' },
      { path: `fields.${ein}`, message: 'Enter a valid EIN (12-3456789)' },
      { path: `fields.${choice}`, message: 'Choose one of the options' },
      { path: `fields.${box}`, message: 'A checkbox is either true or false' },
      { path: `fields.${initial}`, message: 'This field is required' },
    ]);
    const notImage = await request('POST', '/finish', { fields: [value(sig, 'hello')] });
    expect(notImage.json().errors).toContainEqual({
      path: `fields.${sig}`,
      message: 'The signature must be a PNG or JPEG image',
    });
    // 600 KB of real PNG bytes: 413.
    const big = Buffer.concat([Buffer.from(pngDataUrl.split(',')[1], 'base64'), Buffer.alloc(600 * 1024)]);
    const tooLarge = await request('POST', '/finish', {
      fields: [value(sig, `data:image/png;base64,${big.toString('base64')}`)],
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('The signature image is too large (at most 500 KB)');
    // A 20 MB body: 413 before it is read.
    const huge = await request('POST', '/finish', {
      fields: [value(sig, `data:image/png;base64,${'A'.repeat(20 * 1024 * 1024)}`)],
    });
    expect(huge.statusCode).toBe(413);
    expect(
      await t.db.select().from(enhancedSignatures).where(eq(enhancedSignatures.recipientId, val.id)),
    ).toEqual([]);

    const good = await request('POST', '/finish', {
      fields: [
        value(sig, pngDataUrl),
        value(mail, 'val@example.com'),
        value(phone, '+1 (312) 555-0100'),
        value(date, '2026-11-27'),
        value(number, '1,250.50'),
        value(ssn, '123-45-6789'),
        value(ein, '12-3456789'),
        value(choice, 'Yes'),
        value(initial, pngDataUrl),
      ],
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(
      await t.db.select().from(enhancedSignatures).where(eq(enhancedSignatures.recipientId, val.id)),
    ).toHaveLength(9);
  });
});

describe('a view share', () => {
  it('opens the document read-only and records each access', async () => {
    const seeded = await seedSentRequest(t, owner, {
      recipients: [
        { name: 'Ann', email: email('ann') },
        { name: 'Vic Viewer', email: email('vic'), role: 'viewer' },
      ],
    });
    const [ann, vic] = seeded.recipients;
    expect((await signer(t, vic.token).request('GET', '')).statusCode).toBe(404);
    const open = await t.app.inject({ method: 'GET', url: `/api/shares/${vic.token}` });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.headers['referrer-policy']).toBe('no-referrer');
    expect(open.headers['cache-control']).toBe('no-store');
    expect(open.json()).toMatchObject({
      document: { name: 'Fee agreement', pageCount: 1 },
      organization: { name: 'Acme Recovery' },
      accessType: 'view',
      recipientName: 'Vic Viewer',
    });
    await t.app.inject({ method: 'GET', url: `/api/shares/${vic.token}` });
    const [share] = await t.db.select().from(documentShares).where(eq(documentShares.id, vic.shareId));
    expect(share).toMatchObject({ status: 'viewed', accessCount: 2, firstAccessedAt: expect.any(Date) });
    const pdf = await t.app.inject({ method: 'GET', url: `/api/shares/${vic.token}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // A signer's token is no view link.
    expect((await t.app.inject({ method: 'GET', url: `/api/shares/${ann.token}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/shares/${createSigningToken().token}` })).json(),
    ).toEqual({
      message: 'This link is not valid',
      reason: 'invalid',
    });
  });
});

describe('events and logs', () => {
  it('records field clicks in the chain, and logs signing URLs without their token', async () => {
    const seeded = await seedSentRequest(t, owner, { recipients: [{ name: 'Ed', email: email('ed') }] });
    const [ed] = seeded.recipients;
    expect(
      (await signer(t, ed.token).request('POST', '/events', { eventType: 'field_clicked' })).statusCode,
    ).toBe(403);
    const cookie = await openForSigning(t, ed);
    const clicked = await signer(t, ed.token, cookie).request('POST', '/events', {
      eventType: 'field_clicked',
      fieldId: ed.fieldIds[0],
    });
    expect(clicked.statusCode).toBe(204);
    const events = await t.db
      .select()
      .from(signatureAuditTrail)
      .where(
        and(
          eq(signatureAuditTrail.signatureRequestId, seeded.requestId),
          eq(signatureAuditTrail.eventType, 'field_clicked'),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0].sessionId).toMatch(/^[0-9a-f]{64}$/);

    expect(redactLinkTokens(`/api/signing/${ed.token}/finish`)).toBe('/api/signing/[redacted]/finish');
    expect(redactLinkTokens(`/sign/${ed.token}?x=1`)).toBe('/sign/[redacted]?x=1');
    expect(redactLinkTokens(`/share/${ed.token}`)).toBe('/share/[redacted]');
    expect(redactLinkTokens(`/api/shares/${ed.token}/pdf`)).toBe('/api/shares/[redacted]/pdf');
    expect(redactLinkTokens('/documents/instances/abc/sign')).toBe('/documents/instances/abc/sign');
    // The request serializer Fastify logs with uses it.
    const serializers = (loggerOptions('info') as { serializers: { req: (r: unknown) => { url: string } } })
      .serializers;
    const logged = serializers.req({
      method: 'POST',
      url: `/api/signing/${ed.token}/verify`,
      headers: {},
      ip: '127.0.0.1',
    });
    expect(logged.url).toBe('/api/signing/[redacted]/verify');
    expect(JSON.stringify(logged)).not.toContain(ed.token);
  });
});

describe('signing in person', () => {
  it('the sender hands over the device: consent still, no code; the hand-over token expires', async () => {
    const seeded = await seedSentRequest(t, owner, {
      recipients: [{ name: 'Ida Inperson', email: email('ida') }],
    });
    const [ida] = seeded.recipients;
    const { token, hash } = createSigningToken();
    await t.db
      .update(enhancedSignatureRecipients)
      .set({ inPersonTokenHash: hash, inPersonExpiresAt: new Date(Date.now() + 30 * 60_000) })
      .where(eq(enhancedSignatureRecipients.id, ida.id));
    const { request } = signer(t, token);
    expect((await request('GET', '')).json()).toMatchObject({ state: 'consent', inPerson: true });
    const consented = await request('POST', '/consent', { version: currentConsentVersion });
    expect(consented.json()).toMatchObject({ state: 'ready', inPerson: true });
    const finish = await request('POST', '/finish', valuesFor(ida));
    expect(finish.statusCode, finish.body).toBe(200);
    const [completed] = await t.db
      .select()
      .from(signatureAuditTrail)
      .where(
        and(
          eq(signatureAuditTrail.signatureRequestId, seeded.requestId),
          eq(signatureAuditTrail.eventType, 'signature_completed'),
        ),
      );
    expect(completed.eventData).toMatchObject({ inPerson: true });

    await t.db
      .update(enhancedSignatureRecipients)
      .set({ inPersonExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(enhancedSignatureRecipients.id, ida.id));
    expect((await request('GET', '')).json()).toEqual({
      message: 'This link is not valid',
      reason: 'invalid',
    });
  });
});

describe('the deal after signing', () => {
  it('stays in its stage for a sector where moving is off by default, and moves when the setting is on', async () => {
    const smallBusiness = await registerOrganizationOwner(t.app, { industrySector: 'Small Business' });
    await t.db.execute(
      sql`insert into stages (organization_id, pipeline_id, name, order_index) select organization_id, id, 'Signed', 2 from pipelines where organization_id = ${smallBusiness.user.organizationId} and is_default`,
    );
    const stays = await seedSentRequest(t, smallBusiness, {
      recipients: [{ name: 'Sam', email: email('sam') }],
    });
    expect((await signAll(t, stays.recipients[0])).statusCode).toBe(200);
    const [kept] = await t.db.select().from(deals).where(eq(deals.id, stays.dealId));
    expect(kept.stage).toBe('proposal');
    expect((await t.db.select().from(activities).where(eq(activities.dealId, stays.dealId))).length).toBe(1);

    await t.db.execute(
      sql`update organizations set settings = settings || '{"moveDealOnSigning": true}'::jsonb where id = ${smallBusiness.user.organizationId}`,
    );
    const moves = await seedSentRequest(t, smallBusiness, {
      recipients: [{ name: 'Sue', email: email('sue') }],
    });
    expect((await signAll(t, moves.recipients[0])).statusCode).toBe(200);
    const [moved] = await t.db.select().from(deals).where(eq(deals.id, moves.dealId));
    expect(moved.stage).toBe('Signed');
  });
});

describe('the document a signer opens', () => {
  it('has the bytes hashed at send: the SHA-256 shown is the SHA-256 of the PDF served', async () => {
    const seeded = await seedSentRequest(t, owner, {
      recipients: [{ name: 'Hal Hash', email: email('hal') }],
    });
    const [hal] = seeded.recipients;
    const cookie = await openForSigning(t, hal);
    const view = (await signer(t, hal.token, cookie).request('GET', '')).json();
    const pdf = await signer(t, hal.token, cookie).request('GET', '/pdf');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(view.document.documentHash);
  });
});
