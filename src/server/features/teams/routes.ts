import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTeamSchema, updateTeamSchema } from '../../../common/validation/teams';
import type { Database } from '../../db';
import { contextOf } from '../../lib/service-context';
import { updateWithVersion, withEtag } from '../../lib/record-version';
import { teams } from '../../db/schema/identity';
import { createTeam, deleteTeam, getTeam, listTeams, listTeamsQuerySchema, updateTeam } from './service';

const idParams = z.object({ id: z.string() });

export async function teamRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/teams',
    { config: { access: { permission: ['teams', 'read'] } }, schema: { querystring: listTeamsQuerySchema } },
    async (request) => listTeams(contextOf(request, db), request.query),
  );

  app.get(
    '/api/teams/:id',
    { config: { access: { permission: ['teams', 'read'] } }, schema: { params: idParams } },
    async (request, reply) => withEtag(reply, await getTeam(contextOf(request, db), request.params.id)),
  );

  app.post(
    '/api/teams',
    { config: { access: { permission: ['teams', 'create'] } }, schema: { body: createTeamSchema } },
    async (request, reply) => reply.status(201).send(await createTeam(contextOf(request, db), request.body)),
  );

  app.patch(
    '/api/teams/:id',
    {
      config: { access: { permission: ['teams', 'update'] } },
      schema: { params: idParams, body: updateTeamSchema },
    },
    async (request, reply) => {
      const { id } = request.params;
      return updateWithVersion(request, reply, contextOf(request, db), {
        table: teams,
        id,
        update: (ctx) => updateTeam(ctx, id, request.body),
        read: (ctx) => getTeam(ctx, id),
      });
    },
  );

  app.delete(
    '/api/teams/:id',
    { config: { access: { permission: ['teams', 'delete'] } }, schema: { params: idParams } },
    async (request, reply) => {
      await deleteTeam(contextOf(request, db), request.params.id);
      return reply.status(204).send();
    },
  );
}
