import { describe, expect, it } from 'vitest';
import {
  createDocumentInstanceSchema,
  createDocumentTemplateSchema,
  createSignatureFieldSchema,
  documentShareSchema,
  signatureSchema,
  signingWorkflowSchema,
  updateDocumentInstanceSchema,
  updateSignatureFieldSchema,
} from './documents';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const id = '7d9c4f0e-2f7a-4a8e-9a55-0b8f6a2b1c3d';
const shortName = issue('name', 'Name must be at least 2 characters');

describe('createDocumentTemplateSchema', () => {
  const valid = { name: 'Finder agreement', templateType: 'contract', content: '<p>{{client.name}}</p>' };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    { name: 'short name', input: { ...valid, name: 'F' }, issues: shortName },
    {
      name: 'missing type',
      input: without(valid, 'templateType'),
      issues: issue('templateType', 'Template type is required'),
    },
    {
      name: 'empty content',
      input: { ...valid, content: '' },
      issues: issue('content', 'Content is required'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createDocumentTemplateSchema, input)).toEqual(issues);
  });
});

describe('createDocumentInstanceSchema', () => {
  const valid = { name: 'Agreement for Ann', content: '<p>Ann</p>', clientId: id };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    { name: 'short name', input: { ...valid, name: 'A' }, issues: shortName },
    {
      name: 'missing content without a template',
      input: without(valid, 'content'),
      issues: issue('content', 'Content is required'),
    },
    {
      name: 'blank content without a template',
      input: { ...valid, content: '   ' },
      issues: issue('content', 'Content is required'),
    },
    {
      name: 'a template instead of content',
      input: { ...without(valid, 'content'), templateId: id },
      issues: [],
    },
    {
      name: 'bad deal id',
      input: { ...valid, dealId: 'deal-1' },
      issues: issue('dealId', 'Invalid deal ID'),
    },
    {
      name: 'content over 2,000,000 characters',
      input: { ...valid, content: 'x'.repeat(2_000_001) },
      issues: issue('content', 'Content must be at most 2,000,000 characters'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createDocumentInstanceSchema, input)).toEqual(issues);
  });
});

describe('updateDocumentInstanceSchema', () => {
  it('takes draft and locked_for_signing only as statuses', () => {
    expect(issuesOf(updateDocumentInstanceSchema, { status: 'locked_for_signing' })).toEqual([]);
    expect(issuesOf(updateDocumentInstanceSchema, { status: 'signed' })).toEqual(
      issue('status', 'Status can only be changed between draft and locked_for_signing here'),
    );
  });
  it('refuses blank content and a short name', () => {
    expect(issuesOf(updateDocumentInstanceSchema, { content: ' ', name: 'A' })).toEqual([
      ...shortName,
      ...issue('content', 'Content is required'),
    ]);
  });
});

