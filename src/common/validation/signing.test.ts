import { describe, expect, it } from 'vitest';
import {
  createCertificateSchema,
  createEnhancedFieldSchema,
  createSignatureRecipientSchema,
  createSignatureRequestSchema,
  enhancedSignatureRecordSchema,
  signatureRequestRecordSchema,
  submitEnhancedSignatureSchema,
} from './signing';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const id = '7d9c4f0e-2f7a-4a8e-9a55-0b8f6a2b1c3d';

describe('createCertificateSchema', () => {
  const cases: IssueCase[] = [
    { name: 'defaults only', input: {}, issues: [] },
    { name: 'EdDSA', input: { algorithm: 'EdDSA', keySize: 4096 }, issues: [] },
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
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createCertificateSchema, input)).toEqual(issues);
  });
  it('defaults to RSA 2048', () => {
    expect(createCertificateSchema.parse({})).toEqual({ algorithm: 'RSA', keySize: 2048 });
  });
});

describe('createSignatureRequestSchema', () => {
  const valid = { title: 'Finder agreement', documentInstanceId: id };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    { name: 'missing title', input: without(valid, 'title'), issues: issue('title', 'Title is required') },
    {
      name: 'unknown compliance',
      input: { ...valid, legalCompliance: 'eidas' },
      issues: issue('legalCompliance', 'Invalid legal compliance'),
    },
    {
      name: 'unknown signature type',
      input: { ...valid, signatureType: 'random' },
      issues: issue('signatureType', 'Invalid signature type'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createSignatureRequestSchema, input)).toEqual(issues);
  });
  it('defaults to UETA, sequential', () => {
    expect(createSignatureRequestSchema.parse(valid)).toMatchObject({
      legalCompliance: 'ueta',
      signatureType: 'sequential',
    });
  });
  it('the stored request requires the document hash', () => {
    expect(issuesOf(signatureRequestRecordSchema, { ...valid, organizationId: id })).toEqual(
      issue('documentHash', 'Document hash is required'),
    );
  });
});

describe('createSignatureRecipientSchema', () => {
  const valid = { email: 'bob@example.com', name: 'Bob' };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    { name: 'missing name', input: without(valid, 'name'), issues: issue('name', 'Name is required') },
    {
      name: 'invalid email',
      input: { ...valid, email: 'bob' },
      issues: issue('email', 'Please enter a valid email address'),
    },
    { name: 'unknown role', input: { ...valid, role: 'witness' }, issues: issue('role', 'Invalid role') },
    {
      name: 'unknown auth method',
      input: { ...valid, authMethod: 'fax' },
      issues: issue('authMethod', 'Invalid authentication method'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createSignatureRecipientSchema, input)).toEqual(issues);
  });
  it('defaults to a signer authenticated by email', () => {
    expect(createSignatureRecipientSchema.parse(valid)).toMatchObject({
      role: 'signer',
      authMethod: 'email',
    });
  });
});

describe('createEnhancedFieldSchema', () => {
  const valid = { fieldType: 'signature', xPosition: 10, yPosition: 10 };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    { name: 'minimum size allowed', input: { ...valid, width: 20, height: 10 }, issues: [] },
    {
      name: 'unknown field type',
      input: { ...valid, fieldType: 'file' },
      issues: issue('fieldType', 'Invalid field type'),
    },
    { name: 'narrow', input: { ...valid, width: 19 }, issues: issue('width', 'Width must be at least 20') },
    { name: 'short', input: { ...valid, height: 9 }, issues: issue('height', 'Height must be at least 10') },
    {
      name: 'unknown validation type',
      input: { ...valid, validationType: 'zip' },
      issues: issue('validationType', 'Invalid validation type'),
    },
    { name: 'page 0', input: { ...valid, page: 0 }, issues: issue('page', 'Page must be at least 1') },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createEnhancedFieldSchema, input)).toEqual(issues);
  });
  it('applies the spec defaults', () => {
    expect(createEnhancedFieldSchema.parse(valid)).toMatchObject({
      width: 150,
      height: 50,
      page: 1,
      fontSize: 12,
      fontFamily: 'Arial',
    });
  });
});

describe('enhanced signatures', () => {
  const submitted = { fieldId: id, signatureType: 'drawn', signatureData: 'M0 0 L10 10' };
  it('checks the signature type', () => {
    expect(issuesOf(submitEnhancedSignatureSchema, submitted)).toEqual([]);
    expect(issuesOf(submitEnhancedSignatureSchema, { ...submitted, signatureType: 'scribbled' })).toEqual(
      issue('signatureType', 'Invalid signature type'),
    );
  });
  it('the stored signature requires hash, IP address and user agent', () => {
    expect(
      issuesOf(enhancedSignatureRecordSchema, { ...submitted, signatureRequestId: id, recipientId: id }),
    ).toEqual([
      { path: 'cryptographicHash', message: 'Signature hash is required' },
      { path: 'ipAddress', message: 'IP address is required' },
      { path: 'userAgent', message: 'User agent is required' },
    ]);
  });
});
