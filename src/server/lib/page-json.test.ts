import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOrganizationOwner } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';
import { pageSerializer } from './page-json';

interface Item {
  id: string;
  status: 'New' | 'Won' | null;
  at: Date;
  maybeAt: Date | null;
  amount: number | null;
  flag: boolean;
  tags: string[];
  custom: Record<string, unknown>;
}

const serialize = pageSerializer<Item>({
  id: 'text',
  status: 'text',
  at: 'timestamp',
  maybeAt: 'timestamp',
  amount: 'number',
  flag: 'boolean',
  tags: 'texts',
  custom: 'json',
});

describe('pageSerializer', () => {
  it('writes exactly what JSON.stringify writes, values and nulls alike', () => {
    const page = {
      items: [
        {
          id: 'a"b\\c\u2028</script>\n',
          status: 'Won' as const,
          at: new Date('2026-01-02T03:04:05.678Z'),
          maybeAt: new Date('2027-12-31T23:59:59.999Z'),
          amount: 1234.5,
          flag: true,
          tags: ['tax deed', 'émigré "quoted"'],
          custom: { county: 'Dade', bid: 125000.5, nested: { list: [1, null, 'x'] } },
        },
        {
          id: 'b',
          status: null,
          at: new Date(0),
          maybeAt: null,
          amount: null,
          flag: false,
          tags: [],
          custom: {},
        },
      ],
      nextCursor: 'eyJzIjoiLWNyZWF0ZWRBdCJ9',
      total: 2,
    };
    expect(serialize(page)).toBe(JSON.stringify(page));
    const last = { items: [], nextCursor: null, total: 0 };
    expect(serialize(last)).toBe(JSON.stringify(last));
  });
});

describe('list routes answering through sendPage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answer JSON with its content type, and errors as usual', async () => {
    const owner = await registerOrganizationOwner(t.app, {}, { withSampleData: true });
    for (const url of ['/api/leads', '/api/clients', '/api/companies', '/api/deals']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json().items.length).toBeGreaterThan(0);
      const bad = await t.app.inject({
        method: 'GET',
        url: `${url}?sort=nope`,
        headers: { cookie: owner.cookie },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(bad.json().message).toBe('Validation failed');
    }
  });
});
