import { describe, expect, it } from 'vitest';
import { pollingConfigSchema } from '../../../common/validation/imports';
import {
  emptyPollingForm,
  intervalLabel,
  mappingOfLines,
  pollingFormErrors,
  pollingFormOf,
  pollingInputOf,
} from './polling-form';

describe('scheduled import form', () => {
  const filled = {
    ...emptyPollingForm('deals'),
    name: 'County list',
    url: ' https://county.example.gov/surplus.csv ',
    intervalMinutes: '60',
    externalIdColumn: ' Case # ',
    lines: [
      { column: 'Case #', field: 'name' },
      { column: ' ', field: 'value' },
      { column: 'Amount', field: '' },
      { column: 'Surplus', field: 'value' },
    ],
  };

  it('refuses a short name, a bad URL, no id column and no mapping before sending', () => {
    expect(pollingFormErrors(emptyPollingForm())).toEqual({
      name: 'Name must be at least 2 characters',
      url: 'Must be a valid URL',
      externalIdColumn: 'External id column is required',
      lines: 'Map at least one column to a field',
    });
    expect(pollingFormErrors(filled)).toEqual({});
  });

  it('sends a config the server schema accepts and the mapping without blank lines', () => {
    const input = pollingInputOf(filled);
    expect(pollingConfigSchema.parse(input.config)).toEqual({
      url: 'https://county.example.gov/surplus.csv',
      format: 'csv',
      intervalMinutes: 60,
      entityType: 'deals',
      externalIdColumn: 'Case #',
    });
    expect(input.fieldMappings).toEqual({ 'Case #': 'name', Surplus: 'value' });
    expect(input.type).toBe('polling');
  });

  it('edits round-trip and intervals read as words', () => {
    const form = pollingFormOf({
      id: '1',
      name: 'List',
      type: 'polling',
      status: 'active',
      config: pollingInputOf(filled).config,
      fieldMappings: { 'Case #': 'name' },
      lastSync: null,
      errorMessage: null,
      createdAt: '',
      updatedAt: '',
    });
    expect(mappingOfLines(form.lines)).toEqual({ 'Case #': 'name' });
    expect(form.intervalMinutes).toBe('60');
    expect(intervalLabel(1440)).toBe('Every day');
    expect(intervalLabel(120)).toBe('Every 2 hours');
    expect(intervalLabel(45)).toBe('Every 45 minutes');
  });
});
