import { and, eq, inArray } from 'drizzle-orm';
import { documentNotFoundMessage } from '../../../common/validation/documents';
import type { Database } from '../../db';
import { documentInstances, documentShares, documentSigningWorkflows } from '../../db/schema/documents';
import {
  enhancedSignatureFields,
  enhancedSignatureRecipients,
  enhancedSignatureRequests,
} from '../../db/schema/signing';
import { conflict, notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/service-context';
import { rowInOrganization } from '../../lib/tenant-scope';
import type { Transaction } from '../../lib/transaction';
import { isRetainedRequest, retainedDocumentMessage } from './retention';

/*
 * Loading the sender's signing rows: always within the caller's organization, a foreign or
 * malformed id answering the same 404 as a missing one.
 */

export const requestNotFoundMessage = 'Signature request not found';
export const recipientNotFoundMessage = 'Recipient not found';
export const fieldNotFoundMessage = 'Field not found';
export const workflowNotFoundMessage = 'Signing workflow not found';
export const shareNotFoundMessage = 'Share not found';
export const requestInProgressMessage = 'This document already has a signature request in progress';
export const requestNotDraftMessage = 'This signature request was already sent and can no longer be changed';
export const requestNotDeletableMessage =
  'Only a draft or cancelled signature request can be deleted: cancel it first';
export const requestNotActiveMessage = 'This signature request is no longer in progress';

/** The request statuses that hold a document: a second request on it is refused. */
export const activeRequestStatuses = ['draft', 'sent', 'viewed', 'signed'] as const;
/** Sent and not yet finished: reminders, resends and cancelling apply. */
export const runningRequestStatuses = ['sent', 'viewed', 'signed'] as const;

type Db = Database | Transaction;

async function oneRow<T>(rows: Promise<T[]>, message: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw notFound(message);
  return row;
}

export async function requestRowOf(db: Db, orgId: string, id: string, { lock = false } = {}) {
  if (!isUuid(id)) throw notFound(requestNotFoundMessage);
  const query = db
    .select()
    .from(enhancedSignatureRequests)
    .where(rowInOrganization(enhancedSignatureRequests, orgId, id));
  return oneRow(lock ? query.for('update') : query, requestNotFoundMessage);
}

/** A draft request, locked for the change the caller makes (409 once it was sent). */
export async function draftRequestOf(tx: Transaction, orgId: string, id: string) {
  const request = await requestRowOf(tx, orgId, id, { lock: true });
  if (isRetainedRequest(request)) throw conflict(retainedDocumentMessage);
  if (request.status !== 'draft') throw conflict(requestNotDraftMessage);
  return request;
}

export async function recipientRowOf(db: Db, orgId: string, requestId: string, id: string) {
  if (!isUuid(id)) throw notFound(recipientNotFoundMessage);
  return oneRow(
    db
      .select()
      .from(enhancedSignatureRecipients)
      .where(
        and(
          rowInOrganization(enhancedSignatureRecipients, orgId, id),
          eq(enhancedSignatureRecipients.signatureRequestId, requestId),
        ),
      )
      .for('update'),
    recipientNotFoundMessage,
  );
}

export async function fieldRowOf(db: Db, orgId: string, requestId: string, id: string) {
  if (!isUuid(id)) throw notFound(fieldNotFoundMessage);
  return oneRow(
    db
      .select()
      .from(enhancedSignatureFields)
      .where(
        and(
          rowInOrganization(enhancedSignatureFields, orgId, id),
          eq(enhancedSignatureFields.signatureRequestId, requestId),
        ),
      ),
    fieldNotFoundMessage,
  );
}

export async function documentRowFor(db: Db, orgId: string, id: string, { lock = false } = {}) {
  if (!isUuid(id)) throw notFound(documentNotFoundMessage);
  const query = db
    .select()
    .from(documentInstances)
    .where(rowInOrganization(documentInstances, orgId, id));
  return oneRow(lock ? query.for('update') : query, documentNotFoundMessage);
}

export async function workflowRowOf(db: Db, orgId: string, id: string, { lock = false } = {}) {
  if (!isUuid(id)) throw notFound(workflowNotFoundMessage);
  const query = db
    .select()
    .from(documentSigningWorkflows)
    .where(rowInOrganization(documentSigningWorkflows, orgId, id));
  return oneRow(lock ? query.for('update') : query, workflowNotFoundMessage);
}

export async function shareRowOf(db: Db, orgId: string, id: string) {
  if (!isUuid(id)) throw notFound(shareNotFoundMessage);
  return oneRow(
    db
      .select()
      .from(documentShares)
      .where(rowInOrganization(documentShares, orgId, id)),
    shareNotFoundMessage,
  );
}

/**
 * A document may carry one signature request at a time, and only a draft or locked document can
 * be sent: 409 otherwise. `exceptRequestId` is the request being sent itself.
 */
export async function assertDocumentSendable(
  tx: Transaction,
  orgId: string,
  document: { id: string; status: string },
  exceptRequestId?: string,
) {
  const active = await tx
    .select({ id: enhancedSignatureRequests.id })
    .from(enhancedSignatureRequests)
    .where(
      and(
        eq(enhancedSignatureRequests.organizationId, orgId),
        eq(enhancedSignatureRequests.documentInstanceId, document.id),
        inArray(enhancedSignatureRequests.status, [...activeRequestStatuses]),
      ),
    );
  if (active.some((row) => row.id !== exceptRequestId)) throw conflict(requestInProgressMessage);
  if (document.status !== 'draft' && document.status !== 'locked_for_signing') {
    throw conflict(
      document.status === 'completed'
        ? 'This document is already signed: make a new document to send it again'
        : document.status === 'cancelled'
          ? 'The signing of this document was cancelled: set it back to draft to send it again'
          : requestInProgressMessage,
    );
  }
}

/** The workflow a sent request runs on: its id when some request (not a draft) points at it. */
export async function workflowWasSent(db: Db, orgId: string, workflowId: string) {
  const rows = await db
    .select({ status: enhancedSignatureRequests.status })
    .from(enhancedSignatureRequests)
    .where(
      and(
        eq(enhancedSignatureRequests.organizationId, orgId),
        eq(enhancedSignatureRequests.workflowId, workflowId),
      ),
    );
  return rows.some((row) => row.status !== 'draft');
}
