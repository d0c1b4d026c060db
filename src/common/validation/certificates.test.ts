import { describe, expect, it } from 'vitest';
import {
  describeCertificateKey,
  eddsaSealingMessage,
  issueCertificateSchema,
  updateCertificateSchema,
} from './certificates';
import { type IssueCase, issue, issuesOf } from './test-helpers';

describe('issueCertificateSchema', () => {
  const cases: IssueCase[] = [
    { name: 'defaults only', input: {}, issues: [] },
    { name: 'ECDSA P-384', input: { algorithm: 'ECDSA', keySize: 7680 }, issues: [] },
    { name: 'RSA 8192', input: { algorithm: 'RSA', keySize: 8192 }, issues: [] },
    {
      name: 'EdDSA is refused with the reason',
      input: { algorithm: 'EdDSA' },
      issues: issue('algorithm', eddsaSealingMessage),
    },
    {
      name: 'unknown algorithm',
      input: { algorithm: 'DSA' },
      issues: issue('algorithm', 'Invalid algorithm'),
    },
    {
      name: 'key too small',
      input: { keySize: 512 },
      issues: issue('keySize', 'Key size must be at least 1024'),
    },
    {
      name: 'key too large',
      input: { keySize: 16384 },
      issues: issue('keySize', 'Key size must be at most 8192'),
    },
    {
      name: 'not whole bytes',
      input: { keySize: 2050 },
      issues: issue('keySize', 'Key size must be a multiple of 8'),
    },
    {
      name: 'not a whole number',
      input: { keySize: 2048.5 },
      issues: issue('keySize', 'Key size must be a whole number'),
    },
    { name: 'text', input: { keySize: '2048' }, issues: issue('keySize', 'Key size must be a number') },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(issueCertificateSchema, input)).toEqual(issues);
  });
  it('defaults to RSA 2048 (spec §9)', () => {
    expect(issueCertificateSchema.parse({})).toEqual({ algorithm: 'RSA', keySize: 2048 });
  });
  it('the EdDSA message says why and what to choose instead', () => {
    expect(eddsaSealingMessage).toMatch(/PDF/);
    expect(eddsaSealingMessage).toMatch(/RSA or ECDSA/);
  });
});

describe('updateCertificateSchema', () => {
  it('takes isActive only as a boolean', () => {
    expect(issuesOf(updateCertificateSchema, { isActive: false })).toEqual([]);
    expect(issuesOf(updateCertificateSchema, { isActive: 'no' })).toEqual(
      issue('isActive', 'isActive must be true or false'),
    );
  });
});

describe('describeCertificateKey', () => {
  it('reads RSA by bits and ECDSA by the curve its strength picks', () => {
    expect(describeCertificateKey({ algorithm: 'RSA', keySize: 4096 })).toBe('RSA 4096 bits');
    expect(describeCertificateKey({ algorithm: 'ECDSA', keySize: 2048 })).toBe('ECDSA P-256');
    expect(describeCertificateKey({ algorithm: 'ECDSA', keySize: 7680 })).toBe('ECDSA P-384');
    expect(describeCertificateKey({ algorithm: 'ECDSA', keySize: 8192 })).toBe('ECDSA P-521');
  });
});
