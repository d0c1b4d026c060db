import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUserSchema,
  releaseNotificationPreferenceSchema,
  updateProfileSchema,
  updateUserSchema,
} from '../../../common/validation/users';
import type { Database } from '../../db';
import { contextOf } from '../../lib/service-context';
import { updateWithVersion, withEtag } from '../../lib/record-version';
import { users } from '../../db/schema/identity';
import { presentCurrentUser } from '../auth/current-user';
import { createUser } from './create-user';
import { deleteUser } from './delete-user';
import { getUser } from './get-user';
import { listUsers, listUsersQuerySchema } from './list-users';
import { updateProfile, updateReleasePreference } from './update-profile';
import { updateUser } from './update-user';

const idParams = z.object({ id: z.string() });

/** /api/users (the organization's users) and /api/user/* (the signed-in user's own settings). */
export async function userRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/users',
    { config: { access: { permission: ['users', 'read'] } }, schema: { querystring: listUsersQuerySchema } },
    async (request) => listUsers(contextOf(request, db), request.query),
  );

  app.get(
    '/api/users/:id',
    { config: { access: { permission: ['users', 'read'] } }, schema: { params: idParams } },
    async (request, reply) => withEtag(reply, await getUser(contextOf(request, db), request.params.id)),
  );

  app.post(
    '/api/users',
    { config: { access: { permission: ['users', 'create'] } }, schema: { body: createUserSchema } },
    async (request, reply) => reply.status(201).send(await createUser(contextOf(request, db), request.body)),
  );

  app.patch(
    '/api/users/:id',
    {
      config: { access: { permission: ['users', 'update'] } },
      schema: { params: idParams, body: updateUserSchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: users,
        id,
        update: (ctx) => updateUser(ctx, id, request.body),
        read: (ctx) => getUser(ctx, id),
      });
    },
  );

  app.delete(
    '/api/users/:id',
    { config: { access: { permission: ['users', 'delete'] } }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteUser(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/user/profile',
    { config: { access: 'authenticated' }, schema: { body: updateProfileSchema } },
    async (request) => {
      const user = await updateProfile(contextOf(request, db), request.body);
      return presentCurrentUser({ ...request.auth!, user });
    },
  );

  app.post(
    '/api/user/release-notification-preference',
    { config: { access: 'authenticated' }, schema: { body: releaseNotificationPreferenceSchema } },
    async (request) => {
      await updateReleasePreference(contextOf(request, db), request.body);
      return { success: true };
    },
  );
}
