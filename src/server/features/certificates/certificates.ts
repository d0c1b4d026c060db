import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { curveForKeySize, type SealingAlgorithm } from '../../../common/validation/certificates';
import { digitalCertificates } from '../../db/schema/signing';
import { platformSigningAuthorities } from '../../db/schema/platform';
import { conflict, notFound } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { inOrganization, rowInOrganization } from '../../lib/tenant-scope';
import { recordAuditEvent } from '../audit/record-audit-event';
import { activeOrganizationCertificate, issueOrganizationCertificate } from './organization-certificate';

/*
 * /api/digital-certificates (issue 18): the organization's sealing certificates as Settings ›
 * Security shows them. Only public parts ever leave: the private key (sealed at rest) and its
 * hash are never selected here, so no answer can carry them.
 */

export const certificateNotFoundMessage = 'Certificate not found';
export const reactivateMessage =
  'A deactivated or expired certificate cannot be made active again: issue a new certificate instead';

/** The columns an answer may show; `encryptedPrivateKey` and `privateKeyHash` are not among them. */
const publicColumns = {
  id: digitalCertificates.id,
  subject: digitalCertificates.subject,
  issuer: digitalCertificates.issuer,
  serialNumber: digitalCertificates.serialNumber,
  validFrom: digitalCertificates.validFrom,
  validTo: digitalCertificates.validTo,
  isActive: digitalCertificates.isActive,
  keySize: digitalCertificates.keySize,
  algorithm: digitalCertificates.algorithm,
  fingerprint: digitalCertificates.fingerprint,
  deactivatedAt: digitalCertificates.deactivatedAt,
  createdAt: digitalCertificates.createdAt,
};
type CertificateRow = Awaited<ReturnType<typeof certificateRows>>[number];

export type CertificateStatus = 'active' | 'deactivated' | 'expired';

/** An expired certificate reads "expired" even while still marked active (its renewal is due). */
export function certificateStatus(row: Pick<CertificateRow, 'isActive' | 'validTo'>, now = new Date()) {
  if (row.validTo && row.validTo.getTime() <= now.getTime()) return 'expired' as const;
  return row.isActive ? ('active' as const) : ('deactivated' as const);
}

export function presentCertificate(row: CertificateRow) {
  return {
    ...row,
    status: certificateStatus(row),
    // ECDSA's keySize is the strength that picked the curve: the curve is what a viewer shows.
    curve: row.algorithm === 'ECDSA' ? curveForKeySize(row.keySize) : null,
  };
}
export type PresentedCertificate = ReturnType<typeof presentCertificate>;

/** How many certificates a list shows: one per rotation, so far more than an organization makes. */
const listLimit = 100;

const newestFirst = [desc(digitalCertificates.createdAt), desc(digitalCertificates.validFrom)];

async function certificateRows(ctx: ServiceContext) {
  return ctx.db
    .select(publicColumns)
    .from(digitalCertificates)
    .where(inOrganization(digitalCertificates, ctx.orgId))
    .orderBy(...newestFirst)
    .limit(listLimit + 1);
}

/**
 * The organization's certificates, newest first. The first look issues the first one ("on first
 * use"), and an active one near its expiry is renewed; after a deactivation none is issued here:
 * the next seal (or "Issue new certificate") makes the new one.
 */
export async function listCertificates(ctx: ServiceContext, secrets: SecretBox) {
  let rows = await certificateRows(ctx);
  if (rows.length === 0 || rows.some((row) => row.isActive)) {
    const active = await activeOrganizationCertificate(ctx.db, secrets, ctx.orgId);
    if (!rows.some((row) => row.id === active.id)) rows = await certificateRows(ctx);
  }
  return {
    items: rows.slice(0, listLimit).map(presentCertificate),
    nextCursor: null,
    total: rows.length > listLimit ? await countCertificates(ctx) : rows.length,
  };
}

async function countCertificates(ctx: ServiceContext) {
  return ctx.db.$count(digitalCertificates, inOrganization(digitalCertificates, ctx.orgId));
}

async function certificateRow(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(certificateNotFoundMessage);
  const [row] = await ctx.db
    .select(publicColumns)
    .from(digitalCertificates)
    .where(rowInOrganization(digitalCertificates, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(certificateNotFoundMessage);
  return row;
}

export async function getCertificate(ctx: ServiceContext, id: string) {
  return presentCertificate(await certificateRow(ctx, id));
}

/**
 * Rotation: a new certificate becomes the active one and the previous one is deactivated (kept,
 * so the seals it made still verify against it and the CA).
 */
export async function issueCertificate(
  ctx: ServiceContext,
  secrets: SecretBox,
  input: { algorithm: SealingAlgorithm; keySize: number },
) {
  const row = await ctx.db.transaction((tx) =>
    issueOrganizationCertificate(tx, secrets, ctx.orgId, input, ctx),
  );
  return getCertificate(ctx, row.id);
}

/**
 * `{ isActive: false }` stops a certificate sealing (the next seal issues a fresh one). A stopped
 * or expired certificate never seals again: `{ isActive: true }` on one is a conflict.
 */
export async function updateCertificate(ctx: ServiceContext, id: string, input: { isActive: boolean }) {
  const row = await certificateRow(ctx, id);
  const status = certificateStatus(row);
  if (input.isActive) {
    if (status !== 'active') throw conflict(reactivateMessage);
    return presentCertificate(row);
  }
  if (!row.isActive) return presentCertificate(row);
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [changed] = await tx
      .update(digitalCertificates)
      .set({ isActive: false, deactivatedAt: now, updatedAt: now })
      .where(
        and(rowInOrganization(digitalCertificates, ctx.orgId, id), eq(digitalCertificates.isActive, true)),
      )
      .returning({ id: digitalCertificates.id });
    if (!changed) return;
    await recordAuditEvent(tx, ctx, {
      action: 'certificate.deactivated',
      resource: 'digital_certificates',
      resourceId: id,
      details: { serialNumber: row.serialNumber },
    });
  });
  return getCertificate(ctx, id);
}

/** The public certificate (PEM) and a file name for it. */
export async function certificatePem(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(certificateNotFoundMessage);
  const [row] = await ctx.db
    .select({ pem: digitalCertificates.certificateData, serialNumber: digitalCertificates.serialNumber })
    .from(digitalCertificates)
    .where(rowInOrganization(digitalCertificates, ctx.orgId, id))
    .limit(1);
  if (!row) throw notFound(certificateNotFoundMessage);
  return { pem: row.pem, fileName: `locus-sealing-certificate-${row.serialNumber}.pem` };
}

/**
 * The CA certificates a verifier of this organization's seals trusts (PEM, concatenated): the
 * active platform CA (which issues its next certificate) and every CA that issued one of its
 * certificates (an imported CA replaces the generated one; older seals still chain to it).
 */
export async function certificateAuthorityChain(ctx: ServiceContext) {
  const issuers = ctx.db
    .select({ authorityId: digitalCertificates.authorityId })
    .from(digitalCertificates)
    .where(inOrganization(digitalCertificates, ctx.orgId));
  const rows = await ctx.db
    .select({ pem: platformSigningAuthorities.certificatePem })
    .from(platformSigningAuthorities)
    .where(or(eq(platformSigningAuthorities.isActive, true), inArray(platformSigningAuthorities.id, issuers)))
    .orderBy(desc(platformSigningAuthorities.isActive), desc(platformSigningAuthorities.validFrom));
  return rows.map((row) => row.pem).join('');
}
