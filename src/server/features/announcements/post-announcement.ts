import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  audienceOfAnnouncement,
  type postAnnouncementSchema,
} from '../../../common/validation/announcements';
import { organizations, users } from '../../db/schema/identity';
import { systemUpdates } from '../../db/schema/platform';
import { invalidField } from '../../lib/app-error';
import type { ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { findAnnouncement } from './list-announcements';

/**
 * POST /api/super-admin/system-updates: an announcement to everyone, one organization or one
 * user (by id or e-mail). A user's announcement also names their organization, so it goes when
 * the organization is deleted. Audited at platform level.
 */
export async function postAnnouncement(ctx: ServiceContext, input: z.infer<typeof postAnnouncementSchema>) {
  const target = await resolveAudience(ctx, input);
  const id = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(systemUpdates)
      .values({
        organizationId: target.organizationId,
        userId: target.userId,
        updateType: 'announcement',
        category: input.category,
        title: input.title,
        description: input.description ?? null,
        actionUrl: input.actionUrl ?? null,
        iconType: input.iconType,
        priority: input.priority,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        createdBy: ctx.actor.id,
      })
      .returning({ id: systemUpdates.id, title: systemUpdates.title });
    await recordAuditEvent(
      tx,
      { orgId: null, actor: ctx.actor, client: ctx.client },
      {
        action: 'platform.announcement_posted',
        resource: 'system_updates',
        resourceId: created.id,
        details: { title: created.title, audience: audienceOfAnnouncement(input) },
      },
    );
    return created.id;
  });
  return findAnnouncement(ctx.db, id);
}

async function resolveAudience(
  ctx: ServiceContext,
  input: z.infer<typeof postAnnouncementSchema>,
): Promise<{ organizationId: string | null; userId: string | null }> {
  const audience = audienceOfAnnouncement(input);
  if (audience === 'everyone') return { organizationId: null, userId: null };
  if (audience === 'organization') {
    const [org] = await ctx.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, input.organizationId!))
      .limit(1);
    if (!org) throw invalidField('organizationId', 'Organization not found');
    return { organizationId: org.id, userId: null };
  }
  const byId = Boolean(input.userId);
  const [user] = await ctx.db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(users)
    .where(byId ? eq(users.id, input.userId!) : eq(users.email, input.userEmail!.toLowerCase()))
    .limit(1);
  if (!user) {
    throw byId
      ? invalidField('userId', 'User not found')
      : invalidField('userEmail', 'No user has this e-mail');
  }
  return { organizationId: user.organizationId, userId: user.id };
}
