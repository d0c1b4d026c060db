import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { postAnnouncementSchema } from '../../../common/validation/announcements';
import type { FeatureOptions } from '../../app';
import { contextOf } from '../../lib/service-context';
import { deleteAnnouncement } from './delete-announcement';
import { listAnnouncements, listAnnouncementsQuerySchema } from './list-announcements';
import { listMyAnnouncements } from './list-my-announcements';
import { markAllAnnouncementsRead, markAnnouncementRead } from './mark-announcements-read';
import { postAnnouncement } from './post-announcement';

const idParams = z.object({ id: z.string().max(64) });

/**
 * Announcements (issue 20 §7): super admins post and delete them under /api/super-admin/system-updates;
 * every signed-in user reads theirs (the bell) under /api/system-updates.
 */
export async function announcementRoutes(base: FastifyInstance, { db }: FeatureOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/super-admin/system-updates',
    { config: { access: 'superAdmin' }, schema: { querystring: listAnnouncementsQuerySchema } },
    async (request) => listAnnouncements(db, request.query),
  );

  app.post(
    '/api/super-admin/system-updates',
    { config: { access: 'superAdmin' }, schema: { body: postAnnouncementSchema } },
    async (request, reply) =>
      reply.status(201).send(await postAnnouncement(contextOf(request, db), request.body)),
  );

  app.delete(
    '/api/super-admin/system-updates/:id',
    { config: { access: 'superAdmin' }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteAnnouncement(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get('/api/system-updates', { config: { access: 'authenticated' } }, async (request) =>
    listMyAnnouncements(contextOf(request, db)),
  );

  // Declared before /:id/read so "read-all" is never taken for an id.
  app.post('/api/system-updates/read-all', { config: { access: 'authenticated' } }, async (request) =>
    markAllAnnouncementsRead(contextOf(request, db)),
  );

  app.post(
    '/api/system-updates/:id/read',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (request) => markAnnouncementRead(contextOf(request, db), request.params.id),
  );
}
