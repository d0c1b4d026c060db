import { eq } from 'drizzle-orm';
import { systemUpdates } from '../../db/schema/platform';
import { notFound } from '../../lib/app-error';
import { isUuid, type ServiceContext } from '../../lib/service-context';
import { recordAuditEvent } from '../audit/record-audit-event';
import { announcementNotFoundMessage } from './announcement-audience';

/** DELETE /api/super-admin/system-updates/:id: gone from every bell at once (reads cascade). */
export async function deleteAnnouncement(ctx: ServiceContext, id: string) {
  if (!isUuid(id)) throw notFound(announcementNotFoundMessage);
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(systemUpdates)
      .where(eq(systemUpdates.id, id))
      .returning({ id: systemUpdates.id, title: systemUpdates.title });
    if (!deleted) throw notFound(announcementNotFoundMessage);
    await recordAuditEvent(
      tx,
      { orgId: null, actor: ctx.actor, client: ctx.client },
      {
        action: 'platform.announcement_deleted',
        resource: 'system_updates',
        resourceId: deleted.id,
        details: { title: deleted.title },
      },
    );
  });
}
