import type { Transaction } from '../../lib/transaction';

/**
 * SCAFFOLD (replaced by the tracking helper): marks the outgoing message `originalMessageId`
 * as bounced (email_tracking bounced, bouncedAt, bounceReason, deliveryStatus 'bounced').
 */
export async function recordBounce(
  _tx: Transaction,
  _bounce: { organizationId: string; originalMessageId: string; reason: string },
): Promise<boolean> {
  return false;
}
