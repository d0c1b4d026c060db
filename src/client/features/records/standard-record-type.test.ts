import { Target } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { clientsPath } from '../clients/api';
import { companiesPath } from '../companies/api';
import { dealsPath } from '../deals/api';
import { leadsPath } from '../leads/api';
import { standardRecordType } from './standard-record-type';

const apiPathOf = (
  key: 'leads' | 'clients' | 'companies' | 'deals',
  one: 'lead' | 'client' | 'company' | 'deal',
) => standardRecordType(key, one, Target, '').apiPath;

describe('standardRecordType', () => {
  it('derives a standard type’s paths, nouns, title, permission and custom fields from its plural', () => {
    expect(standardRecordType('leads', 'lead', Target, 'Every prospect.')).toEqual({
      key: 'leads',
      apiPath: '/api/leads',
      appPath: '/leads',
      noun: { one: 'lead', other: 'leads' },
      title: 'Leads',
      description: 'Every prospect.',
      icon: Target,
      permission: 'leads',
      customFieldEntityType: 'lead',
    });
  });

  it('answers the API paths the features call', () => {
    expect(apiPathOf('leads', 'lead')).toBe(leadsPath);
    expect(apiPathOf('clients', 'client')).toBe(clientsPath);
    expect(apiPathOf('companies', 'company')).toBe(companiesPath);
    expect(apiPathOf('deals', 'deal')).toBe(dealsPath);
    expect(standardRecordType('companies', 'company', Target, '').title).toBe('Companies');
  });
});
