import { and, eq, inArray, sql } from 'drizzle-orm';
import type { UpdateOrganizationEmailSettingsInput } from '../../../common/validation/email';
import { emails, organizationEmailSettings } from '../../db/schema/email';
import { outbox } from '../../db/schema/platform';
import { outboxKinds } from '../../lib/outbox';
import type { SecretBox } from '../../lib/secret-box';
import type { ServiceContext } from '../../lib/service-context';
import type { Transaction } from '../../lib/transaction';
import { waitingForMailServer } from '../email/sender';

export interface OrganizationEmailSettings {
  smtpHost: string | null;
  smtpPort: number | null;
  smtpSecurity: 'tls' | 'starttls' | 'none';
  smtpUsername: string | null;
  hasSmtpPassword: boolean;
  trackingEnabled: boolean;
  createLeadsFromUnknownSenders: boolean;
  /** No host of its own: mail goes through the platform server (SMTP_URL), if there is one. */
  usingPlatformServer: boolean;
  /** Whether a platform server is configured at all (without one and without a host, mail waits). */
  platformServerConfigured: boolean;
}

type Row = typeof organizationEmailSettings.$inferSelect;

function toSettings(row: Row | undefined, smtpUrl: string | undefined): OrganizationEmailSettings {
  return {
    smtpHost: row?.smtpHost ?? null,
    smtpPort: row?.smtpPort ?? null,
    smtpSecurity: row?.smtpSecurity ?? 'starttls',
    smtpUsername: row?.smtpUsername ?? null,
    hasSmtpPassword: Boolean(row?.smtpPassword),
    trackingEnabled: row?.trackingEnabled ?? false,
    createLeadsFromUnknownSenders: row?.createLeadsFromUnknownSenders ?? false,
    usingPlatformServer: !row?.smtpHost,
    platformServerConfigured: Boolean(smtpUrl),
  };
}

export async function getOrganizationEmailSettings(
  ctx: ServiceContext,
  smtpUrl: string | undefined,
): Promise<OrganizationEmailSettings> {
  const [row] = await ctx.db
    .select()
    .from(organizationEmailSettings)
    .where(eq(organizationEmailSettings.organizationId, ctx.orgId))
    .limit(1);
  return toSettings(row, smtpUrl);
}

/**
 * Saves the organization's server (the password sealed; '' clears it, absent keeps it). When a
 * server becomes usable, mail waiting for one is released in the same transaction, so it goes
 * out on the worker's next round rather than after its wait.
 */
export async function updateOrganizationEmailSettings(
  ctx: ServiceContext,
  secrets: SecretBox,
  smtpUrl: string | undefined,
  input: UpdateOrganizationEmailSettingsInput,
): Promise<OrganizationEmailSettings> {
  const changes: Partial<typeof organizationEmailSettings.$inferInsert> = {
    ...(input.smtpHost !== undefined && { smtpHost: input.smtpHost }),
    ...(input.smtpPort !== undefined && { smtpPort: input.smtpPort }),
    ...(input.smtpSecurity !== undefined && { smtpSecurity: input.smtpSecurity }),
    ...(input.smtpUsername !== undefined && { smtpUsername: input.smtpUsername }),
    ...(input.smtpPassword !== undefined && {
      smtpPassword: input.smtpPassword === '' ? null : secrets.seal(input.smtpPassword),
    }),
    ...(input.trackingEnabled !== undefined && { trackingEnabled: input.trackingEnabled }),
    ...(input.createLeadsFromUnknownSenders !== undefined && {
      createLeadsFromUnknownSenders: input.createLeadsFromUnknownSenders,
    }),
  };
  const row = await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(organizationEmailSettings)
      .values({ organizationId: ctx.orgId, ...changes, updatedBy: ctx.actor.id })
      .onConflictDoUpdate({
        target: organizationEmailSettings.organizationId,
        set: { ...changes, updatedBy: ctx.actor.id, updatedAt: new Date() },
      })
      .returning();
    if (saved.smtpHost || smtpUrl) await releaseWaitingMail(tx, ctx.orgId);
    return saved;
  });
  return toSettings(row, smtpUrl);
}

/** Waiting mail of the organization is due now, and its messages queued again. */
async function releaseWaitingMail(tx: Transaction, orgId: string) {
  await tx
    .update(outbox)
    .set({ runAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(outbox.organizationId, orgId),
        eq(outbox.status, 'pending'),
        inArray(outbox.kind, [outboxKinds.sendEmail, outboxKinds.sendPlatformEmail]),
        eq(outbox.lastError, waitingForMailServer),
      ),
    );
  await tx
    .update(emails)
    .set({ sendStatus: 'queued', updatedAt: new Date() })
    .where(and(eq(emails.organizationId, orgId), eq(emails.sendStatus, 'waiting')));
}
