import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db';
import { organizations, users, userTokens } from '../../db/schema/identity';

/*
 * Single-use links sent by e-mail (user_tokens). The raw token (32 random bytes) exists only in
 * the message; the table keeps its SHA-256, so a copy of the database opens no account. Issuing
 * a token removes the user's earlier unused tokens of that purpose: only the newest link works.
 */

export type TokenPurpose = 'password_reset' | 'invitation';

export const tokenLifetimeMs: Record<TokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const newRawToken = () => randomBytes(32).toString('base64url');

/** Creates a token for the user in `tx` (invalidating the earlier unused ones); answers the raw token. */
export async function issueUserToken(
  tx: Database,
  user: { id: string; organizationId: string },
  purpose: TokenPurpose,
  createdBy: string | null = null,
  token = newRawToken(),
): Promise<string> {
  await tx
    .delete(userTokens)
    .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
  await tx.insert(userTokens).values({
    organizationId: user.organizationId,
    userId: user.id,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + tokenLifetimeMs[purpose]),
    createdBy,
  });
  return token;
}

/** The user a valid (unused, unexpired) token of `purpose` belongs to; `lock` takes the token row for update. */
export async function findTokenHolder(db: Database, token: string, purpose: TokenPurpose, lock = false) {
  const query = db
    .select({
      tokenId: userTokens.id,
      expiresAt: userTokens.expiresAt,
      usedAt: userTokens.usedAt,
      userId: users.id,
      organizationId: users.organizationId,
      email: users.email,
      firstName: users.firstName,
      status: users.status,
      organizationStatus: organizations.status,
      organizationName: organizations.name,
    })
    .from(userTokens)
    .innerJoin(
      users,
      and(eq(users.id, userTokens.userId), eq(users.organizationId, userTokens.organizationId)),
    )
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, purpose)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: userTokens }) : await query;
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) return null;
  if (row.status !== 'active' || row.organizationStatus !== 'active') return null;
  return row;
}
