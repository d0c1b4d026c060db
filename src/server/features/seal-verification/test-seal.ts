import { eq } from 'drizzle-orm';
import { enhancedSignatureRequests } from '../../db/schema/signing';
import { createDiskFileStore } from '../../lib/disk-file-store';
import { drainOutbox } from '../../test/outbox';
import type { SignedIn } from '../../test/sessions';
import type { TestApp } from '../../test/test-app';
import { seedSentRequest, signAll } from '../signing-session/test-kit';
import { sealedFileBytes } from './load-sealed-request';

/**
 * Test helper: a two-signer request signed through the signer API and sealed by the real seal
 * job (the outbox drained); answers the sealed row and the sealed PDF's bytes.
 */
export async function sealedRequestForTest(t: TestApp, owner: SignedIn, title = 'Fee agreement') {
  const tag = Math.random().toString(36).slice(2, 8);
  const seeded = await seedSentRequest(t, owner, {
    title,
    recipients: [
      { name: 'Ann Claimant', email: `ann-${tag}@example.com` },
      { name: 'Bob Heir', email: `bob-${tag}@example.com` },
    ],
  });
  for (const recipient of seeded.recipients) {
    const finished = await signAll(t, recipient);
    if (finished.statusCode !== 200) throw new Error(`finish ${finished.statusCode}: ${finished.body}`);
  }
  await drainOutbox(t);
  const [row] = await t.db
    .select()
    .from(enhancedSignatureRequests)
    .where(eq(enhancedSignatureRequests.id, seeded.requestId));
  if (row?.sealStatus !== 'sealed') throw new Error(`not sealed: ${row?.sealStatus} ${row?.sealError}`);
  const bytes = await sealedFileBytes(t.db, createDiskFileStore(t.filesDir), row);
  if (!bytes) throw new Error('the sealed PDF is missing');
  return { seeded, row, bytes: new Uint8Array(bytes) };
}
