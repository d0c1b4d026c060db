import type { recipientAuthMethods, recipientRoles, signingOrders } from '../../../common/allowed-values';
import type { SendDocumentForSignatureInput } from '../../../common/validation/signing';
import type { SavedSignatureField } from '../signature-fields/field-drafts';

/* The send dialog's working copy: recipients as typed, turned into the send body on Send. */

export type RecipientRole = (typeof recipientRoles)[number];
export type AuthMethod = (typeof recipientAuthMethods)[number];
export type SigningOrder = (typeof signingOrders)[number];

export const roleLabels: Record<RecipientRole, string> = {
  signer: 'Signer',
  approver: 'Approver',
  cc: 'Gets a copy (cc)',
  viewer: 'Viewer',
  notary: 'Notary',
};

/** Only the e-mailed code works today; the others wait for a provider and are refused at send. */
export const authMethodChoices: { value: AuthMethod; label: string; available: boolean }[] = [
  { value: 'email', label: 'E-mail code', available: true },
  { value: 'sms', label: 'SMS code (needs a provider)', available: false },
  { value: 'phone', label: 'Phone call (needs a provider)', available: false },
  { value: 'id_verification', label: 'ID check (needs a provider)', available: false },
];

export interface RecipientDraft {
  key: string;
  name: string;
  email: string;
  role: RecipientRole;
  signatureOrder: number;
  authMethod: AuthMethod;
}

let keyCounter = 0;
export function newRecipientKey(): string {
  keyCounter += 1;
  return `recipient-${keyCounter}`;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * One signer per distinct e-mail among the placed fields, in the order their first field comes
 * (the placer saves fields in reading order), numbered 1, 2, 3 for a sequential request.
 */
export function recipientsFromFields(fields: SavedSignatureField[]): RecipientDraft[] {
  const drafts: RecipientDraft[] = [];
  for (const field of fields.toSorted((a, b) => a.fieldOrder - b.fieldOrder)) {
    const email = field.signerEmail?.trim() ?? '';
    if (!email || drafts.some((draft) => sameEmail(draft.email, email))) continue;
    drafts.push({
      key: newRecipientKey(),
      name: field.signerName?.trim() ?? '',
      email,
      role: 'signer',
      signatureOrder: drafts.length + 1,
      authMethod: 'email',
    });
  }
  return drafts;
}

export function blankRecipient(order: number): RecipientDraft {
  return {
    key: newRecipientKey(),
    name: '',
    email: '',
    role: 'cc',
    signatureOrder: order,
    authMethod: 'email',
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-12-27": the date input's value `days` from `now` (local calendar). */
export function dateInDays(days: number, now = new Date()): string {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The end of the chosen day where the sender is, as an instant: a link works through that day. */
export function endOfLocalDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year, month - 1, day, 23, 59, 59, 999).toISOString();
}

export interface SendForm {
  signingOrder: SigningOrder;
  message: string;
  /** A date input's value, '' for no expiry. */
  expiresOn: string;
}

/** The send body: trimmed, the order only when sequential (parallel: everyone is step 1). */
export function toSendPayload(recipients: RecipientDraft[], form: SendForm): SendDocumentForSignatureInput {
  const message = form.message.trim();
  return {
    signingOrder: form.signingOrder,
    legalCompliance: 'esign',
    ...(message ? { message } : {}),
    ...(form.expiresOn ? { expiresAt: endOfLocalDay(form.expiresOn) } : {}),
    recipients: recipients.map((recipient) => ({
      name: recipient.name.trim(),
      email: recipient.email.trim(),
      role: recipient.role,
      authMethod: recipient.authMethod,
      signatureOrder: form.signingOrder === 'sequential' ? recipient.signatureOrder : 1,
    })),
  };
}

/**
 * The API's errors (`recipients.2.email`, `recipients`, `message`) split into the recipient rows
 * they name (by the index they were sent at), the form's own fields, and what belongs to no field.
 */
export function placeSendErrors(
  recipients: RecipientDraft[],
  fieldErrors: Record<string, string>,
): {
  byRecipient: Record<string, Partial<Record<keyof RecipientDraft, string>>>;
  form: Record<string, string>;
  other: string[];
} {
  const byRecipient: Record<string, Partial<Record<keyof RecipientDraft, string>>> = {};
  const form: Record<string, string> = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fieldErrors)) {
    const match = /^recipients\.(\d+)\.(\w+)/.exec(path);
    const recipient = match ? recipients[Number(match[1])] : undefined;
    if (match && recipient) {
      const field = match[2] as keyof RecipientDraft;
      byRecipient[recipient.key] = { ...byRecipient[recipient.key], [field]: message };
    } else if (path === 'message' || path === 'expiresAt' || path === 'signingOrder') {
      form[path] = message;
    } else {
      other.push(message);
    }
  }
  return { byRecipient, form, other };
}

/** "3 recipients · sequential" (with "· 1 gets a copy" when some only receive it). */
export function sendSummary(recipients: RecipientDraft[], order: SigningOrder): string {
  const count = recipients.length;
  const copies = recipients.filter(
    (recipient) => recipient.role === 'cc' || recipient.role === 'viewer',
  ).length;
  const parts = [`${count} recipient${count === 1 ? '' : 's'}`, order];
  if (copies > 0) parts.push(`${copies} ${copies === 1 ? 'gets' : 'get'} a copy`);
  return parts.join(' · ');
}
