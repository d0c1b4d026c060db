import type { InPersonToken } from './api';

/*
 * In-person links live only in this tab (sessionStorage, `locus.inPerson.<recipientId>`): never in
 * the URL, so they reach no history, bookmark or referrer, and a reload resumes the signing.
 */

export const inPersonKey = (recipientId: string) => `locus.inPerson.${recipientId}`;

export function storeInPersonToken(storage: Storage, recipientId: string, token: InPersonToken): void {
  storage.setItem(inPersonKey(recipientId), JSON.stringify(token));
}

/** The recipient's in-person token if this tab holds one that has not expired (expired ones go). */
export function readInPersonToken(
  storage: Storage,
  recipientId: string,
  now = Date.now(),
): InPersonToken | null {
  const raw = storage.getItem(inPersonKey(recipientId));
  if (raw === null) return null;
  try {
    const token = JSON.parse(raw) as Partial<InPersonToken>;
    if (
      typeof token.token === 'string' &&
      typeof token.expiresAt === 'string' &&
      Date.parse(token.expiresAt) > now
    ) {
      return { token: token.token, expiresAt: token.expiresAt };
    }
  } catch {
    // A damaged entry is as good as none.
  }
  storage.removeItem(inPersonKey(recipientId));
  return null;
}

export function forgetInPersonToken(storage: Storage, recipientId: string): void {
  storage.removeItem(inPersonKey(recipientId));
}

const actingRoles = ['signer', 'approver', 'notary'];
const invitedStatuses = ['sent', 'viewed'];

/** Recipients who may sign now: acting roles that were invited (their step has come) and have not finished. */
export function recipientsWhoseTurnItIs<T extends { role: string; status: string }>(
  recipients: readonly T[],
): T[] {
  return recipients.filter(
    (recipient) => actingRoles.includes(recipient.role) && invitedStatuses.includes(recipient.status),
  );
}
