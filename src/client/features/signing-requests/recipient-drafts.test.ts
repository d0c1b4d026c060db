import { describe, expect, it } from 'vitest';
import { sendDocumentForSignatureSchema } from '../../../common/validation/signing';
import type { SavedSignatureField } from '../signature-fields/field-drafts';
import {
  blankRecipient,
  dateInDays,
  endOfLocalDay,
  placeSendErrors,
  type RecipientDraft,
  recipientsFromFields,
  sendSummary,
  toSendPayload,
} from './recipient-drafts';

const field = (over: Partial<SavedSignatureField>): SavedSignatureField => ({
  id: 'f',
  fieldName: 'Signature 1',
  fieldType: 'signature',
  pageNumber: 1,
  signerEmail: 'ann@example.com',
  signerName: 'Ann Claimant',
  xPosition: 0,
  yPosition: 0,
  width: 200,
  height: 50,
  isRequired: true,
  fieldOrder: 0,
  ...over,
});

const draft = (over: Partial<RecipientDraft>): RecipientDraft => ({
  key: 'k',
  name: 'Ann',
  email: 'ann@example.com',
  role: 'signer',
  signatureOrder: 1,
  authMethod: 'email',
  ...over,
});

describe('recipients from the placed fields', () => {
  it('one signer per e-mail, whatever its case, in the order of their first field', () => {
    const drafts = recipientsFromFields([
      field({ id: 'b', fieldOrder: 2, signerEmail: 'bob@example.com', signerName: 'Bob Heir' }),
      field({ id: 'a', fieldOrder: 0 }),
      field({ id: 'a2', fieldOrder: 1, signerEmail: ' ANN@example.com ' }),
      field({ id: 'none', fieldOrder: 3, signerEmail: null }),
    ]);
    expect(drafts.map((d) => [d.name, d.email, d.role, d.signatureOrder, d.authMethod])).toEqual([
      ['Ann Claimant', 'ann@example.com', 'signer', 1, 'email'],
      ['Bob Heir', 'bob@example.com', 'signer', 2, 'email'],
    ]);
  });

  it('an added recipient gets a copy and comes last', () => {
    expect(blankRecipient(3)).toMatchObject({ role: 'cc', signatureOrder: 3, name: '', email: '' });
  });
});

describe('the send body', () => {
  it('is what the API schema takes: trimmed, ordered when sequential, all step 1 when parallel', () => {
    const recipients = [
      draft({ name: ' Ann ', email: ' ann@example.com ' }),
      draft({ key: 'b', name: 'Bob', email: 'bob@example.com', signatureOrder: 2 }),
    ];
    const sequential = toSendPayload(recipients, {
      signingOrder: 'sequential',
      message: '  Please sign ',
      expiresOn: '2030-01-31',
    });
    expect(sequential).toMatchObject({
      signingOrder: 'sequential',
      message: 'Please sign',
      recipients: [
        { name: 'Ann', email: 'ann@example.com', signatureOrder: 1 },
        { name: 'Bob', signatureOrder: 2 },
      ],
    });
    expect(sendDocumentForSignatureSchema.safeParse(sequential).success).toBe(true);
    const parallel = toSendPayload(recipients, { signingOrder: 'parallel', message: ' ', expiresOn: '' });
    expect(parallel.recipients.map((r) => r.signatureOrder)).toEqual([1, 1]);
    expect(parallel).not.toHaveProperty('message');
    expect(parallel).not.toHaveProperty('expiresAt');
  });

  it('an expiry date lasts to the end of that day where the sender is', () => {
    const end = new Date(endOfLocalDay('2030-01-31'));
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2030, 0, 31, 23, 59,
    ]);
    expect(dateInDays(30, new Date(2026, 0, 15, 22))).toBe('2026-02-14');
  });
});

describe('the API’s errors', () => {
  it('go under the recipient at the index they were sent at, the form field, or the form', () => {
    const recipients = [draft({ key: 'ann' }), draft({ key: 'bob' })];
    const placed = placeSendErrors(recipients, {
      'recipients.1.email': 'Bob has no field to sign: place one for bob@example.com',
      'recipients.0.authMethod': 'SMS verification is not available: no SMS provider is configured',
      recipients: '“Signature 3” is for carl@example.com, who is not a recipient',
      message: 'Message must be at most 10,000 characters',
    });
    expect(placed.byRecipient).toEqual({
      bob: { email: 'Bob has no field to sign: place one for bob@example.com' },
      ann: { authMethod: 'SMS verification is not available: no SMS provider is configured' },
    });
    expect(placed.form).toEqual({ message: 'Message must be at most 10,000 characters' });
    expect(placed.other).toEqual(['“Signature 3” is for carl@example.com, who is not a recipient']);
  });
});

describe('the summary', () => {
  it('counts recipients and says the order', () => {
    expect(sendSummary([draft({}), draft({}), draft({})], 'sequential')).toBe('3 recipients · sequential');
    expect(sendSummary([draft({})], 'parallel')).toBe('1 recipient · parallel');
    expect(sendSummary([draft({}), draft({ role: 'cc' })], 'parallel')).toBe(
      '2 recipients · parallel · 1 gets a copy',
    );
  });
});
