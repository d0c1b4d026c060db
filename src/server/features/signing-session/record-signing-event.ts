import { AppError, invalidField } from '../../lib/app-error';
import type { Database } from '../../db';
import { appendSignatureAuditEvent } from '../signing/audit-chain';
import { gatesFirstMessage } from './finish-signing';
import { assertLinkUsable, type SigningLink } from './signing-link';
import type { SignerClient } from './signing-step-records';
import { signingFieldsOf, signingStateOf } from './signing-view';
import { notYourFieldMessage } from './validate-signing-values';

/** POST /api/signing/:token/events: a field clicked or a signature begun, as evidence in the audit chain. */
export async function recordSigningEvent(
  db: Database,
  link: SigningLink,
  cookie: string | undefined,
  event: { eventType: 'field_clicked' | 'signature_started'; fieldId?: string | null },
  client: SignerClient,
) {
  assertLinkUsable(link);
  if (signingStateOf(link, cookie) !== 'ready') throw new AppError(403, gatesFirstMessage);
  if (event.fieldId) {
    const fields = await signingFieldsOf(db, link);
    if (!fields.some((field) => field.id === event.fieldId))
      throw invalidField('fieldId', notYourFieldMessage);
  }
  await db.transaction((tx) =>
    appendSignatureAuditEvent(tx, {
      organizationId: link.request.organizationId,
      signatureRequestId: link.request.id,
      recipientId: link.recipient.id,
      eventType: event.eventType,
      eventData: { fieldId: event.fieldId ?? null },
      ipAddress: client.ip,
      userAgent: client.userAgent,
      sessionId: client.sessionId,
    }),
  );
}
