import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type {
  enhancedFieldTypes,
  enhancedFieldValidationTypes,
  recipientRoles,
} from '../../../common/allowed-values';
import { currentConsentVersion } from '../../../common/signing/consent-disclosure';
import {
  documentInstances,
  documentShares,
  documentSigningWorkflows,
  signatureFields,
} from '../../db/schema/documents';
import { outbox } from '../../db/schema/platform';
import {
  enhancedSignatureFields,
  enhancedSignatureRecipients,
  enhancedSignatureRequests,
} from '../../db/schema/signing';
import { outboxKinds } from '../../lib/outbox';
import { call } from '../users/test-helpers';
import type { SignedIn } from '../../test/sessions';
import type { TestApp } from '../../test/test-app';
import type { PlatformEmail } from '../email/queue-platform-email';
import { clientWithDeal, insertTemplate } from '../document-instances/test-kit';
import { created } from '../leads/test-kit';
import { inviteStep } from '../signing/invite-step';
import { actsOnDocument, signingUrlWithoutSecret } from '../signing/signing-emails';
import { createSigningToken } from '../signing/signing-tokens';
import { sealRecipientToken } from '../signing/verification-data';

/*
 * Test helpers of the signer API: a sent request seeded directly (the sender API is another
 * helper's), and the signer's steps through the public routes.
 */

type Role = (typeof recipientRoles)[number];
type FieldType = (typeof enhancedFieldTypes)[number];

export interface FieldSpec {
  fieldType: FieldType;
  fieldName?: string;
  isRequired?: boolean;
  validationType?: (typeof enhancedFieldValidationTypes)[number];
  options?: string[];
  maxLength?: number;
}

export interface RecipientSpec {
  name: string;
  email: string;
  role?: Role;
  order?: number;
  /** Default: one signature field for a signer, none for the other roles. */
  fields?: FieldSpec[];
}

export interface SeededRecipient {
  id: string;
  token: string;
  email: string;
  name: string;
  role: Role;
  shareId: string;
  fieldIds: string[];
}

/** A 1×1 PNG, as a drawn signature's data URL. */
export const pngDataUrl =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const agreement =
  '<h1>Surplus recovery fee agreement</h1><p>Between {{client.fullName}} and {{organization.name}}.</p>';

/** A real document (from a template, for a client's deal) of the owner's organization. */
export async function createSigningDocument(t: TestApp, owner: SignedIn, name = 'Fee agreement') {
  const deal = await clientWithDeal(
    t,
    owner,
    `Ann ${Math.random().toString(36).slice(2, 7)}`,
    'Parcel 12-34 surplus',
  );
  const templateId = await insertTemplate(t, owner, agreement);
  const document = await created(t, '/api/document-instances', owner.cookie, { name, templateId, ...deal });
  const pdf = await call(t.app, 'GET', `/api/document-instances/${document.id}/pdf`, owner.cookie);
  return {
    documentId: document.id,
    dealId: deal.dealId,
    documentHash: createHash('sha256').update(pdf.rawPayload).digest('hex'),
  };
}

/**
 * A request as the send engine leaves it: sent, its workflow and shares (the simple-signing
 * mirror), recipients with link tokens (sealed copies kept), fields placed on the document and
 * copied, the first step invited (sequential) or every acting recipient (parallel).
 */
