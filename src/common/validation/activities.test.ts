import { describe, expect, it } from 'vitest';
import {
  attachmentSizeMessage,
  attachmentUrlMessage,
  createActivitySchema,
  createLeadActivitySchema,
  isUploadedFileUrl,
  updateActivitySchema,
  updateLeadActivitySchema,
  uploadedFileUrl,
} from './activities';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const clientId = '7d9c4f0e-2f7a-4a8e-9a55-0b8f6a2b1c3d';
const valid = { type: 'call', subject: 'Intro call', clientId };

describe('createActivitySchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid on a client', input: valid, issues: [] },
    {
      name: 'valid on a deal',
      input: {
        type: 'task',
        subject: 'Send contract',
        dealId: clientId,
        status: 'pending',
        dueDate: '2025-07-01T09:00:00Z',
      },
      issues: [],
    },
    { name: 'null due date', input: { ...valid, dueDate: null }, issues: [] },
    {
      name: 'unknown type',
      input: { ...valid, type: 'sms' },
      issues: issue('type', 'Invalid activity type'),
    },
    { name: 'missing type', input: without(valid, 'type'), issues: issue('type', 'Invalid activity type') },
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
      name: 'unknown status',
      input: { ...valid, status: 'done' },
      issues: issue('status', 'Invalid status'),
    },
    {
      name: 'invalid due date',
      input: { ...valid, dueDate: 'next week' },
      issues: issue('dueDate', 'Due date must be a valid date'),
    },
    {
      name: 'invalid client id',
      input: { ...valid, clientId: '42' },
      issues: issue('clientId', 'Invalid client ID'),
    },
    {
      name: 'neither client nor deal',
      input: without(valid, 'clientId'),
      issues: issue('clientId', 'Either clientId or dealId is required'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createActivitySchema, input)).toEqual(issues);
  });

  it('reports the missing link together with other failing fields', () => {
    expect(issuesOf(createActivitySchema, { type: 'call' })).toEqual([
      { path: 'subject', message: 'Subject is required' },
      { path: 'clientId', message: 'Either clientId or dealId is required' },
    ]);
  });

  it('defaults the status to completed', () => {
    expect(createActivitySchema.parse(valid).status).toBe('completed');
  });
});

describe('updateActivitySchema', () => {
  it('accepts a status change alone, with no defaults', () => {
    expect(updateActivitySchema.parse({ status: 'pending' })).toEqual({ status: 'pending' });
    expect(updateActivitySchema.parse({})).toEqual({});
  });
});

describe('activity due dates', () => {
  const lead = { type: 'task', subject: 'Call back', leadId: clientId };
  const schemas = [
    ['createActivitySchema', createActivitySchema, valid],
    ['updateActivitySchema', updateActivitySchema, {}],
    ['createLeadActivitySchema', createLeadActivitySchema, lead],
    ['updateLeadActivitySchema', updateLeadActivitySchema, {}],
  ] as const;

  it.each(schemas)('%s reads a date alone as the end of that day (UTC)', (_, schema, base) => {
    expect(schema.parse({ ...base, dueDate: '2026-11-24' }).dueDate).toBe('2026-11-24T23:59:59.999Z');
  });

  it.each(schemas)('%s keeps the exact time of a date-time', (_, schema, base) => {
    expect(schema.parse({ ...base, dueDate: '2026-11-24T00:00:00Z' }).dueDate).toBe('2026-11-24T00:00:00Z');
    expect(schema.parse({ ...base, dueDate: '2026-11-24T09:15:00' }).dueDate).toBe('2026-11-24T09:15:00Z');
    expect(schema.parse({ ...base, dueDate: '2026-11-24T09:15:00+02:00' }).dueDate).toBe(
      '2026-11-24T09:15:00+02:00',
    );
  });

  it.each(schemas)('%s still clears a blank due date and refuses an impossible one', (_, schema, base) => {
    expect(schema.parse({ ...base, dueDate: '' }).dueDate).toBeNull();
    expect(issuesOf(schema, { ...base, dueDate: '2026-02-30' })).toEqual(
      issue('dueDate', 'Due date must be a valid date'),
    );
  });
});

describe('createLeadActivitySchema', () => {
  const lead = { type: 'note', subject: 'Left voicemail', leadId: clientId };
  const cases: IssueCase[] = [
    { name: 'valid', input: lead, issues: [] },
    { name: 'missing lead', input: without(lead, 'leadId'), issues: issue('leadId', 'Lead ID is required') },
    {
      name: 'empty subject',
      input: { ...lead, subject: ' ' },
      issues: issue('subject', 'Subject is required'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createLeadActivitySchema, input)).toEqual(issues);
  });

  it('update needs no lead', () => {
    expect(updateLeadActivitySchema.parse({ subject: 'Called back' })).toEqual({ subject: 'Called back' });
  });
});

