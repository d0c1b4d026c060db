import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import type { Transaction } from '../../lib/transaction';

/** The signed-in sender as document activities record the actor. */
export async function signingActorOf(tx: Transaction, userId: string) {
  const [user] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return {
    actorEmail: user?.email ?? null,
    actorName: user ? `${user.firstName} ${user.lastName}`.trim() : null,
  };
}
