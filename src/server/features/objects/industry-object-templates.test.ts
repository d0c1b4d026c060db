import { describe, expect, it } from 'vitest';
import { industrySectorValues } from '../../../common/constants';
import { checkRecordData, createDefinitionSchema } from '../../../common/validation/objects';
import { findObjectTemplate, industryObjectTemplates } from './industry-object-templates';
import { templateDefinition } from './install-entity-template';

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

  it('are definitions the API accepts as they are', () => {
    for (const template of industryObjectTemplates) {
      const { key } = template;
      const parsed = createDefinitionSchema.safeParse(templateDefinition(template));
      expect(parsed.error?.issues ?? [], key).toEqual([]);
      const fieldNames = template.fields.map((field) => field.fieldName);
      expect(new Set(fieldNames).size, key).toBe(fieldNames.length);
      expect(fieldNames.every(Boolean), key).toBe(true);
    }
  });

  it('hold three to five sample records whose data passes the fields’ checks as stored', () => {
    for (const template of industryObjectTemplates) {
      expect(template.sampleRecords.length, template.key).toBeGreaterThanOrEqual(3);
      expect(template.sampleRecords.length, template.key).toBeLessThanOrEqual(5);
      const fields = template.fields.map((field) => ({
        fieldName: field.fieldName,
        displayName: field.displayName,
        fieldType: field.fieldType,
        isRequired: field.isRequired ?? false,
        options: field.options ?? null,
        defaultValue: field.defaultValue ?? null,
        validationRules: field.validationRules ?? null,
      }));
      for (const record of template.sampleRecords) {
        const scope = `${template.key}: ${record.displayName}`;
        // Unknown keys would be reported too: the samples use only their fields.
        const check = checkRecordData(fields, record.data, { partial: true });
        expect(check.errors, scope).toEqual([]);
        // Stored as given: the samples already have the shape a record's data is kept in.
        expect(check.values, scope).toEqual(record.data);
        expect(checkRecordData(fields, record.data).errors, `${scope} (required)`).toEqual([]);
      }
    }
  });
});
