import { describe, expect, it } from 'vitest';
import type { SigningField } from './api';
import {
  fieldErrorsById,
  finishPayloadFields,
  initialFieldValues,
  inputHintsFor,
  isValidDate,
  nextFieldToFill,
  orderFields,
  requiredMessage,
  todayIso,
  validateFieldValue,
  validationMessages,
} from './signing-fields';

let counter = 0;
function field(overrides: Partial<SigningField> = {}): SigningField {
  counter += 1;
  return {
    id: `f${counter}`,
    fieldName: `Field ${counter}`,
    fieldType: 'text',
    page: 1,
    xPosition: 0,
    yPosition: 0,
    width: 150,
    height: 50,
    isRequired: true,
    placeholder: null,
    validationType: null,
    options: null,
    defaultValue: null,
    maxLength: null,
    fontSize: 12,
    fontFamily: 'Arial',
    tooltip: null,
    tabOrder: null,
    ...overrides,
  };
}

const text = (value: string) => ({ kind: 'text' as const, text: value });
const image = {
  kind: 'image' as const,
  signatureType: 'drawn' as const,
  dataUrl: 'data:image/png;base64,AA==',
};

describe('walking the fields', () => {
  it('orders by tab order first, then page, top and left', () => {
    const lowerOnPage1 = field({ yPosition: 500 });
    const page2 = field({ page: 2, yPosition: 10 });
    const topRight = field({ yPosition: 100, xPosition: 300 });
    const topLeft = field({ yPosition: 100, xPosition: 20 });
    const tabbed = field({ page: 3, tabOrder: 1 });
    expect(orderFields([lowerOnPage1, page2, topRight, topLeft, tabbed]).map((f) => f.id)).toEqual([
      tabbed.id,
      topLeft.id,
      topRight.id,
      lowerOnPage1.id,
      page2.id,
    ]);
  });

  it('goes to the next required field not yet filled, wrapping round, then to none', () => {
    const a = field({ fieldType: 'signature' });
    const b = field({ isRequired: false });
    const c = field({ fieldType: 'date' });
    const d = field({ fieldType: 'initial' });
    const ordered = [a, b, c, d];
    expect(nextFieldToFill(ordered, {}, null)?.id).toBe(a.id);
    expect(nextFieldToFill(ordered, { [a.id]: image }, a.id)?.id).toBe(c.id);
    expect(nextFieldToFill(ordered, { [a.id]: image }, d.id)?.id).toBe(c.id);
    const filled = { [a.id]: image, [c.id]: text('2026-11-27'), [d.id]: image };
    expect(nextFieldToFill(ordered, filled, null)).toBeNull();
  });

  it('stops at a filled optional field whose value does not pass its check', () => {
    const email = field({ isRequired: false, validationType: 'email' });
    expect(nextFieldToFill([email], { [email.id]: text('not-an-email') }, null)?.id).toBe(email.id);
    expect(nextFieldToFill([email], {}, null)).toBeNull();
  });
});

describe('checking values with the API’s messages', () => {
  it('requires required fields, an unticked checkbox included', () => {
    expect(validateFieldValue(field(), undefined)).toBe(requiredMessage);
    expect(validateFieldValue(field({ fieldType: 'checkbox' }), text('false'))).toBe(requiredMessage);
    expect(validateFieldValue(field({ isRequired: false }), undefined)).toBeNull();
    expect(validateFieldValue(field({ fieldType: 'signature' }), image)).toBeNull();
  });

  it.each([
    ['email', 'maria@example.com', 'maria@'],
    ['phone', '(555) 123-4567', '12ab'],
    ['date', '2026-02-28', '2026-02-30'],
    ['number', '1,234.50', '12a'],
    ['ssn', '123-45-6789', '123456789'],
    ['ein', '12-3456789', '123456789'],
  ] as const)('%s: accepts %s, refuses %s', (type, good, bad) => {
    const f = field({ validationType: type });
    expect(validateFieldValue(f, text(good))).toBeNull();
    expect(validateFieldValue(f, text(bad))).toBe(validationMessages[type]);
  });

  it('checks dates of date fields, US and ISO spellings, real calendar days only', () => {
    expect(isValidDate('02/29/2028')).toBe(true);
    expect(isValidDate('02/29/2027')).toBe(false);
    expect(isValidDate('2026-13-01')).toBe(false);
    expect(validateFieldValue(field({ fieldType: 'date' }), text('yesterday'))).toBe('Enter a valid date');
  });

  it('holds text to its maximum length and choices to their options', () => {
    expect(validateFieldValue(field({ maxLength: 3 }), text('abcd'))).toBe('At most 3 characters');
    expect(validateFieldValue(field({ maxLength: 2000 }), text('a'.repeat(2001)))).toBe(
      'At most 2,000 characters',
    );
    const choice = field({ fieldType: 'dropdown', options: ['Yes', 'No'] });
    expect(validateFieldValue(choice, text('No'))).toBeNull();
    expect(validateFieldValue(choice, text('Maybe'))).toBe('Choose one of the options');
  });
});

describe('keyboards, starting values and the finish payload', () => {
  it('asks for the keyboard of each validation type', () => {
    expect(inputHintsFor(field({ validationType: 'email' }))).toMatchObject({
      type: 'email',
      inputMode: 'email',
    });
    expect(inputHintsFor(field({ validationType: 'phone' }))).toMatchObject({
      type: 'tel',
      inputMode: 'tel',
    });
    expect(inputHintsFor(field({ validationType: 'number' })).inputMode).toBe('decimal');
    expect(inputHintsFor(field({ validationType: 'ssn' })).inputMode).toBe('numeric');
    expect(inputHintsFor(field({ fieldType: 'date' })).type).toBe('date');
    expect(inputHintsFor(field()).type).toBe('text');
  });

  it('starts date fields with today and others with their default, never signatures', () => {
    const now = new Date(2026, 10, 7, 23, 30);
    expect(todayIso(now)).toBe('2026-11-07');
    const date = field({ fieldType: 'date' });
    const named = field({ defaultValue: 'Claimant' });
    const signature = field({ fieldType: 'signature', defaultValue: 'x' });
    expect(initialFieldValues([date, named, signature], now)).toEqual({
      [date.id]: text('2026-11-07'),
      [named.id]: text('Claimant'),
    });
  });

  it('sends filled fields only: images with their kind and strokes, the rest as text', () => {
    const signature = field({ fieldType: 'signature' });
    const name = field();
    const optional = field({ isRequired: false });
    const strokes = [[{ x: 1, y: 2, time: 3 }]];
    expect(
      finishPayloadFields([signature, name, optional], {
        [signature.id]: { ...image, vectorData: strokes },
        [name.id]: text('  Maria Lopez '),
      }),
    ).toEqual([
      { fieldId: signature.id, signatureType: 'drawn', signatureData: image.dataUrl, vectorData: strokes },
      { fieldId: name.id, signatureType: 'electronic', signatureData: 'Maria Lopez' },
    ]);
  });

  it('reads the server’s per-field errors by field id', () => {
    expect(fieldErrorsById({ 'fields.abc': 'This field is required', other: 'x' })).toEqual({
      abc: 'This field is required',
    });
  });
});
