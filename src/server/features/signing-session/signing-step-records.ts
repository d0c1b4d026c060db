import { and, eq } from 'drizzle-orm';
import type { documentActivityTypes } from '../../../common/allowed-values';
import type { Database } from '../../db';
import { organizations, users } from '../../db/schema/identity';
import { documentActivities } from '../../db/schema/documents';
import type { RequestClient } from '../../lib/service-context';
import type { Transaction } from '../../lib/transaction';
import type { SigningLink } from './signing-link';

/** Who is acting on a signing link, as the audit trail and activities record it. */
export interface SignerClient extends RequestClient {
  /** SHA-256 of the signing-session cookie (null in person or before the code). */
  sessionId: string | null;
}

/** A document activity of the recipient's step, in the step's transaction (simple-signing mirror). */
export async function recordSignerActivity(
  tx: Transaction,
  link: SigningLink,
  client: SignerClient,
  activityType: (typeof documentActivityTypes)[number],
  details: Record<string, unknown> = {},
) {
  if (!link.request.documentInstanceId) return;
  await tx.insert(documentActivities).values({
    organizationId: link.request.organizationId,
    documentInstanceId: link.request.documentInstanceId,
    activityType,
    actorEmail: link.recipient.email,
    actorName: link.recipient.name,
    details: { signatureRequestId: link.request.id, recipientId: link.recipient.id, ...details },
    ipAddress: client.ip,
    userAgent: client.userAgent,
  });
}

/** The organization's name and the sender's (the request's creator; the organization when gone). */
export async function requestPeopleOf(tx: Transaction | Database, request: SigningLink['request']) {
  const [row] = await tx
    .select({
      organizationName: organizations.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(organizations)
    .leftJoin(users, and(eq(users.organizationId, organizations.id), eq(users.id, request.createdBy ?? noId)))
    .where(eq(organizations.id, request.organizationId))
    .limit(1);
  const organizationName = row?.organizationName ?? '';
  return {
    organizationName,
    senderName: row?.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : organizationName,
    senderEmail: row?.email ?? null,
  };
}

/** Matches no row: a join on an absent reference. */
export const noId = '00000000-0000-0000-0000-000000000000';