describe('createSignatureFieldSchema', () => {
  const valid = {
    documentInstanceId: id,
    fieldName: 'Client signature',
    signerEmail: 'ann@example.com',
    xPosition: 0,
    yPosition: 120,
  };
  const cases: IssueCase[] = [
    { name: 'valid on an instance', input: valid, issues: [] },
    {
      name: 'valid on a template',
      input: { ...without(valid, 'documentInstanceId'), templateId: id },
      issues: [],
    },
    {
      name: 'neither instance nor template',
      input: without(valid, 'documentInstanceId'),
      issues: issue('documentInstanceId', 'Either documentInstanceId or templateId is required'),
    },
    {
      name: 'both blank',
      input: { ...valid, documentInstanceId: '', templateId: '' },
      issues: issue('documentInstanceId', 'Either documentInstanceId or templateId is required'),
    },
    {
      name: 'missing field name',
      input: without(valid, 'fieldName'),
      issues: issue('fieldName', 'Field name is required'),
    },
    {
      name: 'invalid signer email',
      input: { ...valid, signerEmail: 'ann' },
      issues: issue('signerEmail', 'Must be a valid email'),
    },
    {
      name: 'missing signer email',
      input: without(valid, 'signerEmail'),
      issues: issue('signerEmail', 'Must be a valid email'),
    },
    {
      name: 'negative x',
      input: { ...valid, xPosition: -1 },
      issues: issue('xPosition', 'X position must be at least 0'),
    },
    {
      name: 'negative y',
      input: { ...valid, yPosition: -1 },
      issues: issue('yPosition', 'Y position must be at least 0'),
    },
    {
      name: 'no position (smart positioning)',
      input: { ...valid, xPosition: undefined, yPosition: undefined },
      issues: [],
    },
    {
      name: 'x not a number',
      input: { ...valid, xPosition: '10' },
      issues: issue('xPosition', 'X position must be a number'),
    },
    {
      name: 'fractional y',
      input: { ...valid, yPosition: 0.5 },
      issues: issue('yPosition', 'Y position must be a whole number'),
    },
    {
      name: 'fractional width',
      input: { ...valid, width: 60.5 },
      issues: issue('width', 'Width must be a whole number'),
    },
    { name: 'narrow', input: { ...valid, width: 49 }, issues: issue('width', 'Width must be at least 50') },
    { name: 'short', input: { ...valid, height: 19 }, issues: issue('height', 'Height must be at least 20') },
    { name: 'minimum size allowed', input: { ...valid, width: 50, height: 20 }, issues: [] },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createSignatureFieldSchema, input)).toEqual(issues);
  });

  it('reports the missing document together with other failing fields', () => {
    expect(
      issuesOf(createSignatureFieldSchema, { ...without(valid, 'documentInstanceId'), signerEmail: 'ann' }),
    ).toEqual([
      { path: 'signerEmail', message: 'Must be a valid email' },
      { path: 'documentInstanceId', message: 'Either documentInstanceId or templateId is required' },
    ]);
  });

  it('reports only the id error when the id itself is invalid', () => {
    expect(issuesOf(createSignatureFieldSchema, { ...valid, documentInstanceId: 'doc-1' })).toEqual(
      issue('documentInstanceId', 'Invalid document instance ID'),
    );
  });

  it('rejects a non-object without throwing', () => {
    expect(issuesOf(createSignatureFieldSchema, null)).toHaveLength(1);
  });

  it('applies the storage defaults', () => {
    expect(createSignatureFieldSchema.parse(valid)).toMatchObject({
      fieldType: 'signature',
      width: 200,
      height: 50,
      anchorPosition: 'after',
      offsetX: 10,
      offsetY: 0,
    });
  });

  it('update keeps the size rules without the refine or defaults', () => {
    expect(updateSignatureFieldSchema.parse({ xPosition: 5 })).toEqual({ xPosition: 5 });
    expect(issuesOf(updateSignatureFieldSchema, { width: 10 })).toEqual(
      issue('width', 'Width must be at least 50'),
    );
  });
});

describe('signatureSchema', () => {
  it('requires the signature data', () => {
    expect(
      issuesOf(signatureSchema, { signatureFieldId: id, signatureData: 'data:image/png;base64,AAAA' }),
    ).toEqual([]);
    expect(issuesOf(signatureSchema, { signatureFieldId: id })).toEqual(
      issue('signatureData', 'Signature data is required'),
    );
    expect(issuesOf(signatureSchema, { signatureData: 'x', signerEmail: 'ann' })).toEqual(
      issue('signerEmail', 'Must be a valid email'),
    );
  });
});

describe('signingWorkflowSchema', () => {
  const valid = { documentInstanceId: id, totalSteps: 2, currentStep: 1 };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    {
      name: 'zero steps',
      input: { ...valid, totalSteps: 0 },
      issues: issue('totalSteps', 'Total steps must be at least 1'),
    },
    {
      name: 'step zero',
      input: { ...valid, currentStep: 0 },
      issues: issue('currentStep', 'Current step must be at least 1'),
    },
    {
      name: 'unknown order',
      input: { ...valid, signingOrder: 'random' },
      issues: issue('signingOrder', 'Invalid signing order'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(signingWorkflowSchema, input)).toEqual(issues);
  });
  it('defaults to a parallel, active workflow', () => {
    expect(signingWorkflowSchema.parse(valid)).toMatchObject({ signingOrder: 'parallel', status: 'active' });
  });
});

describe('documentShareSchema', () => {
  const valid = { documentInstanceId: id, recipientEmail: 'bob@example.com', signingOrder: 1 };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    { name: 'view access', input: { ...valid, accessType: 'view' }, issues: [] },
    {
      name: 'invalid recipient email',
      input: { ...valid, recipientEmail: 'bob' },
      issues: issue('recipientEmail', 'Please enter a valid email address'),
    },
    {
      name: 'unknown access type',
      input: { ...valid, accessType: 'edit' },
      issues: issue('accessType', 'Invalid access type'),
    },
    {
      name: 'signing order 0',
      input: { ...valid, signingOrder: 0 },
      issues: issue('signingOrder', 'Signing order must be at least 1'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(documentShareSchema, input)).toEqual(issues);
  });
  it('defaults the access type to sign', () => {
    expect(documentShareSchema.parse(valid).accessType).toBe('sign');
  });
});
