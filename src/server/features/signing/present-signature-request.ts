import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { documentInstances, documentSigningWorkflows } from '../../db/schema/documents';
import {
  enhancedSignatureFields,
  enhancedSignatureRecipients,
  enhancedSignatureRequests,
  enhancedSignatures,
} from '../../db/schema/signing';
import type { Transaction } from '../../lib/transaction';
import { presentSeal } from '../sealing/present-seal';
import { verifySignatureAuditChain } from './audit-chain';
import { requestRowOf } from './signing-records';

type RequestRow = typeof enhancedSignatureRequests.$inferSelect;
type RecipientRow = typeof enhancedSignatureRecipients.$inferSelect;
type FieldRow = typeof enhancedSignatureFields.$inferSelect;
type Db = Database | Transaction;

/** What the sender sees of a recipient: never its token hash, sealed token, code or in-person hash. */
export function presentRecipient(row: RecipientRow, fraudScore: number | null = null) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    signatureOrder: row.signatureOrder,
    status: row.status,
    authMethod: row.authMethod,
    invitedAt: row.invitedAt,
    viewedAt: row.viewedAt,
    signedAt: row.signedAt,
    declinedAt: row.declinedAt,
    declineReason: row.declineReason,
    remindersSent: row.remindersSent,
    lastReminderAt: row.lastReminderAt,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    consentVersion: row.consentVersion,
    consentedAt: row.consentedAt,
    fraudScore,
    signingUrl: row.signingUrl,
  };
}

export type RecipientView = ReturnType<typeof presentRecipient>;

export function presentField(row: FieldRow) {
  const { organizationId: _organizationId, ...field } = row;
  return field;
}

/** The request's own fields (spec names); the legacy `auditTrail` column is left out. */
export function presentRequestRow(row: RequestRow) {
  const { organizationId: _organizationId, auditTrail: _auditTrail, ...request } = row;
  return request;
}

/** The highest fraud score among each recipient's signatures. */
async function fraudScoresOf(db: Db, orgId: string, recipientIds: string[]) {
  if (recipientIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({
      recipientId: enhancedSignatures.recipientId,
      score: sql<string | null>`max(${enhancedSignatures.fraudScore})`,
    })
    .from(enhancedSignatures)
    .where(
      and(
        eq(enhancedSignatures.organizationId, orgId),
        inArray(enhancedSignatures.recipientId, recipientIds),
      ),
    )
    .groupBy(enhancedSignatures.recipientId);
  return new Map(rows.flatMap((row) => (row.score === null ? [] : [[row.recipientId, Number(row.score)]])));
}

export async function recipientViewOf(db: Db, orgId: string, row: RecipientRow) {
  const scores = await fraudScoresOf(db, orgId, [row.id]);
  return presentRecipient(row, scores.get(row.id) ?? null);
}

/** RequestDetail: the request, its document and workflow, recipients, fields and the chain's state. */
export async function presentSignatureRequest(db: Db, orgId: string, id: string) {
  const request = await requestRowOf(db, orgId, id);
  const [recipients, fields, [document], [workflow], chain, seal] = await Promise.all([
    db
      .select()
      .from(enhancedSignatureRecipients)
      .where(
        and(
          eq(enhancedSignatureRecipients.organizationId, orgId),
          eq(enhancedSignatureRecipients.signatureRequestId, id),
        ),
      )
      .orderBy(asc(enhancedSignatureRecipients.signatureOrder), asc(enhancedSignatureRecipients.createdAt)),
    db
      .select()
      .from(enhancedSignatureFields)
      .where(
        and(
          eq(enhancedSignatureFields.organizationId, orgId),
          eq(enhancedSignatureFields.signatureRequestId, id),
        ),
      )
      .orderBy(
        asc(enhancedSignatureFields.page),
        asc(enhancedSignatureFields.tabOrder),
        asc(enhancedSignatureFields.createdAt),
      ),
    request.documentInstanceId
      ? db
          .select({
            id: documentInstances.id,
            name: documentInstances.name,
            status: documentInstances.status,
          })
          .from(documentInstances)
          .where(
            and(
              eq(documentInstances.organizationId, orgId),
              eq(documentInstances.id, request.documentInstanceId),
            ),
          )
      : Promise.resolve([]),
    request.workflowId
      ? db
          .select({
            id: documentSigningWorkflows.id,
            signingOrder: documentSigningWorkflows.signingOrder,
            currentStep: documentSigningWorkflows.currentStep,
            totalSteps: documentSigningWorkflows.totalSteps,
            status: documentSigningWorkflows.status,
          })
          .from(documentSigningWorkflows)
          .where(
            and(
              eq(documentSigningWorkflows.organizationId, orgId),
              eq(documentSigningWorkflows.id, request.workflowId),
            ),
          )
      : Promise.resolve([]),
    verifySignatureAuditChain(db, orgId, id),
    presentSeal(db, request),
  ]);
  const scores = await fraudScoresOf(
    db,
    orgId,
    recipients.map((r) => r.id),
  );
  return {
    ...presentRequestRow(request),
    document: document ?? null,
    workflow: workflow ?? null,
    recipients: recipients.map((r) => presentRecipient(r, scores.get(r.id) ?? null)),
    fields: fields.map(presentField),
    chain: { valid: chain.valid, events: chain.events },
    seal,
  };
}

export type RequestDetail = Awaited<ReturnType<typeof presentSignatureRequest>>;
