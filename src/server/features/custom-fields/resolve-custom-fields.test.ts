import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganizationOwner, type SignedIn } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call as callApp } from '../users/test-helpers';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOrganizationOwner(t.app);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  callApp(t.app, method, url, owner.cookie, payload);

describe('custom fields on CRM records', () => {
  it('computes a surplus deal’s surplus and expected fee when it is saved', async () => {
    const res = await call('POST', '/api/deals', {
      dealName: '12 Palm Way surplus',
      stage: 'Research',
      customFields: { winningBid: '250,000', totalDebt: 150000, seniorLiens: 20000, locatorFeePercent: 30 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().customFields).toMatchObject({ surplusAmount: 80000, expectedFee: 24000 });

    const patched = await call('PATCH', `/api/deals/${res.json().id}`, {
      customFields: { seniorLiens: 30000 },
    });
    expect(patched.statusCode).toBe(200);
    // The other stored keys survive a partial update, and the computed values follow.
    expect(patched.json().customFields).toMatchObject({
      winningBid: 250000,
      surplusAmount: 70000,
      expectedFee: 21000,
    });
  });

  it('rejects a value of the wrong type with the field-level message', async () => {
    const res = await call('POST', '/api/deals', {
      dealName: 'Bad bid',
      stage: 'Research',
      customFields: { winningBid: 'lots' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'customFields.winningBid', message: 'Winning bid must be a number' },
    ]);
  });

  it('enforces a required custom field on create but not on unrelated updates', async () => {
    const field = await call('POST', '/api/custom-fields', {
      name: 'Case source',
      fieldKey: 'caseSource',
      fieldType: 'text',
      entityType: 'lead',
      isRequired: true,
    });
    expect(field.statusCode).toBe(201);
    const missing = await call('POST', '/api/leads', { fullName: 'Jordan Claimant' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { path: 'customFields.caseSource', message: 'Case source is required' },
    ]);

    const created = await call('POST', '/api/leads', {
      fullName: 'Jordan Claimant',
      customFields: { caseSource: 'County list' },
    });
    expect(created.statusCode).toBe(201);
    const renamed = await call('PATCH', `/api/leads/${created.json().id}`, {
      fullName: 'Jordan A. Claimant',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().customFields).toEqual({ caseSource: 'County list' });
  });

  it('lists the custom field errors beside the body’s own in one answer', async () => {
    const deal = await call('POST', '/api/deals', {
      dealName: 'X',
      stage: 'Research',
      customFields: { winningBid: 'lots' },
    });
    expect(deal.statusCode).toBe(400);
    expect(deal.json()).toEqual({
      message: 'Validation failed',
      errors: [
        { path: 'dealName', message: 'Deal name must be at least 2 characters' },
        { path: 'customFields.winningBid', message: 'Winning bid must be a number' },
      ],
    });

    const company = await call('POST', '/api/custom-fields', {
      name: 'Parcel count',
      fieldKey: 'parcelCount',
      fieldType: 'number',
      entityType: 'company',
      isRequired: true,
    });
    expect(company.statusCode).toBe(201);
    const missing = await call('POST', '/api/companies', { companyName: '' });
    expect(missing.json().errors).toEqual([
      { path: 'companyName', message: 'Company name must be at least 2 characters' },
      { path: 'customFields.parcelCount', message: 'Parcel count is required' },
    ]);
    const created = await call('POST', '/api/companies', {
      companyName: 'Gulf Title',
      customFields: { parcelCount: 3 },
    });
    expect(created.statusCode, created.body).toBe(201);
    // An update checks only the custom fields it sends.
    const patched = await call('PATCH', `/api/companies/${created.json().id}`, {
      companyName: '',
      customFields: { parcelCount: 'many' },
    });
    expect(patched.json().errors).toEqual([
      { path: 'companyName', message: 'Company name must be at least 2 characters' },
      { path: 'customFields.parcelCount', message: 'Parcel count must be a number' },
    ]);
    const renameOnly = await call('PATCH', `/api/companies/${created.json().id}`, { companyName: '' });
    expect(renameOnly.json().errors).toEqual([
      { path: 'companyName', message: 'Company name must be at least 2 characters' },
    ]);
  });

  it('takes null custom fields as none, and says so when they are not an object', async () => {
    const created = await call('POST', '/api/clients', { displayName: 'Ivy Moss', customFields: null });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().customFields).toEqual({});
    const patched = await call('PATCH', `/api/clients/${created.json().id}`, { customFields: null });
    expect(patched.statusCode, patched.body).toBe(200);
    const wrong = await call('POST', '/api/clients', { displayName: 'Ivy Moss', customFields: 'none' });
    expect(wrong.json().errors).toEqual([
      { path: 'customFields', message: 'Custom fields must be an object' },
    ]);
  });
});
