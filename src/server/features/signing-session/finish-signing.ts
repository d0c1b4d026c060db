import { emitDocumentEvent } from '../webhooks/document-events';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FinishSigningInput } from '../../../common/validation/signing';
import type { Database } from '../../db';
import { documentShares, documentSigningWorkflows, signatures } from '../../db/schema/documents';
import {
  enhancedSignatureRecipients,
  enhancedSignatureRequests,
  enhancedSignatures,
} from '../../db/schema/signing';
import { AppError, conflict } from '../../lib/app-error';
import type { Transaction } from '../../lib/transaction';
import { appendSignatureAuditEvent, canonicalJson } from '../signing/audit-chain';
import { inviteStep, type SigningDeps, stepsOf } from '../signing/invite-step';
import { actsOnDocument } from '../signing/signing-emails';
import { verificationDataOf } from '../signing/verification-data';
import { completeSignatureRequest } from './complete-signature-request';
import { fraudScoreOf, fraudSignalsOf } from './fraud-score';
import { assertLinkUsable, lockSigningLink, type SigningLink } from './signing-link';
import { recordSignerActivity, type SignerClient } from './signing-step-records';
import { signingFieldsOf, signingStateOf } from './signing-view';
import { validateSigningValues } from './validate-signing-values';
import { setSigningDocumentStatus } from '../signing/signing-document-status';

export const alreadySignedMessage = 'You have already signed this document';
export const notYourTurnMessage = 'It is not your turn to sign yet: earlier signers must finish first';
export const gatesFirstMessage = 'Accept the consent and confirm your e-mail first';

/** What a finish may not get past, in the order a signer meets it (checked before and under the lock). */
function assertMayFinish(link: SigningLink, cookie: string | undefined) {
  assertLinkUsable(link);
  const state = signingStateOf(link, cookie);
  if (state === 'signed') throw conflict(alreadySignedMessage);
  if (state === 'declined') throw conflict('You declined this document');
  if (state === 'waiting') throw conflict(notYourTurnMessage);
  if (state !== 'ready') throw new AppError(403, gatesFirstMessage);
}

const uniqueViolation = (error: unknown) => {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * POST /api/signing/:token/finish: every value of the recipient at once, so a signature is all
 * there or not at all. Checked first without locks (cheap refusals), then in one transaction:
 * the request row FOR UPDATE, then the recipient's, statuses checked again on what the locks
 * return, and the values written with their evidence. Two finishes of one recipient queue on
 * the locks and the second finds it signed (409); the unique index on enhanced_signatures.field_id
 * stops anything that slipped past (409 too, never a 500). The step's consequences (the next
 * sequential step invited, or the completion) happen in the same transaction.
 */
