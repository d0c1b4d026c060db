import { describe, expect, it } from 'vitest';
import { createDefinitionSchema } from '../../../common/validation/objects';
import {
  entityTypeFromName,
  objectFormDefaults,
  objectFormSchema,
  type ObjectFormValues,
  pluralOf,
  toDefinitionInput,
} from './object-form-model';

const values = (over: Partial<ObjectFormValues> = {}): ObjectFormValues => ({
  ...objectFormDefaults(null, 3),
  displayName: 'Court filing',
  pluralName: 'Court filings',
  entityType: 'court_filing',
  ...over,
});

const issues = (input: ObjectFormValues) => {
  const result = objectFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('object dialog rules', () => {
  it('derives the type and the plural from the name', () => {
    expect(entityTypeFromName('Court filing')).toBe('court_filing');
    expect(entityTypeFromName('  Équipe—Légale 2 ')).toBe('equipe_legale_2');
    expect(entityTypeFromName('2nd lien')).toBe('object_2nd_lien');
    expect(entityTypeFromName('!!!')).toBe('');
    expect(pluralOf('Property')).toBe('Properties');
    expect(pluralOf('Heir')).toBe('Heirs');
    expect(pluralOf('Box')).toBe('Boxes');
    expect(pluralOf('Survey')).toBe('Surveys');
  });

  it('starts a new object after the last one, with the default icon and deals permissions', () => {
    expect(objectFormDefaults(null, 3)).toMatchObject({
      iconName: 'Building2',
      permissionCategory: 'deals',
      displayOrder: '3',
    });
  });

  it('sends what the server accepts', () => {
    expect(issues(values())).toEqual([]);
    const body = toDefinitionInput(values({ description: '  ', displayOrder: '' }));
    expect(body).toMatchObject({ entityType: 'court_filing', description: null, displayOrder: 0 });
    expect(createDefinitionSchema.safeParse(body).success).toBe(true);
  });

  it("refuses what the server refuses, with the server's messages", () => {
    expect(
      issues(values({ displayName: 'A', pluralName: '', entityType: 'Court Filing', iconName: 'Nope' })),
    ).toEqual([
      'displayName: Display name must be at least 2 characters',
      'pluralName: Plural name must be at least 2 characters',
      'entityType: Object type must start with a letter and use only lowercase letters, numbers and underscores',
      'iconName: Unknown icon',
    ]);
    expect(issues(values({ entityType: 'deals' }))).toEqual(['entityType: This object type is reserved']);
    expect(issues(values({ displayOrder: '1.5' }))).toEqual([
      'displayOrder: Display order must be a whole number',
    ]);
  });
});
