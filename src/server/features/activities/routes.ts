import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createActivitySchema,
  createLeadActivitySchema,
  updateActivitySchema,
  updateLeadActivitySchema,
} from '../../../common/validation/activities';
import type { Database } from '../../db';
import { contextOf } from '../../lib/service-context';
import { updateWithVersion, withEtag } from '../../lib/record-version';
import { activities, leadActivities } from '../../db/schema/crm';
import type { RouteAccess } from '../../plugins/route-access';
import {
  createActivity,
  deleteActivity,
  getActivity,
  listActivities,
  listActivitiesQuerySchema,
  updateActivity,
} from './activity-service';
import {
  createLeadActivity,
  deleteLeadActivity,
  getLeadActivity,
  listLeadActivities,
  listLeadActivitiesQuerySchema,
  updateLeadActivity,
} from './lead-activity-service';
import { listMyTasks, myTasksQuerySchema } from './my-tasks';

const idParams = z.object({ id: z.string() });

/** /api/activities (on clients and deals), /api/lead-activities (on leads) and /api/tasks/mine. */
export async function activityRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const read: { access: RouteAccess } = { access: { permission: ['activities', 'read'] } };
  const create: { access: RouteAccess } = { access: { permission: ['activities', 'create'] } };
  const update: { access: RouteAccess } = { access: { permission: ['activities', 'update'] } };
  const remove: { access: RouteAccess } = { access: { permission: ['activities', 'delete'] } };

  app.get('/api/tasks/mine', { config: read, schema: { querystring: myTasksQuerySchema } }, async (request) =>
    listMyTasks(contextOf(request, db), request.query),
  );

  app.get(
    '/api/activities',
    { config: read, schema: { querystring: listActivitiesQuerySchema } },
    async (request) => listActivities(contextOf(request, db), request.query),
  );
  app.get('/api/activities/:id', { config: read, schema: { params: idParams } }, async (request, reply) =>
    withEtag(reply, await getActivity(contextOf(request, db), request.params.id)),
  );
  app.post(
    '/api/activities',
    { config: create, schema: { body: createActivitySchema } },
    async (request, reply) =>
      reply.status(201).send(await createActivity(contextOf(request, db), request.body)),
  );
  app.patch(
    '/api/activities/:id',
    { config: update, schema: { params: idParams, body: updateActivitySchema } },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: activities,
        id,
        update: (ctx) => updateActivity(ctx, id, request.body),
        read: (ctx) => getActivity(ctx, id),
      });
    },
  );
  app.delete(
    '/api/activities/:id',
    { config: remove, schema: { params: idParams } },
    async (request, reply) => {
      await deleteActivity(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/lead-activities',
    { config: read, schema: { querystring: listLeadActivitiesQuerySchema } },
    async (request) => listLeadActivities(contextOf(request, db), request.query),
  );
  app.get(
    '/api/lead-activities/:id',
    { config: read, schema: { params: idParams } },
    async (request, reply) =>
      withEtag(reply, await getLeadActivity(contextOf(request, db), request.params.id)),
  );
  app.post(
    '/api/lead-activities',
    { config: create, schema: { body: createLeadActivitySchema } },
    async (request, reply) =>
      reply.status(201).send(await createLeadActivity(contextOf(request, db), request.body)),
  );
  app.patch(
    '/api/lead-activities/:id',
    { config: update, schema: { params: idParams, body: updateLeadActivitySchema } },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: leadActivities,
        id,
        update: (ctx) => updateLeadActivity(ctx, id, request.body),
        read: (ctx) => getLeadActivity(ctx, id),
      });
    },
  );
  app.delete(
    '/api/lead-activities/:id',
    { config: remove, schema: { params: idParams } },
    async (request, reply) => {
      await deleteLeadActivity(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );
}