export async function seedSentRequest(
  t: TestApp,
  owner: SignedIn,
  options: {
    signingOrder?: 'parallel' | 'sequential';
    recipients: RecipientSpec[];
    expiresAt?: Date | null;
    title?: string;
  },
) {
  const { documentId, dealId, documentHash } = await createSigningDocument(t, owner);
  const orgId = owner.user.organizationId;
  const signingOrder = options.signingOrder ?? 'parallel';
  const appUrl = 'http://localhost:3000';
  return t.db.transaction(async (tx) => {
    const orders = [
      ...new Set(
        options.recipients.filter((r) => actsOnDocument(r.role ?? 'signer')).map((r) => r.order ?? 1),
      ),
    ];
    const [workflow] = await tx
      .insert(documentSigningWorkflows)
      .values({
        organizationId: orgId,
        documentInstanceId: documentId,
        signingOrder,
        totalSteps: Math.max(orders.length, 1),
      })
      .returning();
    const [request] = await tx
      .insert(enhancedSignatureRequests)
      .values({
        organizationId: orgId,
        documentInstanceId: documentId,
        dealId,
        title: options.title ?? 'Fee agreement',
        message: 'Please sign',
        status: 'sent',
        signatureType: signingOrder,
        legalCompliance: 'esign',
        documentHash,
        expiresAt: options.expiresAt ?? null,
        createdBy: owner.user.id,
        workflowId: workflow.id,
        sentAt: new Date(),
      })
      .returning();
    const recipients: SeededRecipient[] = [];
    for (const [index, spec] of options.recipients.entries()) {
      const role = spec.role ?? 'signer';
      const { token, hash } = createSigningToken();
      const acting = actsOnDocument(role);
      const [share] = await tx
        .insert(documentShares)
        .values({
          organizationId: orgId,
          documentInstanceId: documentId,
          workflowId: workflow.id,
          shareToken: hash,
          recipientEmail: spec.email,
          recipientName: spec.name,
          accessType: acting ? 'sign' : 'view',
          signingOrder: spec.order ?? 1,
          status: acting ? 'waiting' : 'sent',
        })
        .returning();
      const [recipient] = await tx
        .insert(enhancedSignatureRecipients)
        .values({
          organizationId: orgId,
          signatureRequestId: request.id,
          email: spec.email,
          name: spec.name,
          role,
          signatureOrder: spec.order ?? 1,
          status: acting ? 'waiting' : 'sent',
          accessToken: hash,
          signingUrl: signingUrlWithoutSecret(appUrl, role),
          authMethod: 'email',
          verificationData: { sealedToken: sealRecipientToken(t.secrets, token) },
          shareId: share.id,
          invitedAt: acting ? null : new Date(),
        })
        .returning();
      const specs = spec.fields ?? (role === 'signer' ? [{ fieldType: 'signature' as const }] : []);
      const fieldIds: string[] = [];
      for (const [fieldIndex, field] of specs.entries()) {
        const fieldName = field.fieldName ?? `${spec.name} ${field.fieldType} ${fieldIndex + 1}`;
        const [placed] = await tx
          .insert(signatureFields)
          .values({
            organizationId: orgId,
            documentInstanceId: documentId,
            fieldName,
            fieldType: field.fieldType === 'initial' ? 'initials' : field.fieldType,
            signerEmail: spec.email,
            signerName: spec.name,
            pageNumber: 1,
            xPosition: 72,
            yPosition: 500 + index * 60,
          })
          .returning();
        const [copied] = await tx
          .insert(enhancedSignatureFields)
          .values({
            organizationId: orgId,
            signatureRequestId: request.id,
            recipientId: recipient.id,
            fieldName,
            fieldType: field.fieldType,
            xPosition: 72 + fieldIndex * 160,
            yPosition: 500 + index * 60,
            width: 150,
            height: 40,
            page: 1,
            isRequired: field.isRequired ?? true,
            validationType: field.validationType ?? null,
            options: field.options ?? null,
            maxLength: field.maxLength ?? null,
            signatureFieldId: placed.id,
            tabOrder: fieldIndex,
          })
          .returning();
        fieldIds.push(copied.id);
      }
      recipients.push({
        id: recipient.id,
        token,
        email: spec.email,
        name: spec.name,
        role,
        shareId: share.id,
        fieldIds,
      });
    }
    await tx.update(documentInstances).set({ status: 'sent' }).where(eq(documentInstances.id, documentId));
    const deps = { secrets: t.secrets, appUrl };
    // Parallel: everyone acting is step 1; sequential: the first step only.
    await inviteStep(tx, deps, orgId, request.id, 1);
    return { requestId: request.id, documentId, dealId, workflowId: workflow.id, recipients };
  });
}

