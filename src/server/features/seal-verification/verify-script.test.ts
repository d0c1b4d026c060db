import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { organization } from '../leads/test-kit';
import { call } from '../users/test-helpers';
import type { Evidence } from './evidence-format';
import { sealedRequestForTest } from './test-seal';

vi.setConfig({ testTimeout: 120_000 });

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');

/** Runs `npm run verify`'s script as a user would; answers its exit code and output. */
async function verify(args: string[]) {
  try {
    const { stdout } = await run(path.join(root, 'node_modules/.bin/tsx'), ['scripts/verify.ts', ...args], {
      cwd: root,
    });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

let t: TestApp;
let dir: string;
let evidence: Evidence;
let pdf: Uint8Array;
const file = (name: string) => path.join(dir, name);

beforeAll(async () => {
  t = await createTestApp();
  const owner = await organization(t);
  const sealed = await sealedRequestForTest(t, owner);
  pdf = sealed.bytes;
  const res = await call(
    t.app,
    'GET',
    `/api/enhanced-signature-requests/${sealed.seeded.requestId}/evidence`,
    owner.cookie,
  );
  evidence = res.json();
  dir = mkdtempSync(path.join(tmpdir(), 'locus-verify-'));
  writeFileSync(file('sealed.pdf'), pdf);
  writeFileSync(file('evidence.json'), res.body);
  writeFileSync(file('ca.pem'), evidence.certificates.authority);
}, 180_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

describe('npm run verify', () => {
  it('passes a sealed PDF with its evidence: signature, file hash and audit chain', async () => {
    const result = await verify([file('sealed.pdf'), '--evidence', file('evidence.json')]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('PASS  PDF signature');
    expect(result.stdout).toContain('PASS  File hash');
    expect(result.stdout).toContain('PASS  Audit chain');
    expect(result.stdout).toContain('VERIFIED');
    // With only the CA, the PDF signature alone is checked.
    const caOnly = await verify([file('sealed.pdf'), '--ca', file('ca.pem')]);
    expect(caOnly.code, caOnly.stdout).toBe(0);
  });

  it('fails a copy of the PDF with one byte changed', async () => {
    const tampered = Uint8Array.from(pdf);
    tampered[Buffer.from(tampered).indexOf('/MediaBox') + 1] ^= 0x01;
    writeFileSync(file('tampered.pdf'), tampered);
    const result = await verify([file('tampered.pdf'), '--evidence', file('evidence.json')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('FAIL  PDF signature');
    expect(result.stdout).toContain('FAIL  File hash');
    expect(result.stdout).toContain('NOT VERIFIED');
  });

  it('fails evidence whose audit event was edited, saying where', async () => {
    const edited = structuredClone(evidence);
    edited.auditEvents[1].ipAddress = '203.0.113.9';
    writeFileSync(file('edited.json'), JSON.stringify(edited));
    const result = await verify([file('sealed.pdf'), '--evidence', file('edited.json')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('FAIL  Audit chain');
    expect(result.stdout).toContain('Broken at event 2: The event was changed after it was recorded');
    expect(result.stdout).toContain('PASS  File hash');
  });

  it('refuses a file that is not evidence, and a call without a file', async () => {
    writeFileSync(file('other.json'), '{"hello":1}');
    const wrong = await verify([file('sealed.pdf'), '--evidence', file('other.json')]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('not in the locus-evidence/1 format');
    const none = await verify([]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('Usage: npm run verify');
  });
});
