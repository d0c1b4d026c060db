import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, gte, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../db/schema/identity';
import { outbox, systemAuditLogs } from '../db/schema/platform';
import { signatureAuditTrail } from '../db/schema/signing';
import { createDiskFileStore } from '../lib/disk-file-store';
import { outboxKinds } from '../lib/outbox';
import type { SignedIn } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';
import { organization } from '../features/leads/test-kit';
import { mailsTo, requestRow, seedSentRequest, signAll } from '../features/signing-session/test-kit';
import { drainOutbox } from '../test/outbox';
import { runSealIntegrityCheck } from './seal-integrity-check';

let t: TestApp;
const configuredAdmin = 'platform-admin@example.com';
let markedAdmin: SignedIn;

interface Sealed {
  orgId: string;
  requestId: string;
  fileId: string;
}
const sealed: Sealed[] = [];

/** A request signed by its one signer and sealed by the outbox job, as in production. */
async function completedAndSealed(owner: SignedIn): Promise<Sealed> {
  const seeded = await seedSentRequest(t, owner, {
    recipients: [{ name: 'Ann Doe', email: `ann-${owner.user.organizationId}@example.com` }],
  });
  const finish = await signAll(t, seeded.recipients[0]);
  expect(finish.statusCode, finish.body).toBe(200);
  await drainOutbox(t);
  const row = await requestRow(t, seeded.requestId);
  expect(row.sealStatus, row.sealError ?? '').toBe('sealed');
  return {
    orgId: owner.user.organizationId,
    requestId: seeded.requestId,
    fileId: row.sealedFileId as string,
  };
}

const deps = () => ({
  db: t.db,
  store: createDiskFileStore(t.filesDir),
  secrets: t.secrets,
  superAdminEmails: [configuredAdmin],
  sampleSize: 25,
});

async function reportsOf(requestId: string) {
  return t.db
    .select()
    .from(systemAuditLogs)
    .where(
      and(
        eq(systemAuditLogs.action, 'signing.seal_integrity_failed'),
        eq(systemAuditLogs.resourceId, requestId),
      ),
    );
}

async function reportMailsTo(email: string) {
  return (await mailsTo(t, email)).filter((mail) => /integrity check/.test(mail.subject));
}

beforeAll(async () => {
  t = await createTestApp({ superAdminEmails: [configuredAdmin] });
  const first = await organization(t);
  const second = await organization(t);
  markedAdmin = await organization(t);
  await t.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, markedAdmin.user.id));
  sealed.push(await completedAndSealed(first), await completedAndSealed(second));
});
afterAll(() => t.close());

beforeEach(async () => {
  // Each case starts from no queued report.
  await t.db.delete(outbox).where(eq(outbox.kind, outboxKinds.sendPlatformEmail));
});

describe('the seal integrity check', () => {
  it('a clean sample across organizations: nothing reported, no e-mail', async () => {
    const result = await runSealIntegrityCheck(deps());
    expect(result).toEqual({ checked: 2, findings: [] });
    for (const { requestId } of sealed) expect(await reportsOf(requestId)).toEqual([]);
    expect(await reportMailsTo(configuredAdmin)).toEqual([]);
  });

  it('one changed byte of a sealed PDF: a high-risk audit row and an e-mail to every super admin', async () => {
    const [target] = sealed;
    const file = path.join(t.filesDir, target.orgId, target.fileId);
    const original = readFileSync(file);
    const changed = Buffer.from(original);
    changed[Math.floor(changed.length / 2)] ^= 0x01;
    writeFileSync(file, changed);
    try {
      const result = await runSealIntegrityCheck(deps());
      expect(result?.checked).toBe(2);
      expect(result?.findings).toMatchObject([
        {
          organizationId: target.orgId,
          requestId: target.requestId,
          problems: [
            expect.stringMatching(/SHA-256/),
            expect.stringMatching(/PAdES signature does not verify/),
          ],
        },
      ]);
      const [report] = await reportsOf(target.requestId);
      expect(report).toMatchObject({
        organizationId: target.orgId,
        riskLevel: 'high',
        resource: 'enhanced_signature_requests',
        details: { requestId: target.requestId },
      });
      for (const admin of [configuredAdmin, markedAdmin.user.email.toLowerCase()]) {
        const [mail] = await reportMailsTo(admin);
        expect(mail.text).toContain(target.requestId);
        expect(mail.text).toContain(target.orgId);
      }
      expect(await reportsOf(sealed[1].requestId)).toEqual([]);
    } finally {
      writeFileSync(file, original);
    }
  });

  it('an audit row edited in the database: reported', async () => {
    const target = sealed[1];
    const [row] = await t.db
      .select()
      .from(signatureAuditTrail)
      .where(
        and(
          eq(signatureAuditTrail.signatureRequestId, target.requestId),
          eq(signatureAuditTrail.sequence, 2),
        ),
      );
    await t.db
      .update(signatureAuditTrail)
      .set({ ipAddress: '203.0.113.66' })
      .where(eq(signatureAuditTrail.id, row.id));
    try {
      const result = await runSealIntegrityCheck(deps());
      expect(result?.findings).toMatchObject([
        {
          requestId: target.requestId,
          problems: [expect.stringMatching(/breaks at event 2: The event was changed/)],
        },
      ]);
      expect(await reportsOf(target.requestId)).toHaveLength(1);
      expect(await reportMailsTo(configuredAdmin)).toHaveLength(1);
    } finally {
      await t.db
        .update(signatureAuditTrail)
        .set({ ipAddress: row.ipAddress })
        .where(eq(signatureAuditTrail.id, row.id));
    }
  });

  it('the audit rows from the sealed event on deleted (the rest still links): reported', async () => {
    const target = sealed[0];
    const row = await requestRow(t, target.requestId);
    const tail = await t.db
      .select()
      .from(signatureAuditTrail)
      .where(
        and(
          eq(signatureAuditTrail.signatureRequestId, target.requestId),
          gte(signatureAuditTrail.sequence, row.sealedChainSequence as number),
        ),
      );
    expect(tail.length).toBeGreaterThan(0);
    await t.db.delete(signatureAuditTrail).where(
      inArray(
        signatureAuditTrail.id,
        tail.map(({ id }) => id),
      ),
    );
    try {
      const result = await runSealIntegrityCheck(deps());
      expect(result?.findings).toMatchObject([
        { requestId: target.requestId, problems: [expect.stringMatching(/no longer holds the sealed hash/)] },
      ]);
    } finally {
      await t.db.insert(signatureAuditTrail).values(tail);
    }
    expect((await runSealIntegrityCheck(deps()))?.findings).toEqual([]);
  });
});
