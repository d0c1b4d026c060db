import { describe, expect, it } from 'vitest';
import { importTargetsOf } from '../../../server/features/imports/import-targets';
import {
  applySavedMapping,
  autoMatchColumns,
  duplicateTargets,
  type ImportField,
  mappedOnly,
  missingRequiredFields,
  normalizeHeader,
  sharedHeaderCount,
} from './column-matching';

const leadFields: ImportField[] = [
  { key: 'fullName', label: 'Full name', required: true },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'businessName', label: 'Business name' },
  { key: 'leadSource', label: 'Lead source' },
  { key: 'leadStatus', label: 'Lead status' },
  { key: 'ownerEmail', label: 'Owner (e-mail)' },
  { key: 'tags', label: 'Tags' },
  { key: 'notes', label: 'Notes' },
  { key: 'customFields.caseNumber', label: 'Case number', group: 'custom' },
  { key: 'customFields.parcel', label: 'Parcel ID', group: 'custom', aliases: ['apn'] },
];

describe('normalizeHeader', () => {
  it('reads case, spaces, punctuation and accents alike', () => {
    expect(normalizeHeader(' E-mail Address ')).toBe('emailaddress');
    expect(normalizeHeader('email_address')).toBe('emailaddress');
    expect(normalizeHeader('Téléphone')).toBe('telephone');
    expect(normalizeHeader('#')).toBe('');
  });
});

describe('autoMatchColumns', () => {
  it('matches keys, labels, synonyms and aliases, case- and punctuation-blind', () => {
    const headers = [
      'Full Name',
      'E-mail Address',
      'Mobile',
      'Company',
      'Owner',
      'Tag',
      'Case #',
      'case_number',
      'APN',
    ];
    expect(autoMatchColumns(headers, leadFields)).toEqual({
      'Full Name': 'fullName',
      'E-mail Address': 'email',
      Mobile: 'phone',
      Company: 'businessName',
      Owner: 'ownerEmail',
      Tag: 'tags',
      case_number: 'customFields.caseNumber',
      APN: 'customFields.parcel',
    });
  });

  it('gives a field one column: the first one, and an own name beats a synonym', () => {
    expect(autoMatchColumns(['Mobile', 'Phone', 'Email', 'email'], leadFields)).toEqual({
      Phone: 'phone',
      Email: 'email',
    });
  });

  it('leaves unknown columns unmapped', () => {
    expect(autoMatchColumns(['Shoe size', ''], leadFields)).toEqual({});
  });
});

describe('applySavedMapping', () => {
  it('takes the saved choices for known headers, matches the rest, and drops fields that are gone', () => {
    const saved = { Contact: 'fullName', Mail: 'email', Junk: '', Old: 'cf_deleted' };
    expect(
      applySavedMapping(['contact', 'MAIL', 'Junk', 'Old', 'Phone', 'Full name'], leadFields, saved),
    ).toEqual({
      contact: 'fullName',
      MAIL: 'email',
      Junk: '',
      Old: '',
      Phone: 'phone',
    });
  });
});

describe('mapping checks', () => {
  it('counts shared headers, strips skipped columns, finds missing required and doubled fields', () => {
    expect(sharedHeaderCount(['Name', 'E-mail', 'X'], { name: 'fullName', email: 'email' })).toBe(2);
    expect(mappedOnly({ a: 'email', b: '' })).toEqual({ a: 'email' });
    expect(missingRequiredFields({ a: 'email' }, leadFields).map((f) => f.key)).toEqual(['fullName']);
    expect(missingRequiredFields({ a: 'fullName' }, leadFields)).toEqual([]);
    expect(duplicateTargets({ a: 'email', b: 'email', c: 'phone', d: '', e: '' })).toEqual(['email']);
  });
});

// The fields the wizard gets (GET /api/import-jobs/fields) come from these targets.
const fieldsOf = (entity: 'leads' | 'clients' | 'companies' | 'deals') => importTargetsOf(entity, []);

describe('against the server’s import fields', () => {
  it('matches a typical spreadsheet of each record type to real field keys', () => {
    expect(autoMatchColumns(['Name', 'Email', 'Cell', 'Owner', 'Source', 'Tags'], fieldsOf('leads'))).toEqual(
      {
        Name: 'fullName',
        Email: 'email',
        Cell: 'phone',
        Owner: 'ownerEmail',
        Source: 'leadSource',
        Tags: 'tags',
      },
    );
    expect(autoMatchColumns(['Client', 'E-mail', 'Street', 'Zip code'], fieldsOf('clients'))).toEqual({
      Client: 'displayName',
      'E-mail': 'email',
      Street: 'addressLine1',
      'Zip code': 'zip',
    });
    expect(autoMatchColumns(['Company', 'Website', 'HQ'], fieldsOf('companies'))).toEqual({
      Company: 'companyName',
      Website: 'website',
      HQ: 'hqLocation',
    });
    expect(autoMatchColumns(['Deal', 'Amount', 'Stage', 'Close date'], fieldsOf('deals'))).toEqual({
      Deal: 'dealName',
      Amount: 'dealValue',
      Stage: 'stageName',
      'Close date': 'expectedCloseDate',
    });
  });

  it('never names a field the server does not offer', () => {
    for (const entity of ['leads', 'clients', 'companies', 'deals'] as const) {
      const fields = fieldsOf(entity);
      const keys = new Set(fields.map((field) => field.key));
      const headers = fields.flatMap((field) => [field.label, field.key]);
      for (const key of Object.values(autoMatchColumns(headers, fields))) expect(keys.has(key)).toBe(true);
      // Each field's own label finds it.
      expect(
        Object.keys(
          autoMatchColumns(
            fields.map((f) => f.label),
            fields,
          ),
        ),
      ).toHaveLength(fields.length);
    }
  });
});
