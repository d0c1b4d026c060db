import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { type ConsentDisclosure, currentConsentDisclosure } from '../../../common/signing/consent-disclosure';
import type { Database } from '../../db';
import { documentInstances, documentSigningWorkflows } from '../../db/schema/documents';
import { organizations, users } from '../../db/schema/identity';
import { enhancedSignatureFields, enhancedSignatureRecipients } from '../../db/schema/signing';
import type { FileStore } from '../../lib/file-store';
import { actsOnDocument } from '../signing/signing-emails';
import { verificationDataOf } from '../signing/verification-data';
import type { SigningLink } from './signing-link';
import { signingDocumentPages } from './signing-document';
import { noId } from './signing-step-records';

export type SigningState = 'consent' | 'verify' | 'ready' | 'waiting' | 'signed' | 'declined';

/** The signing-session cookie: set when the e-mailed code is verified, scoped to the signing API. */
export const signingSessionCookie = 'locus_signing';

export const hashSession = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** Whether this browser verified the recipient's code (its cookie's hash is one of the recipient's sessions). */
export function sessionVerified(link: SigningLink, cookie: string | undefined): boolean {
  if (link.inPerson || link.recipient.authMethod !== 'email') return link.inPerson;
  if (!cookie) return false;
  return (verificationDataOf(link.recipient.verificationData).sessions ?? []).includes(hashSession(cookie));
}

/**
 * Where the recipient stands: done (signed, declined), not yet their turn (waiting), else the
 * gates in order — the ESIGN consent, then the e-mailed code (skipped in person) — then ready.
 */
export function signingStateOf(link: SigningLink, cookie: string | undefined): SigningState {
  const { recipient } = link;
  if (recipient.status === 'signed') return 'signed';
  if (recipient.status === 'declined') return 'declined';
  if (recipient.status === 'waiting' || recipient.status === 'pending') return 'waiting';
  if (!recipient.consentedAt) return 'consent';
  if (!sessionVerified(link, cookie)) return 'verify';
  return 'ready';
}

