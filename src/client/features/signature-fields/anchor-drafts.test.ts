import { describe, expect, it } from 'vitest';
import { anchorErrors, anchorsFromSaved, anchorsPayload, newAnchor } from './anchor-drafts';
import type { SavedSignatureField } from './field-drafts';

const saved = (over: Partial<SavedSignatureField>): SavedSignatureField => ({
  id: 'f1',
  fieldName: 'Signature 1',
  fieldType: 'signature',
  pageNumber: 1,
  signerEmail: '{{client.email}}',
  signerName: '{{client.fullName}}',
  xPosition: null,
  yPosition: null,
  width: 200,
  height: 50,
  isRequired: true,
  fieldOrder: 0,
  textAnchor: 'Claimant signature:',
  anchorPosition: 'below',
  offsetX: 0,
  offsetY: 5,
  useSmartPositioning: true,
  ...over,
});

describe('template anchored fields', () => {
  it('reads anchored fields for the client or the sender and keeps the others aside', () => {
    const { anchors, kept } = anchorsFromSaved([
      saved({}),
      saved({ id: 'f2', fieldOrder: 1, signerEmail: '{{user.email}}', fieldType: 'date' }),
      saved({ id: 'f3', fieldOrder: 2, useSmartPositioning: false, xPosition: 40, yPosition: 600 }),
    ]);
    expect(anchors.map((a) => [a.signer, a.fieldType, a.anchorPosition])).toEqual([
      ['client', 'signature', 'below'],
      ['sender', 'date', 'below'],
    ]);
    expect(kept.map((k) => k.key)).toEqual(['f3']);
  });

  it('starts a new field after the text with offsets 10 and 0, for the client', () => {
    expect(newAnchor('initials', [])).toMatchObject({
      fieldName: 'Initials 1',
      anchorPosition: 'after',
      offsetX: 10,
      offsetY: 0,
      signer: 'client',
    });
  });

  it('sends signer tokens, smart positioning and the kept fields unchanged', () => {
    const { anchors, kept } = anchorsFromSaved([
      saved({}),
      saved({
        id: 'f3',
        fieldOrder: 2,
        useSmartPositioning: false,
        textAnchor: null,
        xPosition: 40,
        yPosition: 600,
      }),
    ]);
    const body = anchorsPayload([{ ...anchors[0], signer: 'sender', textAnchor: '  By: ' }], kept);
    expect(body[0]).toMatchObject({
      signerEmail: '{{user.email}}',
      signerName: '{{user.fullName}}',
      textAnchor: 'By:',
      useSmartPositioning: true,
      fieldOrder: 0,
    });
    expect(body[1]).toMatchObject({
      xPosition: 40,
      yPosition: 600,
      useSmartPositioning: false,
      fieldOrder: 1,
    });
    expect(body[1]).not.toHaveProperty('textAnchor');
  });

  it('asks for the anchor text', () => {
    expect(anchorErrors({ ...newAnchor('date', []), textAnchor: ' ' }).textAnchor).toBe(
      'Anchor text is required',
    );
  });
});