/** The platform messages queued to an address, opened with the app's secret box (newest first). */
export async function mailsTo(t: TestApp, email: string): Promise<PlatformEmail[]> {
  const rows = await t.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(eq(outbox.kind, outboxKinds.sendPlatformEmail))
    .orderBy(desc(outbox.createdAt));
  return rows
    .map((row) => row.payload as { to?: string; sealed?: string })
    .filter((payload) => payload.to === email && payload.sealed)
    .map((payload) => JSON.parse(t.secrets.open(payload.sealed as string)) as PlatformEmail);
}

/** The newest one-time code e-mailed to `email`. */
export async function codeFor(t: TestApp, email: string): Promise<string> {
  for (const mail of await mailsTo(t, email)) {
    const code = /one-time code is (\d{6})/.exec(mail.text)?.[1];
    if (code) return code;
  }
  throw new Error(`no code was e-mailed to ${email}`);
}

export function signer(t: TestApp, token: string, cookie?: string) {
  const headers = (extra?: string) => {
    const cookies = [cookie, extra].filter(Boolean).join('; ');
    return cookies ? { cookie: cookies } : {};
  };
  const request = (method: 'GET' | 'POST', path: string, payload?: unknown, extraCookie?: string) =>
    t.app.inject({
      method,
      url: `/api/signing/${token}${path}`,
      headers: headers(extraCookie),
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });
  return { request };
}

/** Consent, code from the outbox, verify: answers the signing-session cookie (`locus_signing=…`). */
export async function openForSigning(t: TestApp, recipient: { token: string; email: string }) {
  const { request } = signer(t, recipient.token);
  const consent = await request('POST', '/consent', { version: currentConsentVersion });
  if (consent.statusCode !== 200) throw new Error(`consent ${consent.statusCode}: ${consent.body}`);
  const code = await request('POST', '/code');
  if (code.statusCode !== 202) throw new Error(`code ${code.statusCode}: ${code.body}`);
  const verify = await request('POST', '/verify', { code: await codeFor(t, recipient.email) });
  if (verify.statusCode !== 200) throw new Error(`verify ${verify.statusCode}: ${verify.body}`);
  const cookie = verify.cookies.find((c) => c.name === 'locus_signing');
  if (!cookie) throw new Error('no signing cookie');
  return `locus_signing=${cookie.value}`;
}

/** Each of the recipient's fields filled with a value its type takes (a PNG for signatures). */
export function valuesFor(recipient: SeededRecipient, value: (fieldId: string) => string = () => pngDataUrl) {
  return {
    fields: recipient.fieldIds.map((fieldId) => ({
      fieldId,
      signatureType: 'drawn',
      signatureData: value(fieldId),
    })),
    sessionDuration: 42_000,
    deviceFingerprint: 'screen=390x844;tz=America/Chicago;lang=en-US;platform=iPhone',
  };
}

/** Consent, code, verify and finish: answers the finish's response. */
export async function signAll(t: TestApp, recipient: SeededRecipient) {
  const cookie = await openForSigning(t, recipient);
  return signer(t, recipient.token, cookie).request('POST', '/finish', valuesFor(recipient));
}

/** A recipient's row as stored. */
export async function recipientRow(t: TestApp, id: string) {
  const [row] = await t.db
    .select()
    .from(enhancedSignatureRecipients)
    .where(eq(enhancedSignatureRecipients.id, id));
  return row;
}

export async function requestRow(t: TestApp, id: string) {
  const [row] = await t.db
    .select()
    .from(enhancedSignatureRequests)
    .where(eq(enhancedSignatureRequests.id, id));
  return row;
}

/** Invitations queued to an address (the e-mail of kind 'invitation'). */
export async function invitationsTo(t: TestApp, email: string) {
  return (await mailsTo(t, email)).filter((mail) => /sent you/.test(mail.subject));
}
