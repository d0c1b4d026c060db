import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { logoMaxBytes } from '../../../common/constants';
import {
  organizationLogoSchema,
  updateOrganizationSettingsSchema,
} from '../../../common/validation/organizations';
import type { Database } from '../../db';
import { contextOf } from '../../lib/service-context';
import {
  getLogoSummary,
  readOrganizationLogo,
  removeOrganizationLogo,
  setOrganizationLogo,
} from './organization-logo';
import { getOrganizationSettings, updateOrganizationSettings } from './organization-settings';

/**
 * Room for a logo just over the limit once base64-encoded (4/3), so an oversized image is told
 * "Logo must be 512 KB or smaller" rather than a generic "body too large".
 */
const logoBodyLimit = 4 * logoMaxBytes;

/** The signed-in organization's settings and logo (always the caller's own organization). */
export async function organizationRoutes(base: FastifyInstance, { db }: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/api/organization', { config: { access: 'authenticated' } }, async (request) =>
    getOrganizationSettings(contextOf(request, db)),
  );

  app.patch(
    '/api/organization',
    {
      config: { access: { permission: ['settings', 'update'] } },
      schema: { body: updateOrganizationSettingsSchema },
    },
    async (request) => updateOrganizationSettings(contextOf(request, db), request.body),
  );

  app.get('/api/organization/logo', { config: { access: 'public' } }, async (request) => ({
    success: true,
    data: await getLogoSummary(db, request.auth?.organization.id ?? null),
  }));

  app.put(
    '/api/organization/logo',
    {
      config: { access: { permission: ['settings', 'update'] } },
      bodyLimit: logoBodyLimit,
      schema: { body: organizationLogoSchema },
    },
    async (request) => setOrganizationLogo(contextOf(request, db), request.body.dataUrl),
  );

  app.delete(
    '/api/organization/logo',
    { config: { access: { permission: ['settings', 'update'] } } },
    async (request, reply) => {
      await removeOrganizationLogo(contextOf(request, db));
      return reply.status(204).send();
    },
  );

  app.get('/api/organization/logo/image', { config: { access: 'authenticated' } }, async (request, reply) => {
    const logo = await readOrganizationLogo(contextOf(request, db));
    return reply
      .header('Content-Type', logo.contentType)
      .header('Cache-Control', 'private, max-age=86400')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', 'inline')
      .send(logo.data);
  });
}
