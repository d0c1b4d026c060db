import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPlatformAuthority } from '../certificates/platform-authority';
import { drainOutbox } from '../../test/outbox';
import { createNssDatabase, pdfsig } from '../../test/pdfsig';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { requestRow, seedSentRequest, signAll } from '../signing-session/test-kit';
import { call } from '../users/test-helpers';

vi.setConfig({ testTimeout: 180_000 });

const run = promisify(execFile);
const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

let t: TestApp;
let owner: SignedIn;
let nss: { nssDir: string; remove: () => void };

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOrganizationOwner(t.app, { organizationName: 'Pine Recovery' });
  nss = await createNssDatabase([(await loadPlatformAuthority(t.db, t.secrets)).certificatePem]);
});
afterAll(async () => {
  nss.remove();
  await t.close();
});

/** A request signed by everyone, then the outbox drained (the seal and what it queues). */
async function completedRequest(app: TestApp, by: SignedIn) {
  const seeded = await seedSentRequest(app, by, {
    recipients: [
      { name: 'Ann Claimant', email: email('ann') },
      { name: 'Bob Heir', email: email('bob') },
    ],
  });
  for (const recipient of seeded.recipients) {
    const finish = await signAll(app, recipient);
    expect(finish.statusCode, finish.body).toBe(200);
  }
  return seeded;
}

async function pdftotext(pdf: Uint8Array) {
  const dir = mkdtempSync(path.join(tmpdir(), 'locus-text-'));
  try {
    writeFileSync(path.join(dir, 'a.pdf'), pdf);
    return (await run('pdftotext', ['-layout', path.join(dir, 'a.pdf'), '-'])).stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('sealing a completed request', () => {
  it('seals with the organization certificate: pdfsig valid and trusted, the certificate pages readable', async () => {
    const seeded = await completedRequest(t, owner);
    expect((await requestRow(t, seeded.requestId)).sealStatus).toBe('pending');
    await drainOutbox(t);
    const row = await requestRow(t, seeded.requestId);
    expect(row).toMatchObject({ sealStatus: 'sealed', sealLevel: 'B-B', sealError: null });
    const pdf = await call(
      t.app,
      'GET',
      `/api/enhanced-signature-requests/${seeded.requestId}/signed-pdf`,
      owner.cookie,
    );
    expect(pdf.statusCode).toBe(200);
    const { signatures, output } = await pdfsig(pdf.rawPayload, nss.nssDir);
    expect(signatures, output).toEqual([
      expect.objectContaining({
        signatureValid: true,
        certificateTrusted: true,
        subFilter: 'ETSI.CAdES.detached',
      }),
    ]);
    const text = await pdftotext(pdf.rawPayload);
    console.log(text);
  });
});
