import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db';

export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    const databaseReachable = await database.ping();
    return reply.status(databaseReachable ? 200 : 503).send({
      status: databaseReachable ? 'ok' : 'degraded',
      database: { reachable: databaseReachable, driver: database.driver },
    });
  });
}