export async function finishSigning(
  db: Database,
  deps: SigningDeps,
  link: SigningLink,
  cookie: string | undefined,
  input: FinishSigningInput,
  client: SignerClient,
): Promise<SigningLink> {
  assertMayFinish(link, cookie);
  const fields = await signingFieldsOf(db, link);
  const accepted = validateSigningValues(fields, input.fields);
  const fingerprint = input.deviceFingerprint ? sha256(input.deviceFingerprint) : null;
  try {
    return await db.transaction(async (tx) => {
      const locked = await lockSigningLink(tx, link);
      assertMayFinish(locked, cookie);
      const { request, recipient } = locked;
      const now = new Date();
      const data = verificationDataOf(recipient.verificationData);
      const signals = fraudSignalsOf({
        viewedAt: recipient.viewedAt,
        finishedAt: now,
        viewedFromIp: data.viewedFromIp,
        signedFromIp: client.ip,
        failedCodes: data.failedCodes,
      });
      const fraudScore = fraudScoreOf(signals);
      const hashes: string[] = [];
      for (const { field, value } of accepted) {
        const cryptographicHash = sha256(
          canonicalJson({
            signatureRequestId: request.id,
            recipientId: recipient.id,
            fieldId: field.id,
            signatureType: value.signatureType,
            signatureData: value.signatureData,
            documentHash: request.documentHash,
            signingTime: now,
          }),
        );
        hashes.push(cryptographicHash);
        await tx.insert(enhancedSignatures).values({
          organizationId: request.organizationId,
          signatureRequestId: request.id,
          recipientId: recipient.id,
          fieldId: field.id,
          signatureType: value.signatureType,
          signatureData: value.signatureData,
          vectorData: value.vectorData ?? null,
          cryptographicHash,
          signingTime: now,
          ipAddress: client.ip ?? 'unknown',
          userAgent: client.userAgent ?? 'unknown',
          deviceFingerprint: fingerprint,
          sessionDuration: input.sessionDuration ?? null,
          fraudScore: String(fraudScore),
          // Never collected (biometric-privacy laws such as Illinois' BIPA): see docs/decisions/032.
          biometricData: null,
          mouseMovements: null,
          keystrokePatterns: null,
        });
        if (request.documentInstanceId) {
          await tx.insert(signatures).values({
            organizationId: request.organizationId,
            documentInstanceId: request.documentInstanceId,
            signatureFieldId: field.signatureFieldId,
            signerEmail: recipient.email,
            signerName: recipient.name,
            signatureData: value.signatureData,
            ipAddress: client.ip,
            userAgent: client.userAgent,
            signedAt: now,
          });
        }
      }
      const [signedRecipient] = await tx
        .update(enhancedSignatureRecipients)
        .set({
          status: 'signed',
          signedAt: now,
          ipAddress: client.ip,
          userAgent: client.userAgent,
          signatureHash: sha256(hashes.join('\n')),
          updatedAt: now,
        })
        .where(eq(enhancedSignatureRecipients.id, recipient.id))
        .returning();
      if (recipient.shareId) {
        await tx
          .update(documentShares)
          .set({ status: 'signed', signedAt: now, lastAccessedAt: now, updatedAt: now })
          .where(
            and(
              eq(documentShares.id, recipient.shareId),
              eq(documentShares.organizationId, request.organizationId),
            ),
          );
      }
      const signedLink = { ...locked, recipient: signedRecipient };
      await emitDocumentEvent(tx, 'document.signed', request, signedRecipient);
      await recordSignerActivity(tx, signedLink, client, 'signed', {
        fields: accepted.length,
        approved: recipient.role === 'approver',
      });
      await appendSignatureAuditEvent(tx, {
        organizationId: request.organizationId,
        signatureRequestId: request.id,
        recipientId: recipient.id,
        eventType: 'signature_completed',
        eventData: {
          role: recipient.role,
          inPerson: link.inPerson,
          fields: accepted.map(({ field, value }) => ({
            fieldId: field.id,
            signatureType: value.signatureType,
          })),
          signatureHash: signedRecipient.signatureHash,
          documentHash: request.documentHash,
          sessionDuration: input.sessionDuration ?? null,
          fraudScore,
          fraudSignals: signals,
        },
        ipAddress: client.ip,
        userAgent: client.userAgent,
        sessionId: client.sessionId,
        deviceFingerprint: fingerprint,
      });
      const requestAfter = await advanceRequest(tx, deps, signedLink, client);
      return { ...signedLink, request: requestAfter };
    });
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(alreadySignedMessage);
    throw error;
  }
}

/**
 * After a recipient signed: the request completes when every acting recipient has; otherwise
 * it (and its document) stands at signed, and in sequential order the next step is invited
 * once every acting recipient of this step has signed.
 */
async function advanceRequest(tx: Transaction, deps: SigningDeps, link: SigningLink, client: SignerClient) {
  const { request, recipient } = link;
  const everyone = await tx
    .select({
      role: enhancedSignatureRecipients.role,
      status: enhancedSignatureRecipients.status,
      signatureOrder: enhancedSignatureRecipients.signatureOrder,
    })
    .from(enhancedSignatureRecipients)
    .where(
      and(
        eq(enhancedSignatureRecipients.organizationId, request.organizationId),
        eq(enhancedSignatureRecipients.signatureRequestId, request.id),
      ),
    );
  const acting = everyone.filter((r) => actsOnDocument(r.role));
  if (acting.every((r) => r.status === 'signed')) return completeSignatureRequest(tx, link, client);
  const now = new Date();
  const [signedRequest] = await tx
    .update(enhancedSignatureRequests)
    .set({ status: 'signed', updatedAt: now })
    .where(eq(enhancedSignatureRequests.id, request.id))
    .returning();
  await setSigningDocumentStatus(tx, request, 'signed');
  if (request.signatureType !== 'sequential') return signedRequest;
  const stepDone = acting
    .filter((r) => r.signatureOrder === recipient.signatureOrder)
    .every((r) => r.status === 'signed');
  if (!stepDone) return signedRequest;
  const { stepOf, totalSteps } = stepsOf(request.signatureType, everyone);
  const nextStep = stepOf(recipient) + 1;
  if (nextStep > totalSteps) return signedRequest;
  if (request.workflowId) {
    await tx
      .update(documentSigningWorkflows)
      .set({ currentStep: nextStep, updatedAt: now })
      .where(
        and(
          eq(documentSigningWorkflows.id, request.workflowId),
          eq(documentSigningWorkflows.organizationId, request.organizationId),
        ),
      );
  }
  await inviteStep(tx, deps, request.organizationId, request.id, nextStep);
  return signedRequest;
}
