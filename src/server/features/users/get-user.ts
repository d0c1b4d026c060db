import type { ServiceContext } from '../../lib/service-context';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { invitationPendingOf, presentUser } from './present-user';
import { findUser } from './user-rules';

export async function getUser(ctx: ServiceContext, id: string) {
  const user = await findUser(ctx, id);
  const [pending] = await ctx.db
    .select({ invitationPending: invitationPendingOf() })
    .from(users)
    .where(eq(users.id, user.id));
  return presentUser({ ...user, invitationPending: pending?.invitationPending ?? false });
}
