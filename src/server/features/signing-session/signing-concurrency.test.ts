import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentActivities } from '../../db/schema/documents';
import { outbox } from '../../db/schema/platform';
import { enhancedSignatures } from '../../db/schema/signing';
import { outboxKinds } from '../../lib/outbox';
import type { SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { organization } from '../leads/test-kit';
import { verifySignatureAuditChain } from '../signing/audit-chain';
import { openForSigning, requestRow, seedSentRequest, signer, valuesFor } from './test-kit';

/*
 * Never two signatures on one field, and one completion per request, whatever the timing
 * (issue 17 §5). Run on PGlite by default and on PostgreSQL with TEST_DB_DRIVER=pg, where the
 * calls really overlap on the row locks.
 */

// Each test walks whole signing flows (PDF renders, many transactions): minutes on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await organization(t);
});
afterAll(() => t.close());

const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('concurrent finishes', () => {
  it('10 parallel finishes of one recipient: exactly one 200, the others 409, one signature per field', async () => {
    const seeded = await seedSentRequest(t, owner, {
      recipients: [
        {
          name: 'Dee Double',
          email: email('dee'),
          fields: [{ fieldType: 'signature' }, { fieldType: 'date' }],
        },
        { name: 'Other', email: email('other') },
      ],
    });
    const [dee] = seeded.recipients;
    const cookie = await openForSigning(t, dee);
    const body = valuesFor(dee, (fieldId) =>
      fieldId === dee.fieldIds[1] ? '2026-11-27' : valuesFor(dee).fields[0].signatureData,
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => signer(t, dee.token, cookie).request('POST', '/finish', body)),
    );
    const statuses = answers.map((a) => a.statusCode).toSorted();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().message).toBe('You have already signed this document');
    }
    const rows = await t.db
      .select()
      .from(enhancedSignatures)
      .where(eq(enhancedSignatures.recipientId, dee.id));
    expect(rows.map((r) => r.fieldId).toSorted()).toEqual([...dee.fieldIds].toSorted());
    expect((await verifySignatureAuditChain(t.db, owner.user.organizationId, seeded.requestId)).valid).toBe(
      true,
    );
  });

  it('the two last signers finishing at once complete the request exactly once', async () => {
    for (let round = 0; round < 3; round++) {
      const seeded = await seedSentRequest(t, owner, {
        recipients: [
          { name: 'Lee Last', email: email('lee') },
          { name: 'Lou Last', email: email('lou') },
        ],
      });
      const [lee, lou] = seeded.recipients;
      const cookies = [await openForSigning(t, lee), await openForSigning(t, lou)];
      const answers = await Promise.all(
        [lee, lou].map((who, i) =>
          signer(t, who.token, cookies[i]).request('POST', '/finish', valuesFor(who)),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect((await requestRow(t, seeded.requestId)).status).toBe('completed');
      const jobs = (
        await t.db.select().from(outbox).where(eq(outbox.kind, outboxKinds.sealSignatureRequest))
      ).filter((job) => (job.payload as { requestId?: string }).requestId === seeded.requestId);
      expect(jobs).toHaveLength(1);
      const completed = await t.db
        .select()
        .from(documentActivities)
        .where(
          and(
            eq(documentActivities.documentInstanceId, seeded.documentId),
            eq(documentActivities.activityType, 'completed'),
          ),
        );
      expect(completed).toHaveLength(1);
      expect((await verifySignatureAuditChain(t.db, owner.user.organizationId, seeded.requestId)).valid).toBe(
        true,
      );
    }
  });
});
