import { createLeadSchema } from '../../../common/validation/leads';
import type { emailAccounts, emails } from '../../db/schema/email';
import type { Transaction } from '../../lib/transaction';
import { linkEmailToContacts } from '../email/store-email';
import { createLead } from '../leads/create-lead';

/**
 * "Create a lead from unknown senders": a lead named after the sender (display name, else the
 * address), source "Email", through the leads service as the mailbox's owner, and the message
 * linked to it. Runs in a savepoint: a lead the organization's rules refuse (a required custom
 * field, say) is skipped without losing the chunk being stored.
 */
export async function createLeadFromSender(
  tx: Transaction,
  account: typeof emailAccounts.$inferSelect,
  email: typeof emails.$inferSelect,
  fromName: string | null,
): Promise<string | null> {
  const input = createLeadSchema.safeParse({
    fullName: (fromName?.trim() || email.fromEmail).slice(0, 200),
    email: email.fromEmail,
    leadSource: 'Email',
    assignedOwner: account.userId ?? undefined,
  });
  if (!input.success) return null;
  try {
    return await tx.transaction(async (savepoint) => {
      const lead = await createLead(
        {
          db: savepoint,
          orgId: account.organizationId,
          // The mailbox's owner, acting through the server: createLead only uses the id.
          actor: {
            id: account.userId ?? '',
            role: 'user',
            isOwner: false,
            isSuperAdmin: false,
            permissions: {} as never,
            sessionId: '',
          },
        },
        input.data,
      );
      await linkEmailToContacts(savepoint, account.organizationId, email.id, [
        { address: email.fromEmail, mappingType: 'primary' },
      ]);
      return lead.id as string;
    });
  } catch {
    return null;
  }
}
