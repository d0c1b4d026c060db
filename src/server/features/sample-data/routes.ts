import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db';
import { contextOf } from '../../lib/service-context';
import { clearSampleData } from './clear-sample-data';
import { getSampleDataStatus } from './get-sample-data-status';

/** /api/sample-data: counted with settings:view, cleared with settings:update. */
export async function sampleDataRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get('/api/sample-data', { config: { access: { permission: ['settings', 'view'] } } }, async (request) =>
    getSampleDataStatus(contextOf(request, db)),
  );

  app.delete(
    '/api/sample-data',
    { config: { access: { permission: ['settings', 'update'] } } },
    async (request) => clearSampleData(contextOf(request, db)),
  );
}
