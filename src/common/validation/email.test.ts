import { describe, expect, it } from 'vitest';
import {
  createEmailAccountSchema,
  createEmailSignatureSchema,
  createEmailTemplateSchema,
  emailContactMappingSchema,
  emailMessageSchema,
  emailSyncJobSchema,
  updateEmailTemplateSchema,
} from './email';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const id = '7d9c4f0e-2f7a-4a8e-9a55-0b8f6a2b1c3d';
const shortName = issue('name', 'Name must be at least 2 characters');

describe('createEmailAccountSchema', () => {
  const valid = { provider: 'gmail', email: 'ann@example.com', password: 'app-password' };
  const other = { ...valid, provider: 'imap', imapHost: 'imap.example.com', smtpHost: 'smtp.example.com' };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    {
      name: 'outlook, inbound only',
      input: { ...valid, provider: 'outlook', syncDirection: 'inbound' },
      issues: [],
    },
    { name: 'other server with both hosts', input: other, issues: [] },
    {
      name: 'other server without hosts',
      input: { ...valid, provider: 'imap' },
      issues: [...issue('imapHost', 'IMAP host is required'), ...issue('smtpHost', 'SMTP host is required')],
    },
    {
      name: 'no password',
      input: without(valid, 'password'),
      issues: issue('password', 'Password is required'),
    },
    {
      name: 'password over 1,024 characters',
      input: { ...valid, password: 'x'.repeat(1025) },
      issues: issue('password', 'Password must be at most 1,024 characters'),
    },
    {
      name: 'port out of range',
      input: { ...other, imapPort: 70000 },
      issues: issue('imapPort', 'IMAP port must be a number from 1 to 65535'),
    },
    {
      name: 'host with a scheme',
      input: { ...other, smtpHost: 'smtp://mail.example.com' },
      issues: issue('smtpHost', 'SMTP host must be a host name or IP address'),
    },
    {
      name: 'unknown security',
      input: { ...other, imapSecurity: 'ssl' },
      issues: issue('imapSecurity', 'IMAP security must be tls, starttls or none'),
    },
    {
      name: 'more than 50 folders',
      input: { ...valid, folderWhitelist: Array.from({ length: 51 }, (_, i) => `F${i}`) },
      issues: issue('folderWhitelist', 'At most 50 folders can be synced'),
    },
    {
      name: 'unknown provider',
      input: { ...valid, provider: 'yahoo' },
      issues: issue('provider', 'Invalid email provider'),
    },
    {
      name: 'invalid email',
      input: { ...valid, email: 'ann' },
      issues: issue('email', 'Please enter a valid email address'),
    },
    {
      name: 'unknown sync direction',
      input: { ...valid, syncDirection: 'both' },
      issues: issue('syncDirection', 'Invalid sync direction'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createEmailAccountSchema, input)).toEqual(issues);
  });
  it('defaults the sync direction to bidirectional', () => {
    expect(createEmailAccountSchema.parse(valid).syncDirection).toBe('bidirectional');
  });
});

describe('emailMessageSchema', () => {
  const valid = { accountId: id, direction: 'inbound', subject: 'Hello' };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    {
      name: 'unknown direction',
      input: { ...valid, direction: 'sideways' },
      issues: issue('direction', 'Invalid direction'),
    },
    {
      name: 'missing direction',
      input: without(valid, 'direction'),
      issues: issue('direction', 'Invalid direction'),
    },
    {
      name: 'missing account',
      input: without(valid, 'accountId'),
      issues: issue('accountId', 'Account ID is required'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(emailMessageSchema, input)).toEqual(issues);
  });
});

describe('emailContactMappingSchema', () => {
  const valid = {
    emailId: id,
    contactEmail: 'ann@example.com',
    entityType: 'lead',
    entityId: id,
    mappingType: 'primary',
  };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    {
      name: 'unknown entity type',
      input: { ...valid, entityType: 'deal' },
      issues: issue('entityType', 'Invalid entity type'),
    },
    {
      name: 'unknown mapping type',
      input: { ...valid, mappingType: 'to' },
      issues: issue('mappingType', 'Invalid mapping type'),
    },
    {
      name: 'invalid contact email',
      input: { ...valid, contactEmail: 'x' },
      issues: issue('contactEmail', 'Please enter a valid email address'),
    },
    {
      name: 'confidence above 1',
      input: { ...valid, confidence: 1.5 },
      issues: issue('confidence', 'Confidence must be between 0 and 1'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(emailContactMappingSchema, input)).toEqual(issues);
  });
  it('defaults the confidence to 1', () => {
    expect(emailContactMappingSchema.parse(valid).confidence).toBe(1);
  });
});

describe('emailSyncJobSchema', () => {
  const valid = { accountId: id, jobType: 'full_sync' };
  it('accepts the three job types and defaults to pending', () => {
    for (const jobType of ['full_sync', 'incremental_sync', 'send_email']) {
      expect(issuesOf(emailSyncJobSchema, { ...valid, jobType })).toEqual([]);
    }
    expect(emailSyncJobSchema.parse(valid).status).toBe('pending');
  });
  it('rejects unknown job types and statuses', () => {
    expect(issuesOf(emailSyncJobSchema, { ...valid, jobType: 'sync' })).toEqual(
      issue('jobType', 'Invalid job type'),
    );
    expect(issuesOf(emailSyncJobSchema, { ...valid, status: 'stuck' })).toEqual(
      issue('status', 'Invalid status'),
    );
  });
});

describe('createEmailTemplateSchema', () => {
  const valid = {
    name: 'Welcome',
    category: 'onboarding',
    subject: 'Welcome aboard',
    bodyHtml: '<p>Hi {{firstName}}</p>',
  };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    { name: 'follow-up category', input: { ...valid, category: 'follow-up' }, issues: [] },
    { name: 'short name', input: { ...valid, name: 'W' }, issues: shortName },
    {
      name: 'unknown category',
      input: { ...valid, category: 'marketing' },
      issues: issue('category', 'Invalid category'),
    },
    {
      name: 'empty subject',
      input: { ...valid, subject: '' },
      issues: issue('subject', 'Subject is required'),
    },
    {
      name: 'missing subject',
      input: without(valid, 'subject'),
      issues: issue('subject', 'Subject is required'),
    },
    {
      name: 'empty content',
      input: { ...valid, bodyHtml: '' },
      issues: issue('bodyHtml', 'Email content is required'),
    },
    {
      name: 'missing content',
      input: without(valid, 'bodyHtml'),
      issues: issue('bodyHtml', 'Email content is required'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createEmailTemplateSchema, input)).toEqual(issues);
  });
  it('update accepts a subject change alone', () => {
    expect(updateEmailTemplateSchema.parse({ subject: 'Hi' })).toEqual({ subject: 'Hi' });
  });
});

describe('createEmailSignatureSchema', () => {
  const valid = { name: 'Default', bodyHtml: '<p>Ann Lee</p>' };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    { name: 'short name', input: { ...valid, name: 'D' }, issues: shortName },
    {
      name: 'empty content',
      input: { ...valid, bodyHtml: ' ' },
      issues: issue('bodyHtml', 'Signature content is required'),
    },
    {
      name: 'missing content',
      input: without(valid, 'bodyHtml'),
      issues: issue('bodyHtml', 'Signature content is required'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createEmailSignatureSchema, input)).toEqual(issues);
  });
});
