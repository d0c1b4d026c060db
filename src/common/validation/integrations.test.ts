import { describe, expect, it } from 'vitest';
import {
  apiKeyRecordSchema,
  createApiKeySchema,
  createImportJobSchema,
  createIntegrationSchema,
  webhookLogSchema,
} from './integrations';
import { type IssueCase, issue, issuesOf, without } from './test-helpers';

const shortName = issue('name', 'Name must be at least 2 characters');

describe('createIntegrationSchema', () => {
  const valid = { name: 'Zapier', type: 'webhook' };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    { name: 'short name', input: { ...valid, name: 'Z' }, issues: shortName },
    {
      name: 'unknown type',
      input: { ...valid, type: 'ftp' },
      issues: issue('type', 'Invalid integration type'),
    },
    {
      name: 'unknown status',
      input: { ...valid, status: 'paused' },
      issues: issue('status', 'Invalid status'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createIntegrationSchema, input)).toEqual(issues);
  });
  it('defaults the status to active', () => {
    expect(createIntegrationSchema.parse(valid).status).toBe('active');
  });
});

describe('createApiKeySchema', () => {
  const cases: IssueCase[] = [
    { name: 'valid', input: { name: 'Importer', permissions: ['read', 'write'] }, issues: [] },
    { name: 'short name', input: { name: 'I' }, issues: shortName },
    {
      name: 'unknown permission',
      input: { name: 'Importer', permissions: ['read', 'delete'] },
      issues: issue('permissions.1', 'Invalid permission'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createApiKeySchema, input)).toEqual(issues);
  });
  it('defaults the permissions to read', () => {
    expect(createApiKeySchema.parse({ name: 'Importer' }).permissions).toEqual(['read']);
  });
  it('the stored key requires createdBy and organizationId', () => {
    expect(issuesOf(apiKeyRecordSchema, { name: 'Importer' })).toEqual([
      { path: 'organizationId', message: 'Organization ID is required' },
      { path: 'createdBy', message: 'Created by is required' },
    ]);
  });
});

describe('webhookLogSchema', () => {
  const valid = { webhookUrl: 'https://hooks.example.com/in', entityType: 'leads' };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    { name: 'PUT', input: { ...valid, method: 'PUT' }, issues: [] },
    {
      name: 'invalid URL',
      input: { ...valid, webhookUrl: 'not a url' },
      issues: issue('webhookUrl', 'Must be a valid URL'),
    },
    {
      name: 'missing URL',
      input: without(valid, 'webhookUrl'),
      issues: issue('webhookUrl', 'Must be a valid URL'),
    },
    { name: 'GET method', input: { ...valid, method: 'GET' }, issues: issue('method', 'Invalid method') },
    {
      name: 'unknown entity type',
      input: { ...valid, entityType: 'lead' },
      issues: issue('entityType', 'Invalid entity type'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(webhookLogSchema, input)).toEqual(issues);
  });
  it('defaults the method to POST', () => {
    expect(webhookLogSchema.parse(valid).method).toBe('POST');
  });
});

describe('createImportJobSchema', () => {
  const valid = { name: 'March leads', entityType: 'leads', sourceType: 'csv' };
  const cases: IssueCase[] = [
    { name: 'valid', input: valid, issues: [] },
    { name: 'short name', input: { ...valid, name: 'M' }, issues: shortName },
    {
      name: 'unknown entity type',
      input: { ...valid, entityType: 'users' },
      issues: issue('entityType', 'Invalid entity type'),
    },
    {
      name: 'unknown source type',
      input: { ...valid, sourceType: 'xlsx' },
      issues: issue('sourceType', 'Invalid source type'),
    },
  ];
  it.each(cases)('$name', ({ input, issues }) => {
    expect(issuesOf(createImportJobSchema, input)).toEqual(issues);
  });
  it('defaults the status to pending', () => {
    expect(createImportJobSchema.parse(valid).status).toBe('pending');
  });
});
