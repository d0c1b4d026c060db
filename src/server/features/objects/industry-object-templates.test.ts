import { describe, expect, it } from 'vitest';
import { industrySectorValues } from '../../../common/constants';
import { checkCustomFields } from '../custom-fields/validate-custom-fields';
import { findObjectTemplate, industryObjectTemplates } from './industry-object-templates';

const fieldsOf = (key: string) => findObjectTemplate(key)?.fields ?? [];

describe('industry object templates', () => {
  it('give every sector two to three objects, with unique keys', () => {
    for (const sector of industrySectorValues) {
      const count = industryObjectTemplates.filter((template) => template.industry === sector).length;
      expect(count, sector).toBeGreaterThanOrEqual(2);
      expect(count, sector).toBeLessThanOrEqual(3);
    }
    const keys = industryObjectTemplates.map((template) => template.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('give a surplus funds locator Properties, Heirs and Court filings with the issue’s fields', () => {
    const surplus = industryObjectTemplates.filter((t) => t.industry === 'Surplus Funds Locator');
    expect(surplus.map((t) => [t.entityType, t.pluralName, t.permissionCategory])).toEqual([
      ['property', 'Properties', 'deals'],
      ['heir', 'Heirs', 'clients'],
      ['court_filing', 'Court filings', 'deals'],
    ]);
    const names = (key: string) => fieldsOf(key).map((field) => `${field.fieldName}:${field.fieldType}`);
    expect(names('surplus-properties')).toEqual(
      expect.arrayContaining([
        'parcelNumber:text',
        'propertyAddress:text',
        'county:text',
        'saleType:select',
        'saleDate:date',
        'assessedValue:currency',
        'openingBid:currency',
        'salePrice:currency',
        'surplusAmount:currency',
      ]),
    );
    expect(fieldsOf('surplus-properties').find((f) => f.fieldName === 'saleType')?.options).toEqual([
      'Tax deed sale',
      'Sheriff sale / foreclosure',
      'Mortgage foreclosure',
      'HOA foreclosure',
    ]);
    expect(names('surplus-heirs')).toEqual(
      expect.arrayContaining([
        'relationship:select',
        'sharePercent:number',
        'email:email',
        'phone:phone',
        'mailingAddress:textarea',
        'deceased:checkbox',
      ]),
    );
    expect(fieldsOf('surplus-heirs').find((f) => f.fieldName === 'sharePercent')?.validationRules).toEqual({
      min: 0,
      max: 100,
    });
    expect(names('surplus-court-filings')).toEqual(
      expect.arrayContaining([
        'court:text',
        'caseNumber:text',
        'filingDate:date',
        'hearingDate:date',
        'status:select',
      ]),
    );
    expect(fieldsOf('surplus-court-filings').find((f) => f.fieldName === 'status')?.options).toEqual([
      'Drafted',
      'Filed',
      'Hearing set',
      'Granted',
      'Denied',
      'Paid out',
    ]);
  });

  it('name types and fields as the API accepts them, options with every choice field', () => {
    for (const template of industryObjectTemplates) {
      expect(template.entityType).toMatch(/^[a-z][a-z0-9_]*$/);
      const fieldNames = template.fields.map((field) => field.fieldName);
      expect(new Set(fieldNames).size, template.key).toBe(fieldNames.length);
      for (const field of template.fields) {
        expect(field.fieldName).toMatch(/^[A-Za-z][A-Za-z0-9_]{0,63}$/);
        if (field.fieldType === 'select' || field.fieldType === 'multiselect') {
          expect(field.options?.length, `${template.key}.${field.fieldName}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('hold three to five sample records whose data passes the fields’ checks as stored', () => {
    for (const template of industryObjectTemplates) {
      expect(template.sampleRecords.length, template.key).toBeGreaterThanOrEqual(3);
      expect(template.sampleRecords.length, template.key).toBeLessThanOrEqual(5);
      const fields = template.fields.map((field) => ({
        name: field.displayName,
        fieldKey: field.fieldName,
        fieldType: field.fieldType,
        isRequired: field.isRequired ?? false,
        isVisible: true,
        options: field.options ?? null,
        defaultValue: field.defaultValue ?? null,
        validation: field.validationRules ?? null,
      }));
      const known = new Set(template.fields.map((field) => field.fieldName));
      for (const record of template.sampleRecords) {
        const scope = `${template.key}: ${record.displayName}`;
        expect(
          Object.keys(record.data).filter((key) => !known.has(key)),
          scope,
        ).toEqual([]);
        const check = checkCustomFields(fields, record.data, { partial: true });
        expect(check.errors, scope).toEqual([]);
        // Stored as given: the samples already have the shape a record's data is kept in.
        expect(check.values, scope).toEqual(record.data);
        const missing = template.fields.filter((f) => f.isRequired && !(f.fieldName in record.data));
        expect(missing, scope).toEqual([]);
      }
    }
  });
});
