import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { writeSql } from '../db/dialect';
import { deals, leads } from '../db/schema/crm';
import { inOrganization } from './tenant-scope';

describe('inOrganization', () => {
  it('gives an unfiltered list one condition object per organization and table, written the same', () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const condition = inOrganization(leads, first);
    expect(inOrganization(leads, first, undefined, undefined)).toBe(condition);
    expect(inOrganization(leads, second)).not.toBe(condition);
    expect(inOrganization(deals, first)).not.toBe(condition);
    const written = writeSql(condition);
    expect([written.sql, written.params]).toEqual(['"leads"."organization_id" = $1', [first]]);
    expect(writeSql(inOrganization(leads, second)).params).toEqual([second]);
    expect(writeSql(inOrganization(deals, first)).sql).toBe('"deals"."organization_id" = $1');
  });

  it('builds a new condition when a filter is given, the organization first', () => {
    const orgId = randomUUID();
    const filtered = inOrganization(leads, orgId, undefined, eq(leads.leadStatus, 'New'));
    expect(filtered).not.toBe(inOrganization(leads, orgId));
    const written = writeSql(filtered);
    expect([written.sql, written.params]).toEqual([
      '("leads"."organization_id" = $1 and "leads"."lead_status" = $2)',
      [orgId, 'New'],
    ]);
  });
});
