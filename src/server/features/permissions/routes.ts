import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updatePermissionSchema } from '../../../common/validation/permissions';
import type { Database } from '../../db';
import { listPermissions, updatePermission } from './permission-catalogue';

/** The permission catalogue: read by every signed-in user (the matrix), reworded by super admins. */
export async function permissionRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/permissions', { config: { access: 'authenticated' } }, async () => listPermissions(db));

  app.patch(
    '/api/super-admin/permissions/:id',
    {
      config: { access: 'superAdmin' },
      schema: { params: z.object({ id: z.string() }), body: updatePermissionSchema },
    },
    async (request) => updatePermission(db, request.params.id, request.body),
  );
}
