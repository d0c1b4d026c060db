import type { EarlyAccessInput } from '../../../common/validation/public-submissions';
import type { Database } from '../../db';
import { earlyAccessSignups } from '../../db/schema/public-submissions';
import { enqueueNotification, notificationKinds } from './enqueue-notification';

export type EarlyAccessResult = { id: string; alreadyRegistered: false } | { alreadyRegistered: true };

/**
 * Adds a visitor to the early-access waitlist. The e-mail is stored lowercased (it is unique);
 * signing up again changes nothing and is not an error, so a repeat click stays harmless.
 */
export async function submitEarlyAccess({
  db,
  input,
}: {
  db: Database;
  input: EarlyAccessInput;
}): Promise<EarlyAccessResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(earlyAccessSignups)
      .values({
        email: input.email.toLowerCase(),
        name: input.name,
        company: input.company ?? null,
        persona: input.persona,
      })
      .onConflictDoNothing({ target: earlyAccessSignups.email })
      .returning({ id: earlyAccessSignups.id });
    if (!row) return { alreadyRegistered: true };
    await enqueueNotification(tx, notificationKinds.earlyAccessSignup, row.id);
    return { id: row.id, alreadyRegistered: false };
  });
}