/** "a•••@example.com": enough for the signer to recognise the address, not to learn it. */
export function maskEmail(email: string) {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain ?? ''}`;
}

/** The recipient's own fields, in the order the page walks them. */
export async function signingFieldsOf(db: Database, link: SigningLink) {
  return db
    .select({
      id: enhancedSignatureFields.id,
      fieldName: enhancedSignatureFields.fieldName,
      fieldType: enhancedSignatureFields.fieldType,
      page: enhancedSignatureFields.page,
      xPosition: enhancedSignatureFields.xPosition,
      yPosition: enhancedSignatureFields.yPosition,
      width: enhancedSignatureFields.width,
      height: enhancedSignatureFields.height,
      isRequired: enhancedSignatureFields.isRequired,
      placeholder: enhancedSignatureFields.placeholder,
      validationType: enhancedSignatureFields.validationType,
      options: enhancedSignatureFields.options,
      defaultValue: enhancedSignatureFields.defaultValue,
      maxLength: enhancedSignatureFields.maxLength,
      fontSize: enhancedSignatureFields.fontSize,
      fontFamily: enhancedSignatureFields.fontFamily,
      tooltip: enhancedSignatureFields.tooltip,
      tabOrder: enhancedSignatureFields.tabOrder,
      signatureFieldId: enhancedSignatureFields.signatureFieldId,
    })
    .from(enhancedSignatureFields)
    .where(
      and(
        eq(enhancedSignatureFields.organizationId, link.request.organizationId),
        eq(enhancedSignatureFields.signatureRequestId, link.request.id),
        eq(enhancedSignatureFields.recipientId, link.recipient.id),
      ),
    )
    .orderBy(
      asc(enhancedSignatureFields.page),
      asc(enhancedSignatureFields.tabOrder),
      asc(enhancedSignatureFields.yPosition),
      asc(enhancedSignatureFields.xPosition),
      asc(enhancedSignatureFields.id),
    );
}

export type SigningFieldRow = Awaited<ReturnType<typeof signingFieldsOf>>[number];

export interface SigningView {
  state: SigningState;
  recipient: { id: string; name: string; email: string; role: string; authMethod: string; status: string };
  request: {
    id: string;
    title: string;
    message: string | null;
    signatureType: string;
    expiresAt: Date | null;
    status: string;
  };
  organization: { name: string };
  sender: { name: string };
  consent?: ConsentDisclosure;
  codeSentTo: string | null;
  document:
    | { name: string }
    | { name: string; pageCount: number; documentHash: string; pages: { width: number; height: number }[] };
  fields: Omit<SigningFieldRow, 'signatureFieldId'>[];
  progress: { currentStep: number; totalSteps: number; signed: number; total: number };
  inPerson: boolean;
}

/** A field as the signer sees it: which placed field it was copied from is the sender's business. */
function withoutPlacement(field: SigningFieldRow): Omit<SigningFieldRow, 'signatureFieldId'> {
  const { signatureFieldId, ...shown } = field;
  void signatureFieldId;
  return shown;
}

/** What GET /api/signing/:token answers: only what the recipient's state allows them to see. */
export async function presentSigningView(
  db: Database,
  files: FileStore,
  link: SigningLink,
  cookie: string | undefined,
): Promise<SigningView> {
  const { request, recipient } = link;
  const state = signingStateOf(link, cookie);
  const [context] = await db
    .select({
      organizationName: organizations.name,
      senderFirstName: users.firstName,
      senderLastName: users.lastName,
      documentName: documentInstances.name,
      currentStep: documentSigningWorkflows.currentStep,
      totalSteps: documentSigningWorkflows.totalSteps,
    })
    .from(organizations)
    .leftJoin(users, and(eq(users.id, request.createdBy ?? noId), eq(users.organizationId, organizations.id)))
    .leftJoin(
      documentInstances,
      and(
        eq(documentInstances.id, request.documentInstanceId ?? noId),
        eq(documentInstances.organizationId, organizations.id),
      ),
    )
    .leftJoin(
      documentSigningWorkflows,
      and(
        eq(documentSigningWorkflows.id, request.workflowId ?? noId),
        eq(documentSigningWorkflows.organizationId, organizations.id),
      ),
    )
    .where(eq(organizations.id, request.organizationId))
    .limit(1);
  const everyone = await db
    .select({
      role: enhancedSignatureRecipients.role,
      status: enhancedSignatureRecipients.status,
      order: enhancedSignatureRecipients.signatureOrder,
    })
    .from(enhancedSignatureRecipients)
    .where(
      and(
        eq(enhancedSignatureRecipients.organizationId, request.organizationId),
        eq(enhancedSignatureRecipients.signatureRequestId, request.id),
      ),
    );
  const acting = everyone.filter((r) => actsOnDocument(r.role));
  const documentName = context?.documentName ?? request.title;
  const open = state === 'ready' || state === 'signed';
  const pages = open
    ? await signingDocumentPages(db, files, { ...request, cacheKey: `sha256:${request.documentHash}` })
    : null;
  const fields = state === 'ready' ? await signingFieldsOf(db, link) : [];
  const code = verificationDataOf(recipient.verificationData).code;
  const senderName = context?.senderFirstName
    ? `${context.senderFirstName} ${context.senderLastName ?? ''}`.trim()
    : (context?.organizationName ?? '');
  return {
    state,
    recipient: {
      id: recipient.id,
      name: recipient.name,
      email: recipient.email,
      role: recipient.role,
      authMethod: recipient.authMethod,
      status: recipient.status,
    },
    request: {
      id: request.id,
      title: request.title,
      message: request.message,
      signatureType: request.signatureType,
      expiresAt: request.expiresAt,
      status: request.status,
    },
    organization: { name: context?.organizationName ?? '' },
    sender: { name: senderName },
    ...(state === 'consent' ? { consent: currentConsentDisclosure() } : {}),
    codeSentTo: state === 'verify' && code ? maskEmail(recipient.email) : null,
    document: pages
      ? {
          name: documentName,
          pageCount: pages.pageCount,
          documentHash: request.documentHash,
          pages: pages.pages,
        }
      : { name: documentName },
    fields: fields.map(withoutPlacement),
    progress: {
      currentStep: context?.currentStep ?? 1,
      totalSteps: context?.totalSteps ?? new Set(acting.map((r) => r.order)).size,
      signed: acting.filter((r) => r.status === 'signed').length,
      total: acting.length,
    },
    inPerson: link.inPerson,
  };
}
