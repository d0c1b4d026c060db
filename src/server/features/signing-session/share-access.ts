import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { documentActivities, documentInstances, documentShares } from '../../db/schema/documents';
import { organizations } from '../../db/schema/identity';
import { enhancedSignatureRecipients, enhancedSignatureRequests } from '../../db/schema/signing';
import type { FileStore } from '../../lib/file-store';
import { renderSignedDocumentPdf } from '../document-rendering/render-signed-pdf';
import { hashSigningToken, signingTokenPattern } from '../signing/signing-tokens';
import { signingDocumentPages, signingDocumentPdf } from './signing-document';
import { isExpired, SigningLinkError } from './signing-link';
import type { SignerClient } from './signing-step-records';

type ShareRow = typeof documentShares.$inferSelect;
type RequestRow = typeof enhancedSignatureRequests.$inferSelect;

/** A view-only link (/share/…): a share of access type view, and the request it belongs to, if any. */
export interface ShareLink {
  share: ShareRow;
  recipientId: string | null;
  request: RequestRow | null;
}

/**
 * The view share a raw token names. Signing shares open through /api/signing (consent and code
 * first), never here. Refused like a signing link: wrong → 404, expired/cancelled/declined → 410.
 */
export async function findShareLink(db: Database, token: string): Promise<ShareLink> {
  if (!signingTokenPattern.test(token)) throw new SigningLinkError('invalid');
  const [row] = await db
    .select({
      share: documentShares,
      recipientId: enhancedSignatureRecipients.id,
      request: enhancedSignatureRequests,
    })
    .from(documentShares)
    .leftJoin(
      enhancedSignatureRecipients,
      and(
        eq(enhancedSignatureRecipients.shareId, documentShares.id),
        eq(enhancedSignatureRecipients.organizationId, documentShares.organizationId),
      ),
    )
    .leftJoin(
      enhancedSignatureRequests,
      and(
        eq(enhancedSignatureRequests.id, enhancedSignatureRecipients.signatureRequestId),
        eq(enhancedSignatureRequests.organizationId, documentShares.organizationId),
      ),
    )
    .where(and(eq(documentShares.shareToken, hashSigningToken(token)), eq(documentShares.accessType, 'view')))
    .limit(1);
  if (!row || row.request?.status === 'draft') throw new SigningLinkError('invalid');
  const link = { share: row.share, recipientId: row.recipientId, request: row.request };
  if (link.request?.status === 'cancelled') throw new SigningLinkError('cancelled');
  if (link.request?.status === 'declined') throw new SigningLinkError('declined');
  if (
    (link.request && isExpired(link.request)) ||
    (link.share.expiresAt && link.share.expiresAt <= new Date())
  ) {
    throw new SigningLinkError('expired');
  }
  return link;
}

/** The pages' key: a sent request's document hash, else this version of the (unfrozen) document. */
function pagesSourceOf(link: ShareLink, updatedAt: Date) {
  return {
    organizationId: link.share.organizationId,
    documentInstanceId: link.share.documentInstanceId,
    cacheKey: link.request
      ? `sha256:${link.request.documentHash}`
      : `document:${link.share.documentInstanceId}:${updatedAt.toISOString()}`,
  };
}

/** GET /api/shares/:token: what the viewer sees, and the access recorded (count, first/last, viewed). */
export async function openShare(db: Database, files: FileStore, link: ShareLink, client: SignerClient) {
  const { share } = link;
  const [context] = await db
    .select({
      name: documentInstances.name,
      updatedAt: documentInstances.updatedAt,
      organizationName: organizations.name,
    })
    .from(documentInstances)
    .innerJoin(organizations, eq(organizations.id, documentInstances.organizationId))
    .where(
      and(
        eq(documentInstances.id, share.documentInstanceId),
        eq(documentInstances.organizationId, share.organizationId),
      ),
    )
    .limit(1);
  if (!context) throw new SigningLinkError('invalid');
  const pages = await signingDocumentPages(db, files, pagesSourceOf(link, context.updatedAt));
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(documentShares)
      .set({
        status: sql`case when ${documentShares.status} in ('pending', 'sent') then 'viewed' else ${documentShares.status} end`,
        accessCount: sql`${documentShares.accessCount} + 1`,
        firstAccessedAt: sql`coalesce(${documentShares.firstAccessedAt}, now())`,
        lastAccessedAt: now,
        updatedAt: now,
      })
      .where(eq(documentShares.id, share.id));
    if (link.recipientId) {
      await tx
        .update(enhancedSignatureRecipients)
        .set({ status: 'viewed', viewedAt: now, updatedAt: now })
        .where(
          and(
            eq(enhancedSignatureRecipients.id, link.recipientId),
            eq(enhancedSignatureRecipients.status, 'sent'),
          ),
        );
    }
    if (!share.firstAccessedAt) {
      await tx.insert(documentActivities).values({
        organizationId: share.organizationId,
        documentInstanceId: share.documentInstanceId,
        activityType: 'viewed',
        actorEmail: share.recipientEmail,
        actorName: share.recipientName,
        details: { shareId: share.id, accessType: 'view' },
        ipAddress: client.ip,
        userAgent: client.userAgent,
      });
    }
  });
  return {
    document: { name: context.name, pageCount: pages.pageCount, pages: pages.pages },
    organization: { name: context.organizationName },
    accessType: share.accessType,
    recipientName: share.recipientName,
  };
}

/** GET /api/shares/:token/pdf: the document; once its request completed, the signed copy. */
export async function sharePdf(db: Database, files: FileStore, link: ShareLink) {
  const { share, request } = link;
  if (request?.status === 'completed') {
    return {
      name: request.title,
      pdf: await renderSignedDocumentPdf(db, share.organizationId, request.id, files),
    };
  }
  return signingDocumentPdf(db, files, share.organizationId, share.documentInstanceId);
}