describe('activity attachments', () => {
  const fileId = '0b8f6a2b-1c3d-4a8e-9a55-7d9c4f0e2f7a';
  const withAttachment = (attachment: unknown) => ({ ...valid, attachments: [attachment] });
  const cases: IssueCase[] = [
    {
      name: 'an https link',
      input: withAttachment({ name: 'Notice', url: 'https://example.com/n.pdf' }),
      issues: [],
    },
    {
      name: 'an http link',
      input: withAttachment({ name: 'Notice', url: 'http://example.com/n' }),
      issues: [],
    },
    {
      name: 'an uploaded file with its size',
      input: withAttachment({
        name: 'Deed.pdf',
        url: uploadedFileUrl(fileId, 'Deed (signed).pdf'),
        size: 2048,
      }),
      issues: [],
    },
    {
      name: 'an uploaded file with an encoded non-ASCII name',
      input: withAttachment({ name: 'Überweisung.pdf', url: uploadedFileUrl(fileId, 'Überweisung.pdf') }),
      issues: [],
    },
    { name: 'no attachments', input: { ...valid, attachments: [] }, issues: [] },
    {
      name: 'a javascript: link',
      input: withAttachment({ name: 'x', url: 'javascript:alert(1)' }),
      issues: issue('attachments.0.url', attachmentUrlMessage),
    },
    {
      name: 'a data: link',
      input: withAttachment({ name: 'x', url: 'data:text/html,<script>alert(1)</script>' }),
      issues: issue('attachments.0.url', attachmentUrlMessage),
    },
    {
      name: 'an ftp link',
      input: withAttachment({ name: 'x', url: 'ftp://example.com/file' }),
      issues: issue('attachments.0.url', attachmentUrlMessage),
    },
    {
      name: 'another path of ours',
      input: withAttachment({ name: 'x', url: '/api/users' }),
      issues: issue('attachments.0.url', attachmentUrlMessage),
    },
    {
      name: 'a file path without a uuid',
      input: withAttachment({ name: 'x', url: '/api/files/42/x.pdf' }),
      issues: issue('attachments.0.url', attachmentUrlMessage),
    },
    {
      name: 'a file path that climbs further',
      input: withAttachment({ name: 'x', url: `/api/files/${fileId}/a/../../users` }),
      issues: issue('attachments.0.url', attachmentUrlMessage),
    },
    {
      name: 'a protocol-relative link',
      input: withAttachment({ name: 'x', url: '//evil.example.com/x' }),
      issues: issue('attachments.0.url', attachmentUrlMessage),
    },
    {
      name: 'a number as the URL',
      input: withAttachment({ name: 'x', url: 42 }),
      issues: issue('attachments.0.url', attachmentUrlMessage),
    },
    {
      name: 'a missing URL',
      input: withAttachment({ name: 'x' }),
      issues: issue('attachments.0.url', attachmentUrlMessage),
    },
    {
      name: 'a blank name',
      input: withAttachment({ name: ' ', url: 'https://example.com' }),
      issues: issue('attachments.0.name', 'Attachment name is required'),
    },
    {
      name: 'a fractional size',
      input: withAttachment({ name: 'x', url: 'https://example.com', size: 1.5 }),
      issues: issue('attachments.0.size', attachmentSizeMessage),
    },
    {
      name: 'a negative size',
      input: withAttachment({ name: 'x', url: 'https://example.com', size: -1 }),
      issues: issue('attachments.0.size', attachmentSizeMessage),
    },
    {
      name: 'a size as text',
      input: withAttachment({ name: 'x', url: 'https://example.com', size: '12' }),
      issues: issue('attachments.0.size', attachmentSizeMessage),
    },
    {
      name: 'not an object',
      input: withAttachment('https://example.com'),
      issues: issue('attachments.0', 'Each attachment needs a name and a URL'),
    },
    {
      name: 'not a list',
      input: { ...valid, attachments: 'x' },
      issues: issue('attachments', 'Attachments must be a list'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createActivitySchema, input)).toEqual(issues);
    expect(
      issuesOf(createLeadActivitySchema, { ...(input as object), clientId: undefined, leadId: clientId }),
    ).toEqual(issues);
  });

  it('trims the URL and keeps the size', () => {
    const parsed = createActivitySchema.parse(
      withAttachment({ name: 'Deed.pdf', url: ` ${uploadedFileUrl(fileId, 'Deed.pdf')} `, size: 10 }),
    );
    expect(parsed.attachments).toEqual([
      { name: 'Deed.pdf', url: `/api/files/${fileId}/Deed.pdf`, size: 10 },
    ]);
  });

  it('tells an uploaded file from a link', () => {
    expect(isUploadedFileUrl(uploadedFileUrl(fileId, 'Deed.pdf'))).toBe(true);
    expect(isUploadedFileUrl('https://example.com/api/files/x')).toBe(false);
    expect(isUploadedFileUrl(`https://example.com/api/files/${fileId}/Deed.pdf`)).toBe(false);
  });

  it('an uploaded file link names the file readably', () => {
    expect(uploadedFileUrl(fileId, 'Claim form #2.pdf')).toBe(`/api/files/${fileId}/Claim%20form%20%232.pdf`);
  });
});
