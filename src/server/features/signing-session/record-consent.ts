import { eq } from 'drizzle-orm';
import { consentDisclosures } from '../../../common/signing/consent-disclosure';
import type { Database } from '../../db';
import { enhancedSignatureRecipients } from '../../db/schema/signing';
import { badRequest } from '../../lib/app-error';
import { assertLinkUsable, lockSigningLink, type SigningLink } from './signing-link';

export const unknownConsentVersionMessage = 'This consent version is not known: reload the page';

/** The ESIGN disclosure accepted: its version and the time, stored on the recipient (once). */
export async function recordConsent(db: Database, link: SigningLink, version: string): Promise<SigningLink> {
  if (!Object.hasOwn(consentDisclosures, version)) throw badRequest(unknownConsentVersionMessage);
  return db.transaction(async (tx) => {
    const locked = await lockSigningLink(tx, link);
    assertLinkUsable(locked);
    if (locked.recipient.consentedAt) return locked;
    const now = new Date();
    const [recipient] = await tx
      .update(enhancedSignatureRecipients)
      .set({ consentVersion: version, consentedAt: now, updatedAt: now })
      .where(eq(enhancedSignatureRecipients.id, locked.recipient.id))
      .returning();
    return { ...locked, recipient };
  });
}
