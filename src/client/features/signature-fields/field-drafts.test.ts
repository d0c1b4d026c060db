import { describe, expect, it } from 'vitest';
import {
  defaultFieldSettings,
  draftsFromSaved,
  errorsByField,
  type FieldDraft,
  nextFieldName,
  optionsError,
  type SavedSignatureField,
  signerErrors,
  toPayload,
} from './field-drafts';

const saved = (over: Partial<SavedSignatureField>): SavedSignatureField => ({
  id: 'f1',
  fieldName: 'Signature 1',
  fieldType: 'signature',
  pageNumber: 1,
  signerEmail: 'ann@example.com',
  signerName: 'Ann Client',
  xPosition: 10,
  yPosition: 20,
  width: 200,
  height: 50,
  isRequired: true,
  fieldOrder: 0,
  ...over,
});

const draft = (over: Partial<FieldDraft>): FieldDraft => ({
  key: 'a',
  fieldName: 'Signature 1',
  fieldType: 'signature',
  pageNumber: 1,
  x: 0,
  y: 0,
  width: 200,
  height: 50,
  signerKey: 's1',
  isRequired: true,
  ...defaultFieldSettings,
  ...over,
});

describe('signers and boxes from saved fields', () => {
  it('lists the client first and gives its boxes to it by e-mail, whatever the case', () => {
    const { fields, signers } = draftsFromSaved(
      [
        saved({ signerEmail: 'ANN@example.com' }),
        saved({ id: 'f2', signerEmail: 'bob@example.com', signerName: 'Bob', fieldOrder: 1 }),
      ],
      [{ name: 'Ann Client', email: 'ann@example.com' }],
    );
    expect(signers.map((s) => s.email)).toEqual(['ann@example.com', 'bob@example.com']);
    expect(fields[0].signerKey).toBe(signers[0].key);
    expect(fields[1].signerKey).toBe(signers[1].key);
    expect(fields[0]).toMatchObject({ x: 10, y: 20, width: 200, height: 50, pageNumber: 1 });
  });

  it('starts with one empty signer when there is neither a client nor a field', () => {
    const { fields, signers } = draftsFromSaved([], []);
    expect(fields).toEqual([]);
    expect(signers).toHaveLength(1);
    expect(signers[0]).toMatchObject({ name: '', email: '' });
  });
});

describe('the PUT body', () => {
  it('sends boxes in reading order with their signer written out', () => {
    const signers = [
      { key: 's1', name: ' Ann ', email: ' ann@example.com ' },
      { key: 's2', name: '', email: 'bob@example.com' },
    ];
    const body = toPayload(
      [
        draft({ key: 'late', pageNumber: 2, y: 5 }),
        draft({ key: 'low', y: 300, signerKey: 's2', fieldType: 'date', fieldName: 'Date 1' }),
        draft({ key: 'high', y: 100 }),
      ],
      signers,
    );
    expect(body.map((f) => [f.pageNumber, f.yPosition, f.fieldOrder])).toEqual([
      [1, 100, 0],
      [1, 300, 1],
      [2, 5, 2],
    ]);
    expect(body[0]).toMatchObject({ signerEmail: 'ann@example.com', signerName: 'Ann' });
    expect(body[1]).not.toHaveProperty('signerName');
    expect(body[1]).toMatchObject({ fieldType: 'date', signerEmail: 'bob@example.com' });
  });

  it('puts the server errors back on the box that was sent at that index', () => {
    const fields = [draft({ key: 'second', y: 300 }), draft({ key: 'first', y: 10 })];
    const { byKey, other } = errorsByField(fields, {
      'fields.1.xPosition': 'Field must fit inside the page',
      'fields.0.signerEmail': 'Must be a valid email',
      name: 'Something else',
    });
    expect(byKey).toEqual({ second: 'Field must fit inside the page', first: 'Must be a valid email' });
    expect(other).toEqual(['Something else']);
  });
});

describe('choice, format and font settings', () => {
  it('reads them back from saved fields, with defaults where none were stored', () => {
    const { fields } = draftsFromSaved(
      [
        saved({
          fieldType: 'dropdown',
          options: ['Yes', 'No'],
          placeholder: 'Pick',
          fontFamily: 'Courier New',
        }),
        saved({ id: 'f2', fieldType: 'text', validationType: 'ssn', fontSize: 9, fieldOrder: 1 }),
        saved({ id: 'f3', fieldOrder: 2 }),
      ],
      [],
    );
    expect(fields[0]).toMatchObject({
      options: ['Yes', 'No'],
      placeholder: 'Pick',
      fontFamily: 'Courier New',
    });
    expect(fields[1]).toMatchObject({ validationType: 'ssn', fontSize: 9, options: [] });
    expect(fields[2]).toMatchObject(defaultFieldSettings);
  });

  it('sends only the settings the type has, without blank options', () => {
    const signers = [{ key: 's1', name: 'Ann', email: 'ann@example.com' }];
    const [dropdown, text, signature] = toPayload(
      [
        draft({ key: 'd', y: 1, fieldType: 'dropdown', options: [' Yes ', '', 'No'], validationType: 'ssn' }),
        draft({
          key: 't',
          y: 2,
          fieldType: 'text',
          options: ['x'],
          validationType: 'ein',
          placeholder: ' 12 ',
        }),
        draft({ key: 's', y: 3, fontFamily: 'Courier New', fontSize: 30, placeholder: 'ignored' }),
      ],
      signers,
    );
    expect(dropdown).toMatchObject({ options: ['Yes', 'No'] });
    expect(dropdown).not.toHaveProperty('validationType');
    expect(text).toMatchObject({ validationType: 'ein', placeholder: '12' });
    expect(text).not.toHaveProperty('options');
    expect(signature).toMatchObject({ fontFamily: 'Arial', fontSize: 12 });
    expect(signature).not.toHaveProperty('placeholder');
  });

  it('asks a dropdown or radio for an option in the server’s words', () => {
    expect(optionsError(draft({ fieldType: 'radio', options: [' '] }))).toBe('Add at least one option');
    expect(optionsError(draft({ fieldType: 'radio', options: ['A'] }))).toBeUndefined();
    expect(optionsError(draft({ fieldType: 'text', options: [] }))).toBeUndefined();
  });
});

describe('names and checks', () => {
  it('names a new box after its type with the next free number', () => {
    expect(nextFieldName('signature', [draft({ fieldName: 'Signature 1' })])).toBe('Signature 2');
    expect(nextFieldName('date', [draft({ fieldName: 'Signature 1' })])).toBe('Date 1');
  });

  it('asks for a valid e-mail with the spec message', () => {
    expect(signerErrors({ key: 'x', name: 'Ann', email: 'not-an-email' }).email).toBe(
      'Must be a valid email',
    );
    expect(signerErrors({ key: 'x', name: 'Ann', email: '' }).email).toBe('Must be a valid email');
    expect(signerErrors({ key: 'x', name: 'Ann', email: 'ann@example.com' })).toEqual({});
  });
});
